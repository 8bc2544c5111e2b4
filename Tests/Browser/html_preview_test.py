"""`--to html` in a real browser: every example's preview loads offline, behaves like its form and
submits the payload its `--to json-schema` output describes.

The expectations come from the forms' documented rules (docs/html-preview.md, the MM XML language's
relationships and validation, the row schema's predicates), not from the preview's own output. The
payload is checked with python `jsonschema` against the same form's `--to json-schema` document.
Screenshots are written to a temporary directory and checked for pixel variety with a PNG decoder
of our own (no imaging library needed).
"""
import json
import os
import struct
import tempfile
import unittest
import zlib
from pathlib import Path

import jsonschema
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from browser import REPO, formconv, start_browser

EXAMPLES = REPO / "examples"

# Values a person would enter to complete each example (field id → value). Dates are ISO days;
# addresses and date parts are dicts; multiple choices are lists; checkboxes are booleans.
FILLS = {
    "merchant-application.xml": {
        "legalName": "Maple Leaf Bakery", "businessType": "SP", "country": "CA", "taxId": "123456789",
        "incorporationDate": {"day": "15", "month": "06", "year": "2010"},
        "businessAddress": {"address1": "1 Main St", "city": "Toronto", "postalCode": "M5V 2T6",
                            "stateProv": "ON", "country": "Canada"},
        "paymentMethods": ["visa", "mc"], "cardSwipe": "60", "keyed": "40", "monthlyVolume": "25000",
        "owner1FirstName": "Ada", "owner1LastName": "Lovelace",
        "owner1BirthDate": {"day": "01", "month": "02", "year": "1980"}, "owner1Percent": "100",
        "applicantSignature": "sign",
    },
    "signup.xml": {
        "firstName": "Ada", "lastName": "Lovelace", "birthDate": "1990-05-17", "email": "ada@example.com",
        "repeatEmail": "ada@example.com", "password": "secret123", "acceptTerms": True,
    },
    "survey.xml": {
        "satisfaction": "5", "visitReason": "buy", "birthYear": "1985", "visits": "2-5", "favouriteStore": "mall",
        "comments": "Friendly staff",
    },
    "event.xlform.json": {"title": "Launch", "location": "HQ", "url": "https://example.com", "notes": "Bring slides"},
    "event.xlform.plist": {"title": "Launch", "location": "HQ", "url": "https://example.com"},
    "expense-report.rows.json": {
        "employee": "Ada Lovelace", "email": "ada@example.com", "department": "eng", "tripStart": "2026-03-01",
        "tripEnd": "2026-03-05", "receipt_1": "42.5", "nights": "3", "policyAccepted": True,
    },
    "expense-report.rows.yaml": {
        "employee": "Ada Lovelace", "email": "ada@example.com", "department": "ops", "policyAccepted": True,
    },
    "payment.shinobi.xml": {
        "cardHolder": "Ada Lovelace", "email": "ada@example.com", "confirmEmail": "ada@example.com",
        "cardNumber": "4111111111111111", "securityCode": "123", "acceptTerms": True,
    },
    "settings.rmsform.plist": {"displayName": "Ada", "notificationsOn": True, "reminderMinutes": "15"},
}


