"""Requirements and hidden answers in the engines themselves (issue 34): "at least one of two phones"
(MM XML `required="homePhone|mobilePhone"` on both items) and a required item under a hide condition,
converted by formconv and run by the real survey-core (`hasErrors`, `tryComplete`) and by the HTML
preview (Submit), with the expectations read from the MM XML language, not from formconv's output:
- the app refuses to submit while both phones are blank, and accepts either one;
- an item is validated only while it is shown, so a required item hidden by its relationship is not
  required, and required again once shown;
- a hidden item's answer is left out of the submission unless `forceSubmit="YES"` (vetName).
A SurveyJS survey whose `clearInvisibleValues` is `onHidden` checks the third policy: survey-core
itself erases the hidden answer, and so must the preview made from that survey."""
import json
import tempfile
import unittest
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from browser import formconv, start_browser
from web_support import FIXTURES, JSONFormsTestCase, RJSFTestCase, SurveyCoreTestCase, convert, losses

PHONES = FIXTURES / "two-phones.xml"
PETS = FIXTURES / "required-when-shown.xml"
CLEARING = FIXTURES / "clear-on-hide.survey.json"

# (answers, accepted) for the two phones: the full name is always given.
PHONE_TABLE = [
    ({}, False),
    ({"homePhone": "555-0100"}, True),
    ({"mobilePhone": "555-0199"}, True),
    ({"homePhone": "555-0100", "mobilePhone": "555-0199"}, True),
]


class SurveyJSRequirementTest(SurveyCoreTestCase):
    """survey-core 3.0.4 (vendor/surveyjs) running the converted surveys."""

    def complete(self, survey, answers, then=None):
        """Sets `answers` (then `then`), tries to complete: the questions with errors, whether the survey
        completed, and its data afterwards."""
        return self.page.run("""
            const s = new Survey.Model(arguments[0]);
            for (const [k, v] of Object.entries(arguments[1])) s.setValue(k, v);
            for (const [k, v] of Object.entries(arguments[2] || {})) s.setValue(k, v);
            const invalid = s.hasErrors(true, false);
            const failing = s.getAllQuestions().filter(q => q.errors.length > 0).map(q => q.name);
            const completed = s.tryComplete();
            return {invalid, failing, completed, data: s.data};""", survey, answers, then)

    def test_at_least_one_of_two_phones(self):
        survey = convert(PHONES, "surveyjs")
        for answers, accepted in PHONE_TABLE:
            with self.subTest(answers=answers):
                got = self.complete(survey, dict(answers, fullName="Ada"))
                self.assertEqual(got["invalid"], not accepted)
                self.assertEqual(got["completed"], accepted)
                if not accepted:
                    self.assertEqual(sorted(got["failing"]), ["homePhone", "mobilePhone"], "the error is on the group's fields")

    def test_required_only_while_shown(self):
        survey = convert(PETS, "surveyjs")
        hidden = self.complete(survey, {})
        self.assertEqual((hidden["invalid"], hidden["completed"]), (False, True), "petName is hidden: not required")
        shown = self.complete(survey, {"hasPet": True})
        self.assertEqual((shown["invalid"], shown["completed"]), (True, False), "petName is shown: required")
        self.assertEqual(shown["failing"], ["petName"])
        answered = self.complete(survey, {"hasPet": True, "petName": "Rex"})
        self.assertTrue(answered["completed"])

    def test_hidden_answers_follow_the_mmxml_policy(self):
        # Answered while shown, then hidden again: petName is left out, vetName (forceSubmit) is sent.
        survey = convert(PETS, "surveyjs")
        got = self.complete(survey, {"hasPet": True, "petName": "Rex", "vetName": "Dr Who"}, {"hasPet": False})
        self.assertTrue(got["completed"])
        self.assertNotIn("petName", got["data"])
        self.assertEqual(got["data"].get("vetName"), "Dr Who")

    def test_clear_on_hide_survey_erases_the_answer_itself(self):
        # The source engine's own behaviour, which the preview test below expects of the preview.
        survey = json.loads(CLEARING.read_text())
        got = self.page.run("""
            const s = new Survey.Model(arguments[0]);
            s.setValue("hasPet", true); s.setValue("petName", "Rex"); s.setValue("hasPet", false);
            const cleared = s.getValue("petName");
            s.setValue("hasPet", true);
            return {cleared: cleared === undefined, back: s.getValue("petName") === undefined};""", survey)
        self.assertEqual(got, {"cleared": True, "back": True})


