"""A donation form shaped like the production ones (fixtures/same-address.xml, issue 36) driven as a person
would, in the HTML preview and in SurveyJS's own engine.

What is expected comes from the MM XML language, not from formconv's output: a relationship applies its
effects when the answers its condition reads change (so `<else><text></text></else>` clears the card-holder
address when the box is unticked, not at every keystroke); `<copy>src::part,part</copy>` merges the named
components of an addressField; `<defaultDate>today</defaultDate>` pre-fills the date the form is opened; a
checkbox with submitsValue="NO" submits nothing; the payload is checked with python `jsonschema` against
the form's `--to json-schema` document.
"""
import datetime
import json
import tempfile
import unittest
from pathlib import Path

import jsonschema
from selenium.webdriver.common.by import By

from browser import formconv, start_browser
from web_support import FIXTURES, SurveyCoreTestCase, convert

FORM = FIXTURES / "same-address.xml"
HOME = {"address1": "1 Main St", "city": "Toronto", "postalCode": "M5V 2T6", "stateProv": "ON", "country": "Canada"}


class SameAddressPreviewTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory(prefix="formconv-same-address-")
        cls.page = Path(cls.tmp.name) / "same-address.html"
        cls.conversion = formconv(FORM, "--to", "html", "-o", cls.page)
        cls.schema = json.loads(formconv(FORM, "--to", "json-schema").stdout)
        cls.driver = start_browser()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.tmp.cleanup()

    def setUp(self):
        self.driver.get(self.page.as_uri())
        self.assertTrue(self.js("return !!window.formconvPreview"))

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def field(self, field_id):
        return self.driver.find_element(By.CSS_SELECTOR, f'.fc-field[data-field="{field_id}"]')

    def type(self, field_id, text, part=None):
        """Types `text` key by key (each key an input event, as a person's typing is)."""
        sel = f'input[data-part="{part}"]' if part else "input, textarea"
        box = self.field(field_id).find_element(By.CSS_SELECTOR, sel)
        box.clear()
        box.send_keys(text)

    def text(self, field_id):
        return self.field(field_id).find_element(By.CSS_SELECTOR, "input, textarea").get_attribute("value")

    def tick(self, field_id, on=True):
        box = self.field(field_id).find_element(By.CSS_SELECTOR, "input[type=checkbox]")
        if box.is_selected() != on:
            box.click()

    def fill_required(self):
        self.type("fullName", "Ada Lovelace")
        for part, text in HOME.items():
            self.type("address1", text, part)

    def test_typing_in_the_card_holder_address_keeps_the_text_while_the_box_is_unticked(self):
        self.type("_creditAddress", "9 Card Holder Rd")
        self.assertEqual(self.text("_creditAddress"), "9 Card Holder Rd")
        self.fill_required()  # changes to answers the relationship does not read
        self.type("reference", "ABCD")
        self.assertEqual(self.text("_creditAddress"), "9 Card Holder Rd")

    def test_ticking_copies_the_home_address_and_unticking_clears_it(self):
        self.fill_required()
        self.tick("copyAddress")
        copied = self.text("_creditAddress")
        for part in ("address1", "city", "postalCode"):
            self.assertIn(HOME[part], copied)
        self.assertLess(copied.index(HOME["address1"]), copied.index(HOME["city"]))
        self.assertNotIn(HOME["stateProv"], copied)
        # `_creditTown` copies `add1`, `zip`: parts an addressField does not have, so nothing.
        self.assertEqual(self.text("_creditTown"), "")
        # Editing the copied text while the box stays ticked keeps the edit (the condition's answer is unchanged).
        self.type("_creditAddress", "Apt 4, 1 Main St")
        self.type("fullName", "Ada King")
        self.assertEqual(self.text("_creditAddress"), "Apt 4, 1 Main St")
        # A copy reads the answers it copies: changing the home address copies again.
        self.type("address1", "Ottawa", "city")
        self.assertIn("Ottawa", self.text("_creditAddress"))
        self.tick("copyAddress", False)
        self.assertEqual(self.text("_creditAddress"), "")

    def test_a_person_completes_the_form_and_the_payload_fits_the_json_schema(self):
        self.fill_required()
        self.type("_creditAddress", "9 Card Holder Rd")
        self.tick("newsletter")
        errors = self.js("return window.formconvPreview.submit()")
        self.assertEqual(errors, [])
        payload = self.js("return window.formconvPreview.payload()")
        jsonschema.validate(payload, self.schema)
        self.assertEqual(payload["_creditAddress"], "9 Card Holder Rd")
        self.assertNotIn("newsletter", payload, "submitsValue=NO submits nothing")
        self.assertNotIn("reference", payload, "a blank optional answer is left out")
        self.assertEqual(payload["copyAddress"], 0)
        self.assertNotIn("newsletter", json.dumps(self.schema["properties"]))
        today = datetime.date.today()
        self.assertEqual((payload["giftDateDay"], payload["giftDateMonth"], payload["giftDateYear"]),
                         (f"{today.day:02d}", f"{today.month:02d}", str(today.year)))

    def test_a_short_optional_reference_is_an_error_and_a_blank_one_is_not(self):
        self.fill_required()
        self.type("_creditAddress", "9 Card Holder Rd")
        self.type("reference", "AB")
        self.assertEqual([e["field"] for e in self.js("return window.formconvPreview.submit()")], ["reference"])
        self.field("reference").find_element(By.CSS_SELECTOR, "input").clear()
        self.js("document.getElementById('fc-form').dispatchEvent(new Event('input'))")
        self.assertEqual(self.js("return window.formconvPreview.submit()"), [])

    def test_messages_name_an_unlabelled_field_by_its_placeholder_and_the_losses_panel_says_so(self):
        errors = self.js("return window.formconvPreview.submit()")
        message = [e["message"] for e in errors if e["field"] == "_creditAddress"][0]
        self.assertIn("Card-holder address", message)
        self.assertNotIn("_creditAddress", message)
        panel = self.driver.find_element(By.ID, "fc-losses").text
        self.assertIn("'_creditAddress' has no label", panel)
        self.assertIn("'_creditTown' has no label", panel)

    def test_the_copy_of_missing_parts_is_reported_with_its_position(self):
        self.assertIn("same-address.xml:46:5", self.conversion.stderr)
        self.assertIn("[relationship.copy-missing-part]", self.conversion.stderr)


