"""`--to surveyjs` checked against SurveyJS's own rules: each element validates against its type's
definition in the official schema (survey-core 3.0.1's surveyjs_definition.json, PROVENANCE.md), names
are unique, every expression parses under survey-core's grammar and names only existing questions, and
the relationships of Tests/Browser/fixtures/web-logic.xml behave in survey-core 3.0.4 (vendored from
PyPI, see vendor/surveyjs/PROVENANCE.md) as their MM XML meaning says, as do the option sets a
relationship switches with an option range (all-types.xml)."""
import json
import re
import unittest
from pathlib import Path

import jsonschema

from web_support import INPUTS, LOGIC, LOGIC_TABLE, REPO, SurveyCoreTestCase, convert, web_answers

SCHEMA = json.loads((Path(__file__).resolve().parent / "schemas/surveyjs_definition.json").read_text())
# The concrete element types the schema defines (PROVENANCE.md lists them).
ELEMENT_TYPES = {"matrixdropdown", "matrixdynamic", "matrix", "expression", "checkbox", "tagbox", "ranking",
                 "radiogroup", "imagepicker", "buttongroup", "dropdown", "text", "comment", "multipletext", "html",
                 "image", "empty", "file", "rating", "slider", "boolean", "imagemap", "signaturepad",
                 "paneldynamic", "panel"}
EXPRESSION_KEYS = ("visibleIf", "enableIf", "requiredIf", "setValueIf", "setValueExpression")


def elements(survey):
    """Every element of the survey, panels included, depth first."""
    def walk(items):
        for e in items:
            yield e
            yield from walk(e.get("elements", []))
    for page in survey["pages"]:
        yield from walk(page["elements"])


def expressions(survey):
    """(owner name, key, expression) for every expression in the survey, choices' included."""
    for owner in list(survey["pages"]) + list(elements(survey)):
        for key in EXPRESSION_KEYS:
            if key in owner:
                yield owner["name"], key, owner[key]
        for choice in owner.get("choices", []):
            if isinstance(choice, dict) and "visibleIf" in choice:
                yield owner["name"], "choices.visibleIf", choice["visibleIf"]


def validator_for(type_name):
    return jsonschema.Draft7Validator({"$ref": "#/definitions/" + type_name, "definitions": SCHEMA["definitions"]})


class SurveyJSSchemaTest(unittest.TestCase):
    def test_every_element_validates_against_its_type(self):
        for path in INPUTS:
            survey = convert(path, "surveyjs")
            jsonschema.Draft7Validator(SCHEMA).validate(survey)
            for e in elements(survey):
                with self.subTest(input=path.name, element=e["name"]):
                    self.assertIn(e["type"], ELEMENT_TYPES)
                    errors = [err.message for err in validator_for(e["type"]).iter_errors(e)]
                    self.assertEqual(errors, [])

    def test_names_are_unique(self):
        for path in INPUTS:
            survey = convert(path, "surveyjs")
            names = [p["name"] for p in survey["pages"]] + [e["name"] for e in elements(survey)]
            self.assertEqual(len(names), len(set(names)), path.name)

    def test_expressions_name_existing_questions(self):
        for path in INPUTS:
            survey = convert(path, "surveyjs")
            questions = {e["name"]: e for e in elements(survey) if e["type"] not in ("panel", "html", "image")}
            for owner, key, text in expressions(survey):
                for name in re.findall(r"\{([^{}]+)\}", text):
                    head, _, item = name.partition(".")
                    with self.subTest(input=path.name, owner=owner, key=key, name=name):
                        self.assertIn(head, questions)
                        if item:
                            self.assertIn(item, [i["name"] for i in questions[head].get("items", [])])


