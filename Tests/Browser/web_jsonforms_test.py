"""`--to jsonforms` checked against JSON Forms' own rules: the data schema is valid draft-07, every
Control `scope` resolves in it and every data property has a Control, rule conditions are valid JSON
Schemas with resolvable scopes, categorizations hold categories, groups and categories have labels,
the UI schema passes the (patched) vue-vuetify meta-schema, i18n keys belong to elements; and the
relationships of web-logic.xml behave in JSON Forms 3.x (vendored from PyPI, vendor/jsonforms/) as
their MM XML meaning says."""
import copy
import json
import re
import unittest
from pathlib import Path

import jsonschema
from referencing import Registry
from referencing.jsonschema import DRAFT7
from selenium.webdriver.support.ui import WebDriverWait

from web_support import INPUTS, LOGIC, LOGIC_TABLE, JSONFormsTestCase, convert, web_answers

SCHEMAS = Path(__file__).resolve().parent / "schemas"
UI_META = json.loads((SCHEMAS / "jsonforms-uischema.json").read_text())
RULE_META = json.loads((SCHEMAS / "jsonforms-uischema-rule.json").read_text())
REGISTRY = Registry().with_resources([(s["$id"], DRAFT7.create_resource(s)) for s in (UI_META, RULE_META)])


# The input of a data key: JSON Forms numbers repeated ids (`#/properties/country2-input`).
FIND_INPUT = """
    const input = k => [...document.querySelectorAll('input')].find(
        i => new RegExp('^#/properties/' + k + '[0-9]*-input$').test(i.id));
"""


def resolve(schema, pointer):
    """The subschema at a `#/…` JSON Pointer, or None."""
    node = schema
    for token in [t for t in pointer.lstrip("#").split("/") if t]:
        token = token.replace("~1", "/").replace("~0", "~")
        if isinstance(node, list) and token.isdigit() and int(token) < len(node):
            node = node[int(token)]
        elif isinstance(node, dict) and token in node:
            node = node[token]
        else:
            return None
    return node


def ui_elements(ui):
    yield ui
    for child in ui.get("elements", []):
        yield from ui_elements(child)


def lint_copy(ui):
    """The UI schema without what the meta-schema wrongly rejects (element i18n, Categorization label, a
    scope into an `allOf` branch, which JSON Forms 3's toDataPath reads as the property's data key)."""
    ui = copy.deepcopy(ui)
    for e in ui_elements(ui):
        e.pop("i18n", None)
        if "scope" in e:
            e["scope"] = re.sub(r"^#/allOf/[0-9]+/then/", "#/", e["scope"])
        if e["type"] == "Categorization":
            e.pop("label", None)
    return ui


class JSONFormsSchemaTest(unittest.TestCase):
    def test_documents_follow_json_forms_rules(self):
        for path in INPUTS:
            doc = convert(path, "jsonforms")
            schema, ui = doc["schema"], doc["uischema"]
            with self.subTest(input=path.name):
                self.assertEqual(set(doc), {"schema", "uischema", "i18n"})
                jsonschema.Draft7Validator.check_schema(schema)
                errors = [e.message for e in jsonschema.Draft7Validator(UI_META, registry=REGISTRY).iter_errors(lint_copy(ui))]
                self.assertEqual(errors, [])
                scopes = []
                for e in ui_elements(ui):
                    if e["type"] == "Control":
                        self.assertIsNotNone(resolve(schema, e["scope"]), e["scope"])
                        scopes.append(e["scope"])
                    if e["type"] == "Categorization":
                        self.assertTrue(all(c["type"] == "Category" for c in e["elements"]))
                    if e["type"] in ("Group", "Category", "Categorization"):
                        self.assertIsInstance(e.get("label"), str)
                    if "rule" in e:
                        self.assertIn(e["rule"]["effect"], ("SHOW", "HIDE", "ENABLE", "DISABLE"))
                        condition = e["rule"]["condition"]
                        self.assertIsNotNone(resolve(schema, condition["scope"]))
                        jsonschema.Draft7Validator.check_schema(condition["schema"])
                # JSON Forms' toDataPath drops `allOf/N/` and `then/` (a shared key's item-specific schema).
                keys = {re.sub(r"(allOf/[0-9]+/|then/)", "", s).removeprefix("#/properties/") for s in scopes}
                properties = {k.replace("~", "~0").replace("/", "~1") for k in schema["properties"]}
                self.assertEqual(keys, properties, "a Control per data property")
                if len(scopes) != len(set(scopes)):
                    self.fail(f"two Controls share a scope: {sorted(scopes)}")

    def test_i18n_keys_name_elements(self):
        for path in INPUTS:
            doc = convert(path, "jsonforms")
            prefixes = {e["i18n"] for e in ui_elements(doc["uischema"]) if "i18n" in e}
            for locale, table in doc["i18n"].items():
                for key in table:
                    with self.subTest(input=path.name, locale=locale, key=key):
                        self.assertTrue(any(key.startswith(p + ".") for p in prefixes))

    def test_translations_per_language(self):
        doc = convert(LOGIC, "jsonforms")
        self.assertEqual(doc["i18n"]["fr-ca"]["country.label"], "Pays")


