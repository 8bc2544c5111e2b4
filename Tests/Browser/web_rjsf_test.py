"""`--to rjsf` checked against react-jsonschema-form's rules: each `schema` is valid draft-07,
`ui:order` lists exactly the properties (those only in `if`/`then` branches included), every other
uiSchema key names a property, `ui:widget` is an alias rjsf allows for the property's type, and the
relationships of web-logic.xml show and hide fields and switch options in rjsf 4.x (vendored from PyPI,
vendor/rjsf/) as their MM XML meaning says. rjsf cannot enable by condition: that is a reported loss."""
import unittest

import jsonschema

from web_support import INPUTS, LOGIC, LOGIC_TABLE, RJSFTestCase, convert, losses, web_answers

# @rjsf/utils getWidget's aliases per JSON type.
WIDGETS = {
    "boolean": {"checkbox", "radio", "select", "hidden"},
    "string": {"text", "textarea", "password", "email", "uri", "color", "date", "datetime", "date-time", "time",
               "alt-date", "alt-datetime", "file", "data-url", "radio", "select", "hidden", "hostname", "ipv4", "ipv6"},
    "number": {"text", "updown", "range", "radio", "select", "hidden"},
    "integer": {"text", "updown", "range", "radio", "select", "hidden"},
    "array": {"select", "checkboxes", "files", "hidden"},
}


def all_properties(schema):
    """Top-level properties and those only in if/then/else branches: name → schema."""
    props = dict(schema.get("properties", {}))
    for item in schema.get("allOf", []):
        for branch in ("then", "else"):
            props.update({k: v for k, v in item.get(branch, {}).get("properties", {}).items() if k not in props})
    return props


def pairs(doc):
    """(language, schema, uiSchema) for the default pair and every per-language member."""
    yield "default", doc["schema"], doc["uiSchema"]
    for key, member in doc.items():
        if key not in ("schema", "uiSchema"):
            yield key, member["schema"], member["uiSchema"]


class RJSFSchemaTest(unittest.TestCase):
    def test_documents_follow_rjsf_rules(self):
        for path in INPUTS:
            doc = convert(path, "rjsf")
            for language, schema, ui in pairs(doc):
                with self.subTest(input=path.name, language=language):
                    jsonschema.Draft7Validator.check_schema(schema)
                    props = all_properties(schema)
                    order = ui["ui:order"]
                    self.assertEqual(sorted(order), sorted(props))
                    self.assertEqual(len(order), len(set(order)))
                    for key, directives in ui.items():
                        if key.startswith("ui:"):
                            continue
                        self.assertIn(key, props)
                        widget = directives.get("ui:widget")
                        if widget is not None:
                            self.assertIn(widget, WIDGETS[props[key]["type"]], f"{key}: {widget}")

    def test_a_member_per_language_whose_labels_differ(self):
        doc = convert(LOGIC, "rjsf")
        self.assertEqual(doc["fr-ca"]["schema"]["properties"]["country"]["title"], "Pays")
        self.assertEqual(doc["schema"]["properties"]["country"]["title"], "Country")

    def test_conditional_enabling_is_a_reported_loss(self):
        self.assertIn("loss.relationship.enable-disable", losses(LOGIC, "rjsf"))


class RJSFLibraryTest(RJSFTestCase):
    """Mounts rjsf (dash-rjsf's DashRjsf component, without Dash) with React 16 in headless Chromium."""

    def render(self, doc, data):
        return self.page.run("""
            const [doc, data] = arguments;
            const app = document.getElementById('app');
            ReactDOM.unmountComponentAtNode(app);
            ReactDOM.render(React.createElement(dash_rjsf.DashRjsf,
                {schema: doc.schema, uiSchema: doc.uiSchema, value: data, setProps: () => {}}), app);
            const shown = k => !!document.getElementById('root_' + k);
            return {
                visible: {postcode: shown('postcode'), discount: shown('discount'), pension: shown('pension'),
                          department: shown('department')},
                plan: [...app.querySelectorAll('#root_plan option')].map(o => o.value).filter(v => v !== ''),
                fullNameDisabled: document.getElementById('root_fullName').disabled,
            };""", doc, data)

    def test_every_document_renders(self):
        # rjsf throws while rendering a widget alias its type has no widget for.
        for path in INPUTS:
            doc = convert(path, "rjsf")
            for language, schema, ui in pairs(doc):
                with self.subTest(input=path.name, language=language):
                    result = self.page.run("""
                        const app = document.getElementById('app');
                        ReactDOM.unmountComponentAtNode(app);
                        try {
                            ReactDOM.render(React.createElement(dash_rjsf.DashRjsf,
                                {schema: arguments[0], uiSchema: arguments[1], value: {}, setProps: () => {}}), app);
                        } catch (e) { return String(e); }
                        return app.querySelector('form') ? null : 'no form rendered';""", schema, ui)
                    self.assertIsNone(result)

    def test_conditions_behave_as_in_mmxml(self):
        doc = convert(LOGIC, "rjsf")
        for answers, visible, _, plan in LOGIC_TABLE:
            with self.subTest(answers=answers):
                got = self.render(doc, web_answers(answers))
                for name, expected in visible.items():
                    self.assertEqual(got["visible"][name], expected, f"{name} shown")
                self.assertEqual(got["plan"], plan)
                self.assertTrue(got["fullNameDisabled"], "editable=NO is ui:disabled")


if __name__ == "__main__":
    unittest.main()