class SurveyJSLibraryTest(SurveyCoreTestCase):
    """Runs survey-core itself in headless Chromium."""

    def test_every_expression_parses_under_surveyjs_grammar(self):
        for path in INPUTS:
            survey = convert(path, "surveyjs")
            for owner, key, text in expressions(survey):
                with self.subTest(input=path.name, owner=owner, key=key):
                    error = self.page.run(
                        "const p = new Survey.ConditionsParser(); const r = p.parseExpression(arguments[0]);"
                        "return r ? null : JSON.stringify(p.error);", text)
                    self.assertIsNone(error, text)

    def test_every_survey_loads_without_errors(self):
        for path in INPUTS:
            survey = convert(path, "surveyjs")
            with self.subTest(input=path.name):
                errors = self.page.run(
                    "const s = new Survey.Model(arguments[0]); return s.jsonErrors ? s.jsonErrors.map(String) : [];", survey)
                self.assertEqual(errors, [])

    def state(self, survey, answers):
        return self.page.run("""
            const s = new Survey.Model(arguments[0]);
            for (const [k, v] of Object.entries(arguments[1])) s.setValue(k, v);
            const q = n => s.getQuestionByName(n);
            return {
                visible: {postcode: q("postcode").isVisible, discount: q("discount").isVisible,
                          pension: s.getPanelByName("seniors").isVisible,
                          department: s.getPageByName("frenchPage").isVisible},
                memberNumberEnabled: !q("memberNumber").isReadOnly,
                plan: q("plan").visibleChoices.map(c => c.value),
                fullName: s.getValue("fullName"),
                summary: s.getValue("summary"),
                postcodeRequired: q("postcode").isRequired,
            };""", survey, answers)

    def test_conditions_behave_as_in_mmxml(self):
        survey = convert(LOGIC, "surveyjs")
        for answers, visible, editable, plan in LOGIC_TABLE:
            with self.subTest(answers=answers):
                got = self.state(survey, web_answers(answers, number_age=True))
                for name, expected in visible.items():
                    self.assertEqual(got["visible"][name], expected, f"{name} shown")
                self.assertEqual(got["memberNumberEnabled"], editable, "memberNumber editable")
                self.assertEqual(got["plan"], plan)

    def test_a_range_the_rules_switch_shows_its_values_while_no_rule_applies(self):
        # all-types.xml: 'range' lists 10-15; a relationship shows options 1 and 2 while 'agree' is checked.
        survey = convert(REPO / "Tests/MMXMLTests/Fixtures/all-types.xml", "surveyjs")
        for agree, shown in ((True, ["1", "2"]), (False, ["10", "11", "12", "13", "14", "15"])):
            with self.subTest(agree=agree):
                got = self.page.run("""
                    const s = new Survey.Model(arguments[0]);
                    s.setValue("agree", arguments[1]);
                    return s.getQuestionByName("range").visibleChoices.map(c => String(c.value));""", survey, agree)
                self.assertEqual(got, shown)

    def test_evaluate_joins_names_with_the_connector(self):
        # `firstName.  lastName` (two spaces) joins with a space, once lastName is not empty.
        survey = convert(LOGIC, "surveyjs")
        self.assertEqual(self.state(survey, {"firstName": "Jane", "lastName": "Doe"})["fullName"], "Jane Doe")
        self.assertIsNone(self.state(survey, {"firstName": "Jane"})["fullName"])

    def test_required_by_condition(self):
        # `<required>YES</required>` while country == "UK".
        survey = convert(LOGIC, "surveyjs")
        self.assertTrue(self.state(survey, {"country": "UK"})["postcodeRequired"])
        self.assertFalse(self.state(survey, {"country": "CA"})["postcodeRequired"])

    def test_copy_joins_the_sources_with_a_dot(self):
        # `<copy>firstName,lastName</copy>` joins the values with ". ", while member is checked.
        survey = convert(LOGIC, "surveyjs")
        answers = {"firstName": "Jane", "lastName": "Doe"}
        self.assertEqual(self.state(survey, dict(answers, member=True))["summary"], "Jane. Doe")
        self.assertIsNone(self.state(survey, answers)["summary"])

    def test_translations_follow_the_survey_locale(self):
        survey = convert(LOGIC, "surveyjs")
        titles = self.page.run("""
            const s = new Survey.Model(arguments[0]);
            const before = s.getQuestionByName("country").title;
            s.locale = "fr-ca";
            return [before, s.getQuestionByName("country").title];""", survey)
        self.assertEqual(titles, ["Country", "Pays"])


if __name__ == "__main__":
    unittest.main()