class SameAddressSurveyJSTest(SurveyCoreTestCase):
    """The same form in survey-core: setValueIf/setValueExpression run when the answers they read change."""

    def state(self, steps):
        """Runs `steps` ([name, value] pairs set as a person answers) and returns the survey's data."""
        return self.page.run("""
            const s = new Survey.Model(arguments[0]);
            for (const [k, v] of arguments[1]) s.setValue(k, v);
            return {data: s.data, titles: Object.fromEntries(s.getAllQuestions().map(q => [q.name, q.processedTitle])),
                    hasErrors: s.hasErrors(false, false)};""", self.survey, steps)

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.survey = convert(FORM, "surveyjs")

    def test_typing_in_the_card_holder_address_keeps_the_text(self):
        got = self.state([["_creditAddress", "9 Card Holder Rd"], ["fullName", "Ada"], ["copyAddress", False],
                          ["reference", "ABCD"]])
        self.assertEqual(got["data"]["_creditAddress"], "9 Card Holder Rd")

    def test_ticking_copies_the_named_parts_and_edits_after_it_stay(self):
        got = self.state([["address1", HOME], ["copyAddress", True]])
        copied = got["data"]["_creditAddress"]
        for part in ("address1", "city", "postalCode"):
            self.assertIn(HOME[part], copied)
        self.assertNotIn(HOME["stateProv"], copied)
        self.assertIn(got["data"].get("_creditTown", ""), ("", None))
        got = self.state([["address1", HOME], ["copyAddress", True], ["_creditAddress", "Apt 4"], ["fullName", "Ada"]])
        self.assertEqual(got["data"]["_creditAddress"], "Apt 4")
        moved = dict(HOME, city="Ottawa")
        got = self.state([["address1", HOME], ["copyAddress", True], ["address1", moved]])
        self.assertIn("Ottawa", got["data"]["_creditAddress"])

    def test_the_date_defaults_to_the_day_the_survey_opens(self):
        got = self.state([])
        self.assertEqual(got["data"]["giftDate"][:10], datetime.date.today().isoformat())

    def test_unlabelled_questions_are_titled_by_placeholder_then_group(self):
        titles = self.state([])["titles"]
        self.assertEqual(titles["_creditAddress"], "Card-holder address")
        self.assertEqual(titles["_creditTown"], "Card holder")

    def test_a_person_completes_the_survey(self):
        got = self.state([["fullName", "Ada"], ["address1", HOME], ["_creditAddress", "9 Card Holder Rd"]])
        self.assertFalse(got["hasErrors"])


if __name__ == "__main__":
    unittest.main()