class JSONFormsLibraryTest(JSONFormsTestCase):
    """Serves the vendored JSON Forms page from 127.0.0.1 and plays its Streamlit host."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.driver.get(cls.url)
        WebDriverWait(cls.driver, 30).until(lambda d: d.execute_script("return !!document.querySelector('#app')"))

    def render(self, doc, data, marker):
        """Posts the render message and waits until the form shows `marker` in firstName (a field no
        relationship reads), so the other controls reflect `data` too."""
        data = dict(data, firstName=marker)
        self.driver.execute_script("""
            window.postMessage({type: 'streamlit:render', args: {props: {
                form_schema: JSON.stringify({schema: arguments[0].schema, uischema: arguments[0].uischema}),
                data: arguments[1], submit_button: false}}}, '*');""", doc, data)
        WebDriverWait(self.driver, 30).until(lambda d: d.execute_script(
            FIND_INPUT + "const i = input('firstName'); return !!i && i.value === arguments[0]", marker))
        return self.driver.execute_script(FIND_INPUT + """
            const tabs = [...document.querySelectorAll('[role=tab]')].map(t => t.textContent.trim());
            return {
                visible: {postcode: !!input('postcode'), discount: !!input('discount'), pension: !!input('pension'),
                          department: tabs.includes('frenchPage')},
                memberNumberEnabled: !input('memberNumber').disabled,
                fullNameEnabled: !input('fullName').disabled,
            };""")

    def test_every_document_renders_its_controls(self):
        # A fresh page per document (the app keeps its first layout); every tab of a categorization is
        # opened, and JSON Forms must find a renderer for every element on it.
        url = self.driver.current_url
        try:
            for path in INPUTS:
                doc = convert(path, "jsonforms")
                with self.subTest(input=path.name):
                    self.driver.get(url)
                    WebDriverWait(self.driver, 30).until(lambda d: d.execute_script("return !!document.querySelector('#app')"))
                    self.driver.execute_script("""
                        window.postMessage({type: 'streamlit:render', args: {props: {
                            form_schema: JSON.stringify({schema: arguments[0].schema, uischema: arguments[0].uischema}),
                            data: {}, submit_button: false}}}, '*');""", doc)
                    WebDriverWait(self.driver, 30).until(lambda d: d.execute_script(
                        "return document.querySelectorAll('[role=tab], input, .v-label').length > 0"))
                    tabs = self.driver.find_elements("css selector", "[role=tab]") or [None]
                    for tab in tabs:
                        if tab is not None and not tab.is_displayed():
                            continue  # a page hidden by its rule while the form is empty
                        if tab is not None:
                            tab.click()
                        self.assertNotIn("No applicable renderer", self.driver.execute_script("return document.body.innerText"))
        finally:
            self.driver.get(url)
            WebDriverWait(self.driver, 30).until(lambda d: d.execute_script("return !!document.querySelector('#app')"))

    def test_conditions_behave_as_in_mmxml(self):
        doc = convert(LOGIC, "jsonforms")
        for row, (answers, visible, editable, _) in enumerate(LOGIC_TABLE):
            with self.subTest(answers=answers):
                got = self.render(doc, web_answers(answers), f"row {row}")
                for name, expected in visible.items():
                    self.assertEqual(got["visible"][name], expected, f"{name} shown")
                self.assertEqual(got["memberNumberEnabled"], editable, "memberNumber editable")
                self.assertFalse(got["fullNameEnabled"], "editable=NO")


if __name__ == "__main__":
    unittest.main()
