"""A key two items submit and a checkbox written "true"/"false", in rjsf and JSON Forms as a person uses them.

shared-title.xml is shaped like production sign-up forms: a title list for men and one for women, both
submitting `title`, each shown by the gender answer; a 1/0 "gift aid" box whose ticked state (condition
`giftAid == "true"`) shows a declaration group and whose unticked state (`== "false"`) shows a reminder.
What the source engine shows is read from the MM XML language (SOURCE below), not from formconv's output:
an item shown by `if`/`else` on a dropDown or segmented answer shows exactly while the condition holds, a
checkbox holds a truth value that `"true"`/`"false"` name, and an untouched checkbox is unticked.
No picker between schemas may appear (rjsf's "Option 1" select, JSON Forms' tabs); SchemaPickerTests
checks the documents themselves.
"""
import unittest

import jsonschema
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.support.ui import WebDriverWait

from browser import start_browser
from web_support import FIXTURES, LibraryPage, convert, serve_jsonforms

FORM = FIXTURES / "shared-title.xml"
MEN = ["Mr", "Dr", "Sir"]
WOMEN = ["Mrs", "Ms", "Miss", "Dr", "Dame"]

# (answers as a web library holds them, which questions the source engine shows, title options shown)
SOURCE = [
    ({}, {"title": False, "giftAidReminder": True, "taxpayer": False}, None),
    ({"gender": "M"}, {"title": True, "giftAidReminder": True, "taxpayer": False}, MEN),
    ({"gender": "F"}, {"title": True, "giftAidReminder": True, "taxpayer": False}, WOMEN),
    ({"giftAid": 1}, {"title": False, "giftAidReminder": False, "taxpayer": True}, None),
    ({"giftAid": 0}, {"title": False, "giftAidReminder": True, "taxpayer": False}, None),
    ({"gender": "F", "giftAid": 1}, {"title": True, "giftAidReminder": False, "taxpayer": True}, WOMEN),
]


class SharedKeySchemaTest(unittest.TestCase):
    def test_payloads_of_either_title_list_validate(self):
        schema = convert(FORM, "json-schema")
        jsonschema.Draft202012Validator.check_schema(schema)
        validator = jsonschema.Draft202012Validator(schema)
        # What the app sends: a shown item's answer; a hidden required item is not validated.
        for payload in ({"gender": "M", "title": "Sir", "firstName": "Al", "giftAid": 0},
                        {"gender": "F", "title": "Dame", "firstName": "Di", "giftAid": 0},
                        {"gender": "F", "title": "Dr", "firstName": "Di", "giftAid": 1, "taxpayer": "X1"}):
            with self.subTest(payload=payload):
                self.assertEqual([e.message for e in validator.iter_errors(payload)], [])
        for payload in ({"gender": "F", "firstName": "Di", "giftAid": 0},  # the shown title left out
                        {"gender": "M", "title": "Sir", "firstName": "Al", "giftAid": 1},  # no taxpayer reference
                        {"gender": "M", "title": "Lord", "firstName": "Al", "giftAid": 0}):  # no item offers it
            with self.subTest(payload=payload):
                self.assertFalse(validator.is_valid(payload))


class SharedKeyRJSFTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.page = LibraryPage("rjsf/react@16.14.0.min.js", "rjsf/react-dom@16.14.0.min.js",
                               "rjsf/prop-types@15.8.1.min.js", "rjsf/dash_rjsf.min.js", body="<div id=app></div>")
        cls.doc = convert(FORM, "rjsf")

    @classmethod
    def tearDownClass(cls):
        cls.page.close()

    def render(self, data):
        return self.page.run("""
            const data = arguments[1];
            const app = document.getElementById('app');
            window.submitted = null;
            ReactDOM.unmountComponentAtNode(app);
            ReactDOM.render(React.createElement(dash_rjsf.DashRjsf, {schema: arguments[0].schema,
                uiSchema: arguments[0].uiSchema, value: data, setProps: p => { window.submitted = p.value; }}), app);
            const shown = k => !!document.getElementById('root_' + k);
            return {
                visible: {title: shown('title'), giftAidReminder: shown('giftAidReminder'), taxpayer: shown('taxpayer')},
                titles: [...app.querySelectorAll('#root_title option')].map(o => o.value).filter(v => v !== ''),
                text: app.innerText,
            };""", self.doc, data)

    def test_shows_what_the_source_shows(self):
        for answers, visible, titles in SOURCE:
            with self.subTest(answers=answers):
                got = self.render(answers)
                self.assertEqual(got["visible"], visible)
                if titles is not None:
                    self.assertEqual(got["titles"], titles)
                self.assertNotIn("Option 1", got["text"], "an anyOf/oneOf picker")

    def test_submitted_data_holds_the_chosen_title(self):
        for gender, title in (("M", "Sir"), ("F", "Dame")):
            with self.subTest(gender=gender):
                self.render({"gender": gender, "firstName": "Sam"})
                submitted = self.page.run("""
                    const select = document.getElementById('root_title');
                    const setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value').set;
                    setter.call(select, arguments[0]);
                    select.dispatchEvent(new Event('change', {bubbles: true}));
                    document.querySelector('#app form button[type=submit]').click();
                    return window.submitted;""", title)
                self.assertEqual(submitted, {"gender": gender, "firstName": "Sam", "title": title})