def png_colors(data, limit=64):
    """How many distinct colours (up to `limit`) an 8-bit RGB/RGBA PNG holds: decoded here (zlib and
    the five PNG row filters), so the check does not trust the browser that drew the page."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width, height, channels = 8, b"", 0, 0, 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6), f"unexpected PNG format {depth}/{colour}"
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride, prev, colours, i = width * channels, bytearray(width * channels), set(), 0
    for _ in range(height):
        kind, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = prev[x]
            c = prev[x - channels] if x >= channels else 0
            if kind == 1: line[x] = (line[x] + a) & 255
            elif kind == 2: line[x] = (line[x] + b) & 255
            elif kind == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        for x in range(0, stride, channels * 7):
            colours.add(bytes(line[x:x + 3]))
        if len(colours) >= limit:
            return len(colours)
        prev = line
    return len(colours)


# MM XML relationship effects the examples do not use: text, check/uncheck, a property, a date
# offset (`<evaluate>+86400</evaluate>`: one day from now) and a group's show/hide.
EFFECTS = """<?xml version="1.0" encoding="UTF-8"?>
<form name="effects" formPrefix="FX">
  <page name="p1">
    <group name="g1" title="Effects">
      <item name="toggle" type="checkbox" submitsValue="YES"><label>Toggle</label></item>
      <item name="note" type="label"><text>Before</text></item>
      <item name="consent" type="checkbox" submitsValue="YES"><label>Consent</label></item>
      <item name="nickname" type="textField"><label>Nickname</label><placeholder>nick</placeholder></item>
      <item name="greeting" type="textField"><label>Greeting</label></item>
      <item name="linked" type="textField"><label>Linked</label><action>linksTo::nickname</action></item>
      <item name="due" type="dateField"><label>Due</label><unix>YES</unix></item>
    </group>
    <group name="g2" title="Extra">
      <item name="extra" type="textField"><label>Extra</label></item>
    </group>
  </page>
  <relationships>
    <relationship object="item::note"><condition>toggle == "1"</condition><if><text>After</text></if><else><text>Before</text></else></relationship>
    <relationship object="item::consent"><condition>toggle == "1"</condition><if><check>YES</check></if><else><uncheck>YES</uncheck></else></relationship>
    <relationship object="item::nickname"><condition>toggle == "1"</condition><if><placeholder>changed</placeholder></if></relationship>
    <relationship object="item::greeting"><condition>toggle == "1"</condition><if><text>Hello</text></if></relationship>
    <relationship object="item::due"><condition>toggle == "1"</condition><if><evaluate>+86400</evaluate></if></relationship>
    <relationship object="group::g2"><condition>toggle == "1"</condition><if><hide>YES</hide></if><else><show>YES</show></else></relationship>
  </relationships>