class PreviewRequirementTest(unittest.TestCase):
    """The `--to html` preview of the same forms: Submit, the Validation panel and the payload."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory(prefix="formconv-req-")
        cls.pages = {}
        for source in (PHONES, PETS, CLEARING):
            page = Path(cls.tmp.name) / (source.name + ".html")
            formconv(source, "--to", "html", "-o", page)
            cls.pages[source] = page
        cls.driver = start_browser()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.tmp.cleanup()

    def open(self, source):
        self.driver.get(self.pages[source].as_uri())
        self.assertTrue(self.js("return !!window.formconvPreview"), "the preview's script did not run")

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def input(self, field_id):
        return self.driver.find_element(By.CSS_SELECTOR, f'.fc-field[data-field="{field_id}"] input')

    def type(self, field_id, text):
        box = self.input(field_id)
        self.assertTrue(box.is_displayed(), f"'{field_id}' is not on screen")
        box.clear()
        box.send_keys(text)

    def tick(self, field_id, on):
        box = self.input(field_id)
        if box.is_selected() != on:
            box.click()

    def submit(self):
        """Clicks Submit: the problems (field, message) and whether the page says the app would send."""
        self.driver.find_element(By.ID, "fc-submit").click()
        accepted = self.driver.find_element(By.ID, "fc-status").get_attribute("class") == "fc-accepted"
        return self.js("return window.formconvPreview.validate()"), accepted

    def payload(self):
        shown = json.loads(self.driver.find_element(By.ID, "fc-payload").get_attribute("textContent"))
        self.assertEqual(shown, self.js("return window.formconvPreview.payload()"), "the panel shows the payload")
        return shown

    def test_at_least_one_of_two_phones(self):
        for answers, accepted in PHONE_TABLE:
            with self.subTest(answers=answers):
                self.open(PHONES)
                self.type("fullName", "Ada")
                for field_id, text in answers.items():
                    self.type(field_id, text)
                problems, sent = self.submit()
                self.assertEqual(sent, accepted)
                fields = sorted(p["field"] for p in problems)
                self.assertEqual(fields, [] if accepted else ["homePhone", "mobilePhone"], "the error is on the group's fields")
                if not accepted:
                    error = self.driver.find_element(By.CSS_SELECTOR, '.fc-field[data-field="homePhone"] .fc-error')
                    self.assertTrue(error.is_displayed())

    def test_required_only_while_shown(self):
        self.open(PETS)
        problems, sent = self.submit()
        self.assertEqual((problems, sent), ([], True), "petName is hidden: not required")
        self.tick("hasPet", True)
        problems, sent = self.submit()
        self.assertFalse(sent)
        self.assertEqual(problems, [{"field": "petName", "message": "Please enter your pet's name."}])
        self.type("petName", "Rex")
        self.assertEqual(self.submit(), ([], True))

    def test_payload_leaves_out_hidden_answers_unless_forced(self):
        self.open(PETS)
        self.tick("hasPet", True)
        self.type("petName", "Rex")
        self.type("vetName", "Dr Who")
        self.assertEqual(self.payload().get("petName"), "Rex")
        self.tick("hasPet", False)
        payload = self.payload()
        self.assertNotIn("petName", payload, "omitted while hidden")
        self.assertEqual(payload.get("vetName"), "Dr Who", "forceSubmit: sent while hidden")
        self.tick("hasPet", True)
        self.assertEqual(self.input("petName").get_attribute("value"), "Rex", "kept in the form while hidden")

    def test_clear_on_hide_erases_the_answer(self):
        self.open(CLEARING)
        self.tick("hasPet", True)
        self.type("petName", "Rex")
        self.tick("hasPet", False)
        self.assertNotIn("petName", self.payload())
        self.tick("hasPet", True)
        self.assertEqual(self.input("petName").get_attribute("value"), "", "erased when it hid")


class RJSFRequirementTest(RJSFTestCase):
    """rjsf 4 (vendor/rjsf) submitting the converted documents: its AJV validates the data schema's
    `anyOf` and `if`/`then`; `omitExtraData` drops the answers of fields it does not render."""

    def submit(self, doc, data, **props):
        """Renders `data`, clicks Submit: the submitted data (None when rjsf refused) and its error list."""
        return self.page.run("""
            const [doc, data, props] = arguments;
            const app = document.getElementById('app');
            ReactDOM.unmountComponentAtNode(app);
            let sent = null;
            ReactDOM.render(React.createElement(dash_rjsf.DashRjsf, Object.assign(
                {schema: doc.schema, uiSchema: doc.uiSchema, value: data, setProps: p => { sent = p.value; }}, props)), app);
            app.querySelector('button[type=submit]').click();
            return {sent, errors: [...app.querySelectorAll('.alert-danger + * li, .list-group-item span')].map(e => e.textContent)};""",
            doc, data, props)

    def test_at_least_one_of_two_phones(self):
        doc = convert(PHONES, "rjsf")
        for answers, accepted in PHONE_TABLE:
            with self.subTest(answers=answers):
                got = self.submit(doc, dict(answers, fullName="Ada"))
                self.assertEqual(got["sent"] is not None, accepted, got["errors"])

    def test_required_only_while_shown(self):
        doc = convert(PETS, "rjsf")
        self.assertIsNotNone(self.submit(doc, {"hasPet": 0})["sent"], "petName is hidden: not required")
        self.assertIsNone(self.submit(doc, {"hasPet": 1})["sent"], "petName is shown: required")
        self.assertIsNotNone(self.submit(doc, {"hasPet": 1, "petName": "Rex"})["sent"])

    def test_omit_extra_data_drops_hidden_answers(self):
        # docs/web-targets.md: omitExtraData leaves out what rjsf does not render, forced answers included.
        doc = convert(PETS, "rjsf")
        data = {"hasPet": 0, "petName": "Rex", "vetName": "Dr Who"}
        self.assertEqual(self.submit(doc, data)["sent"], data, "kept by default")
        self.assertEqual(self.submit(doc, data, omitExtraData=True)["sent"], {"hasPet": 0})


class JSONFormsRequirementTest(JSONFormsTestCase):
    """JSON Forms 3 (vendor/jsonforms, served from 127.0.0.1) validating the converted documents: the
    errors it shows under each control."""

    def errors(self, doc, data, shown):
        """Renders `data` on a fresh page; the error text under each control, once `shown` is on screen."""
        self.driver.get(self.url)
        WebDriverWait(self.driver, 30).until(lambda d: d.execute_script("return !!document.querySelector('#app')"))
        self.driver.execute_script("""
            window.postMessage({type: 'streamlit:render', args: {props: {
                form_schema: JSON.stringify({schema: arguments[0].schema, uischema: arguments[0].uischema}),
                data: arguments[1], submit_button: false}}}, '*');""", doc, data)
        find = "return document.getElementById('#/properties/' + arguments[0] + '-input')"
        WebDriverWait(self.driver, 30).until(lambda d: d.execute_script(find, shown))
        return self.driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            requestAnimationFrame(() => requestAnimationFrame(() => {
                const out = {};
                document.querySelectorAll('input[id^="#/properties/"]').forEach(i => {
                    const box = i.closest('.v-input');
                    out[i.id.slice(13, -6)] = box ? [...box.querySelectorAll('.v-messages__message')].map(m => m.textContent).join(' ') : '';
                });
                done(out);
            }));""")

    def test_at_least_one_of_two_phones(self):
        doc = convert(PHONES, "jsonforms")
        for answers, accepted in PHONE_TABLE:
            with self.subTest(answers=answers):
                got = self.errors(doc, dict(answers, fullName="Ada"), "fullName")
                failing = sorted(k for k, text in got.items() if text)
                self.assertEqual(failing, [] if accepted else ["homePhone", "mobilePhone"], got)

    def test_required_only_while_shown(self):
        doc = convert(PETS, "jsonforms")
        self.assertFalse(any(self.errors(doc, {"hasPet": 0}, "hasPet").values()), "petName is hidden: not required")
        shown = self.errors(doc, {"hasPet": 1}, "petName")
        self.assertTrue(shown["petName"], "petName is shown: required")
        self.assertIn("loss.validation.required", losses(PETS, "jsonforms"))


if __name__ == "__main__":
    unittest.main()