class SharedKeyJSONFormsTest(unittest.TestCase):
    """Serves the vendored JSON Forms page and plays its Streamlit host (see web_jsonforms_test.py)."""

    @classmethod
    def setUpClass(cls):
        cls.server, cls.url = serve_jsonforms()
        cls.driver = start_browser()
        cls.doc = convert(FORM, "jsonforms")

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.shutdown()

    def render(self, data, submit=False):
        """A fresh page showing the form with `data` (and a Submit button if asked); waits until firstName
        shows its marker."""
        self.driver.get(self.url)
        WebDriverWait(self.driver, 30).until(lambda d: d.execute_script("return !!document.querySelector('#app')"))
        self.driver.execute_script("""
            window.submitted = [];
            window.addEventListener('message', e => {
                if (e.data && e.data.type === 'streamlit:setComponentValue') window.submitted.push(e.data.value);
            });
            window.postMessage({type: 'streamlit:render', args: {props: {
                form_schema: JSON.stringify({schema: arguments[0].schema, uischema: arguments[0].uischema}),
                data: arguments[1], submit_button: arguments[2]}}}, '*');""", self.doc, dict(data, firstName="marker"), submit)
        WebDriverWait(self.driver, 30).until(lambda d: d.execute_script(
            "return [...document.querySelectorAll('input')].some(i => i.value === 'marker')"))
        return self.driver.execute_script("""
            const labels = [...document.querySelectorAll('.v-input label, .v-field label')]
                .filter(l => l.offsetParent !== null).map(l => l.textContent.trim());
            return {
                visible: {title: labels.includes('Title'), giftAidReminder: labels.includes('Why not?'),
                          taxpayer: labels.includes('Taxpayer reference')},
                tabs: document.querySelectorAll('[role=tab]').length,
                text: document.body.innerText,
            };""")

    def title_options(self):
        """Opens the shown Title select and returns its options' texts."""
        field = self.driver.execute_script("""
            return [...document.querySelectorAll('.v-input')].find(i => i.offsetParent !== null
                && [...i.querySelectorAll('label')].some(l => l.textContent.trim() === 'Title'))
                .querySelector('.v-field');""")
        field.click()
        WebDriverWait(self.driver, 10).until(lambda d: d.execute_script(
            "return document.querySelectorAll('.v-overlay--active .v-list-item').length > 0"))
        return self.driver.execute_script(
            "return [...document.querySelectorAll('.v-overlay--active .v-list-item')].map(i => i.textContent.trim())")

    def test_shows_what_the_source_shows(self):
        for answers, visible, titles in SOURCE:
            with self.subTest(answers=answers):
                got = self.render(answers)
                self.assertEqual(got["visible"], visible)
                self.assertEqual(got["tabs"], 0, "an anyOf tab strip")
                self.assertNotIn("anyOf", got["text"])
                if titles is not None:
                    self.assertEqual([t for t in self.title_options() if t], titles)

    def test_data_holds_the_chosen_title(self):
        for gender, title in (("M", "Sir"), ("F", "Dame")):
            with self.subTest(gender=gender):
                self.render({"gender": gender}, submit=True)
                self.title_options()
                self.driver.execute_script("""
                    [...document.querySelectorAll('.v-overlay--active .v-list-item')]
                        .find(i => i.textContent.trim() === arguments[0]).click();""", title)
                # The page takes new data (after a debounce) only when it validates; Submit sends what it
                # holds, so it is pressed until the data has a title or 10 s have passed.
                submit = """
                    [...document.querySelectorAll('button')].find(b => b.textContent.trim() === 'Submit').click();
                    return window.submitted.some(v => 'title' in v);"""
                try:
                    WebDriverWait(self.driver, 10, poll_frequency=0.5).until(lambda d: d.execute_script(submit))
                except TimeoutException:
                    pass
                self.assertEqual(self.driver.execute_script("return window.submitted[window.submitted.length - 1]"),
                                 {"gender": gender, "firstName": "marker", "title": title})


if __name__ == "__main__":
    unittest.main()