</form>
"""


class HTMLPreviewTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory(prefix="formconv-html-")
        cls.out = Path(cls.tmp.name)
        cls.pages, cls.schemas = {}, {}
        for example in sorted(FILLS):
            page = cls.out / (example + ".html")
            formconv(EXAMPLES / example, "--to", "html", "-o", page)
            cls.pages[example] = page
            schema = formconv(EXAMPLES / example, "--to", "json-schema").stdout
            cls.schemas[example] = json.loads(schema)
        (cls.out / "effects.xml").write_text(EFFECTS, encoding="utf-8")
        cls.pages["effects.xml"] = cls.out / "effects.xml.html"
        formconv(cls.out / "effects.xml", "--to", "html", "-o", cls.pages["effects.xml"])
        cls.photo = cls.out / "storefront.png"
        cls.photo.write_bytes(b"\x89PNG\r\n\x1a\n")
        cls.driver = start_browser()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.tmp.cleanup()

    # ---- helpers ----
    def open(self, example):
        self.driver.get(self.pages[example].as_uri())
        self.assertTrue(self.js("return !!window.formconvPreview"), f"{example}: the preview's script did not run")

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def field(self, field_id):
        return self.driver.find_element(By.CSS_SELECTOR, f'.fc-field[data-field="{field_id}"]')

    def shown(self, field_id):
        """Whether the field is on screen after switching to its page (hidden fields are not displayed at all)."""
        self.js("window.formconvPreview.reveal(arguments[0])", field_id)
        return self.field(field_id).is_displayed()

    def enabled(self, field_id):
        self.js("window.formconvPreview.reveal(arguments[0])", field_id)
        return self.field(field_id).find_element(By.CSS_SELECTOR, "input, select, textarea").is_enabled()

    def set(self, field_id, value):
        """Enters `value` the way a person would: typing, choosing, ticking, signing."""
        self.assertTrue(self.shown(field_id), f"'{field_id}' is not on screen")
        el = self.field(field_id)
        control = self.js("return window.formconvPreview.fields().filter(f => f.id === arguments[0])[0].control", field_id)
        if control in ("date-parts", "address"):
            for part, text in value.items():
                box = el.find_element(By.CSS_SELECTOR, f'input[data-part="{part}"]')
                box.clear()
                box.send_keys(text)
        elif control == "select":
            Select(el.find_element(By.TAG_NAME, "select")).select_by_value(value)
        elif control in ("radios", "checkboxes"):
            for v in value if isinstance(value, list) else [value]:
                el.find_element(By.CSS_SELECTOR, f'input[value="{v}"]').click()
        elif control == "checkbox":
            box = el.find_element(By.CSS_SELECTOR, "input[type=checkbox]")
            if box.is_selected() != value:
                box.click()
        elif control == "signature":
            canvas = el.find_element(By.TAG_NAME, "canvas")
            ActionChains(self.driver).move_to_element_with_offset(canvas, -40, -10).click_and_hold() \
                .move_by_offset(30, 15).move_by_offset(40, -10).release().perform()
        elif control == "photo":
            el.find_element(By.CSS_SELECTOR, "input[type=file]").send_keys(str(value))
        elif control in ("input-date", "input-time", "input-datetime-local", "input-range"):
            box = el.find_element(By.CSS_SELECTOR, "input")
            self.js("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input', {bubbles: true}))",
                    box, value)
        else:
            box = el.find_element(By.CSS_SELECTOR, "input, textarea")
            box.clear()
            box.send_keys(value)

    def value(self, field_id):
        return self.field(field_id).find_element(By.CSS_SELECTOR, "input, select, textarea").get_attribute("value")

    def payload(self):
        return self.js("return window.formconvPreview.payload()")

    def submit(self):
        self.driver.find_element(By.ID, "fc-submit").click()
        return self.js("return window.formconvPreview.validate()")

    def error_text(self, field_id):
        self.js("window.formconvPreview.reveal(arguments[0])", field_id)
        return self.field(field_id).find_element(By.CSS_SELECTOR, ".fc-error").text

    def fill(self, example):
        for field_id, value in FILLS[example].items():
            self.set(field_id, value)

    # ---- every example ----
    def test_every_preview_loads_offline_without_errors(self):
        for example in FILLS:
            with self.subTest(example=example):
                self.open(example)
                severe = [e for e in self.driver.get_log("browser") if e["level"] == "SEVERE"]
                self.assertEqual(severe, [], "the page logged errors")
                self.assertEqual(self.js("return performance.getEntriesByType('resource').length"), 0,
                                 "the page fetched something")
                self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "script[src], link[href], iframe"), [])

    def test_inputs_are_named_by_the_payload_keys(self):
        for example in FILLS:
            with self.subTest(example=example):
                self.open(example)
                names = set(self.js("return Array.from(document.querySelectorAll('#fc-form [name]'), e => e.name)"))
                keys = set(self.schemas[example]["properties"])
                self.assertEqual(names - keys, set(), "inputs named by no key of the payload schema")
                self.assertEqual(keys - names, set(), "payload keys no input carries")

    def test_completed_forms_submit_a_payload_their_json_schema_accepts(self):
        for example in FILLS:
            with self.subTest(example=example):
                self.open(example)
                self.fill(example)
                self.assertEqual(self.submit(), [], "a completed form still has validation problems")
                self.assertEqual(self.driver.find_element(By.ID, "fc-status").get_attribute("class"), "fc-accepted")
                payload = self.payload()
                shown = json.loads(self.driver.find_element(By.ID, "fc-payload").get_attribute("textContent"))
                self.assertEqual(shown, payload, "the submission panel shows the payload")
                validator = jsonschema.Draft202012Validator(
                    self.schemas[example], format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)
                problems = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(payload)]
                self.assertEqual(problems, [], json.dumps(payload, indent=1))

    def test_screenshot_of_every_preview_is_not_blank(self):
        for example in FILLS:
            with self.subTest(example=example):
                self.open(example)
                shot = self.out / (example + ".png")
                self.assertTrue(self.driver.save_screenshot(str(shot)))
                self.assertGreaterEqual(png_colors(shot.read_bytes()), 8, "the screenshot is (nearly) one colour")

    def test_readme_screenshot(self):
        """The README's picture: the merchant form after Submit with a few values entered. Rewritten in
        docs/ only when FORMCONV_RECORD=1 asks (window 1200x1000)."""
        self.driver.set_window_size(1200, 1000)
        try:
            self.open("merchant-application.xml")
            self.set("legalName", "Maple Leaf Bakery")
            self.set("country", "UK")
            self.set("mailingSame", False)
            self.submit()
            self.js("window.scrollTo(0, 0)")
            shot = self.out / "readme.png"
            self.driver.save_screenshot(str(shot))
            self.assertGreaterEqual(png_colors(shot.read_bytes()), 8)
            if os.environ.get("FORMCONV_RECORD") == "1":
                (REPO / "docs" / "html-preview.png").write_bytes(shot.read_bytes())
        finally:
            self.driver.set_window_size(1280, 1600)

    def test_losses_are_listed_with_their_positions(self):
        self.open("merchant-application.xml")
        items = self.driver.find_elements(By.CSS_SELECTOR, "#fc-losses li")
        stderr = formconv(EXAMPLES / "merchant-application.xml", "--to", "html", "-o", self.out / "m.html").stderr
        warned = [line for line in stderr.splitlines() if "[loss." in line]
        self.assertEqual(len(items), len(warned), "one panel entry per loss diagnostic")
        self.assertTrue(any("merchant_logo_zip.png" in i.text and "merchant-application.xml:213:7" in i.text for i in items))

    # ---- relationships (MM XML: show/hide, copy, evaluate, skip/force, options, editable) ----
    def test_merchant_checkbox_shows_the_mailing_address_and_copies_it(self):
        self.open("merchant-application.xml")
        self.assertFalse(self.shown("mailingAddress"), "hidden while the mailing address is the business address")
        self.set("mailingSame", False)
        self.assertTrue(self.shown("mailingAddress"))
        self.set("mailingAddress", {"address1": "2 Side St", "city": "Ottawa", "postalCode": "K1A 0B1"})
        summary = self.payload()["mailingSummary"]
        self.assertIn("2 Side St", summary)
        self.assertIn("Ottawa", summary)
        self.assertIn("mailingAddress1", self.payload())
        self.set("mailingSame", True)
        self.assertFalse(self.shown("mailingAddress"))
        self.assertNotIn("mailingAddress1", self.payload(), "a hidden item does not submit")

    def test_merchant_second_owner_group_and_forced_submission(self):
        self.open("merchant-application.xml")
        self.assertFalse(self.shown("owner2Name"))
        self.assertNotIn("owner2Percent", self.payload())
        self.set("hasSecondOwner", True)
        self.assertTrue(self.shown("owner2Name"))
        self.set("owner2Percent", "30")
        self.assertEqual(self.payload()["owner2Percent"], "30", "numericOnly digits are sent as text")
        self.assertEqual(self.payload()["hasSecondOwner"], 1, "submitsValue sends 1")
        self.set("hasSecondOwner", False)
        self.assertFalse(self.shown("owner2Name"))
        self.assertNotIn("owner2Percent", self.payload(), "skip when there is no second owner")

    def test_merchant_country_shows_the_bank_page(self):
        self.open("merchant-application.xml")
        tab = lambda i: self.driver.find_element(By.CSS_SELECTOR, f'[data-tab="{i}"]')
        self.assertFalse(tab(2).is_displayed())
        self.set("country", "UK")
        self.assertTrue(tab(2).is_displayed())
        self.assertFalse(tab(3).is_displayed())
        self.assertTrue(self.shown("ukBank"))
        self.set("country", "FR")
        self.assertFalse(tab(2).is_displayed())
        self.assertTrue(self.shown("frBank"))

    def test_merchant_evaluate_options_editable_and_part_clone(self):
        self.open("merchant-application.xml")
        self.set("owner1FirstName", "Ada")
        self.set("owner1LastName", "Lovelace")
        self.assertEqual(self.payload()["owner1FullName"], "Ada Lovelace", "a double space joins with a space")
        self.set("monthlyVolume", "25000")
        self.set("averageTicket", "50")
        self.assertEqual(self.payload()["annualVolume"], "25050")
        self.set("taxId", "123456789")
        self.assertEqual(self.payload()["taxIdLast4"], "6789", "partClone -4 sends the last four characters")
        options = lambda: self.js("return Array.from(document.querySelectorAll('[data-field=terminalModel] option[data-i]'), o => o.value)")
        self.set("businessType", "CO")
        self.assertEqual(options(), ["ict250", "move5000", "vx520"])
        self.set("businessType", "SP")
        self.assertEqual(options(), ["none", "mobile"])
        self.set("businessType", "PA")
        self.set("monthlyVolume", "60000")
        self.assertEqual(options(), ["ict250", "move5000", "vx520"])
        self.assertTrue(self.enabled("taxId"))
        self.set("businessType", "NP")
        self.assertFalse(self.enabled("taxId"), "editable NO for a non-profit")

    def test_merchant_validation_uses_the_forms_messages(self):
        self.open("merchant-application.xml")
        problems = self.submit()
        self.assertIn({"field": "legalName", "message": "Please enter the legal name of the business."}, problems)
        self.assertEqual(self.error_text("legalName"), "Please enter the legal name of the business.")
        self.assertTrue(self.driver.find_element(By.ID, "fc-validation").is_displayed())
        self.assertEqual(self.driver.find_element(By.ID, "fc-status").get_attribute("class"), "fc-rejected")
        self.fill("merchant-application.xml")
        self.set("keyed", "30")
        problems = self.submit()
        self.assertEqual([p["field"] for p in problems], ["cardSwipe"], "60 + 30 does not add up to 100")
        self.set("taxId", "12345")
        self.assertIn("taxId", [p["field"] for p in self.submit()], "minlength 9")

    # ---- other examples ----
    def test_signup_repeat_email_and_password_message(self):
        self.open("signup.xml")
        self.assertEqual(self.value("birthDate"), self.js("var d = new Date(); return d.getFullYear() + '-' + "
                                                         "String(d.getMonth() + 1).padStart(2, '0') + '-' + String(d.getDate()).padStart(2, '0')"),
                         "<defaultDate>today</defaultDate>")
        self.assertFalse(self.shown("repeatEmail"))
        self.set("email", "ada@example.com")
        self.assertTrue(self.shown("repeatEmail"))
        self.set("repeatEmail", "ada@example.org")
        self.set("password", "lettersonly")
        fields = [p["field"] for p in self.submit()]
        self.assertIn("repeatEmail", fields, "repeat must equal email")
        self.assertEqual(self.error_text("password"), "Use at least 8 characters with letters and digits.")
        self.assertNotIn("repeatEmail", self.payload(), "skipSubmit")

    def test_survey_language_switch_and_label_change(self):
        self.open("survey.xml")
        label = lambda: self.field("satisfaction").find_element(By.CSS_SELECTOR, ".fc-label").text
        english = label()
        Select(self.driver.find_element(By.ID, "fc-lang")).select_by_value("FR_CA")
        self.assertNotEqual(label(), english)
        self.assertIn("Très satisfait", self.field("satisfaction").text)
        Select(self.driver.find_element(By.ID, "fc-lang")).select_by_value("EN_US")
        self.assertEqual(label(), english)
        self.set("satisfaction", "1")
        self.assertIn("What went wrong?", self.field("comments").text)

    def test_expense_report_predicates_and_switches(self):
        self.open("expense-report.rows.json")
        self.assertFalse(self.shown("departmentOther"))
        self.set("department", "other")
        self.assertTrue(self.shown("departmentOther"))
        self.assertFalse(self.shown("currency"))
        self.assertTrue(self.enabled("mileage"))
        self.set("international", True)
        self.assertTrue(self.shown("currency"))
        self.assertFalse(self.enabled("mileage"))
        self.set("email", "ada@gmail.com")
        self.submit()
        self.assertEqual(self.error_text("email"), "Use your company address.")

    def test_text_check_property_date_offset_and_group_effects(self):
        self.open("effects.xml")
        consent = lambda: self.field("consent").find_element(By.CSS_SELECTOR, "input").is_selected()
        self.assertEqual(self.field("note").text, "Before")
        self.assertFalse(consent())
        self.assertTrue(self.shown("extra"))
        self.assertFalse(self.enabled("linked"), "linksTo: the nickname comes first")
        self.set("nickname", "Ada")
        self.assertTrue(self.enabled("linked"))
        before = self.js("return Date.now() / 1000")
        self.set("toggle", True)
        self.assertEqual(self.field("note").text, "After")
        self.assertTrue(consent(), "check")
        self.assertEqual(self.field("nickname").find_element(By.CSS_SELECTOR, "input").get_attribute("placeholder"), "changed")
        self.assertEqual(self.value("greeting"), "Hello")
        due = self.payload()["due"]
        self.assertTrue(before - 86400 <= due <= before + 2 * 86400, "one day from now, as a Unix time (the day kept)")
        self.assertFalse(self.shown("extra"), "the group is hidden")
        self.assertNotIn("extra", self.payload())
        self.set("toggle", False)
        self.assertEqual(self.field("note").text, "Before")
        self.assertFalse(consent(), "uncheck")
        self.assertEqual(self.field("nickname").find_element(By.CSS_SELECTOR, "input").get_attribute("placeholder"), "nick")
        self.assertTrue(self.shown("extra"))

    def test_event_end_is_disabled_without_a_start(self):
        self.open("event.xlform.json")
        self.assertTrue(self.enabled("ends"))
        self.set("starts", "")
        self.assertFalse(self.enabled("ends"))


if __name__ == "__main__":
    unittest.main()
