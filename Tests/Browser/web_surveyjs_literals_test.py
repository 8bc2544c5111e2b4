"""Form text is text (issue 35): values compared in relationships reach SurveyJS as string literals that
survey-core's own parser reads back equal. An IR form (built here, values chosen independently of
formconv) compares a text question with values holding quotes, braces and backslashes; formconv's
SurveyJS expression for each is run by survey-core 3.0.4's ConditionRunner (vendor/surveyjs) with the
answer set to that very value (true) and to a different one (false). A value SurveyJS cannot write (a
final backslash escapes the closing quote) must be a loss naming the rule, not a broken expression."""
import json
import tempfile
import unittest
from pathlib import Path

from browser import formconv
from web_support import INPUTS, SurveyCoreTestCase, convert

VALUES = ["it's", 'say "hi"', "a{b}", "{q}", "{other}", "back\\slash", "both ' and \"", "x\\'y", 'x\\"y',
          "a\\nb", "{", "}", "é ✓ 😀", "'", '"', "'a", 'a"', "\\'", "plain"]
# survey-core cannot compare with these: a final backslash escapes the closing quote; a text wholly in
# quotes has them stripped (its Const operand's value), so '\'a\'' compares as a.
UNWRITABLE = ["ends in \\", "''", '""', "'a'", '"a"']


def form(values):
    fields = [{"id": "q", "kind": "text"}, {"id": "other", "kind": "text"}]
    fields += [{"id": f"t{i}", "kind": "text"} for i in range(len(values))]
    rules = [{"condition": {"==": [{"field": "q"}, v]}, "target": {"field": f"t{i}"}, "then": ["show"], "otherwise": ["hide"]}
             for i, v in enumerate(values)]
    return {"formconv-ir": 2, "id": "literals", "pages": [{"id": "p", "sections": [{"id": "s", "fields": fields}]}],
            "rules": rules}


class SurveyJSLiteralTest(SurveyCoreTestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.dir = tempfile.TemporaryDirectory()

    @classmethod
    def tearDownClass(cls):
        super().tearDownClass()
        cls.dir.cleanup()

    def write(self, values):
        path = Path(self.dir.name) / "literals.ir.json"
        path.write_text(json.dumps(form(values)))
        return path

    def run_condition(self, expression, answer):
        return self.page.run("return new Survey.ConditionRunner(arguments[0]).runValues(arguments[1]);",
                             expression, {"q": answer, "other": "zz"})

    def test_values_read_back_equal_under_survey_cores_parser(self):
        survey = convert(self.write(VALUES), "surveyjs")
        questions = _elements(survey)
        for i, value in enumerate(VALUES):
            with self.subTest(value=value):
                expression = questions[f"t{i}"].get("visibleIf")
                self.assertIsNotNone(expression, f"no visibleIf for {value!r}")
                error = self.page.run("const p = new Survey.ConditionsParser(); return p.parseExpression(arguments[0]) ? null"
                                      " : JSON.stringify(p.error);", expression)
                self.assertIsNone(error, expression)
                self.assertTrue(self.run_condition(expression, value), expression)
                self.assertFalse(self.run_condition(expression, value + "x"), expression)

    def test_an_unwritable_value_is_a_loss_not_a_broken_expression(self):
        path = self.write(UNWRITABLE)
        run = formconv(path, "--to", "surveyjs", check=False)
        self.assertEqual(run.returncode, 0, run.stderr)
        survey = json.loads(run.stdout)
        for i, value in enumerate(UNWRITABLE):
            with self.subTest(value=value):
                self.assertNotIn("visibleIf", _elements(survey)[f"t{i}"])
        self.assertIn("ends in a backslash", run.stderr)
        self.assertEqual(run.stderr.count("starts and ends with a quote"), 4, run.stderr)

    def test_survey_core_replaces_braces_in_titles_as_the_loss_says(self):
        """The reason for loss.text.braces: survey-core shows the answer named by {amount} in a title."""
        title = self.page.run("""
            const s = new Survey.Model({elements: [{type: "text", name: "amount"}, {type: "text", name: "total", title: "Total {amount}"}]});
            s.setValue("amount", "42");
            return s.getQuestionByName("total").locTitle.renderedHtml;""")
        self.assertEqual(title, "Total 42")

    def test_every_expression_of_the_examples_parses(self):
        """Every expression formconv writes for the inputs of the web tests (the examples among them),
        default-value expressions included, parses under survey-core's grammar."""
        for path in INPUTS:
            survey = convert(path, "surveyjs")
            for text in _expressions(survey):
                with self.subTest(input=path.name, expression=text):
                    error = self.page.run("const p = new Survey.ConditionsParser(); return p.parseExpression(arguments[0]) ? null"
                                          " : JSON.stringify(p.error);", text)
                    self.assertIsNone(error)


def _elements(survey):
    """Every element of the survey by name, panels' included."""
    out = {}

    def walk(items):
        for e in items:
            out[e["name"]] = e
            walk(e.get("elements", []))
    for page in survey["pages"]:
        walk(page["elements"])
    return out


def _expressions(survey):
    keys = ("visibleIf", "enableIf", "requiredIf", "setValueIf", "setValueExpression", "defaultValueExpression")

    def walk(items):
        for e in items:
            yield e
            yield from walk(e.get("elements", []))
    owners = list(survey["pages"])
    for page in survey["pages"]:
        owners += list(walk(page["elements"]))
    for owner in owners:
        for key in keys:
            if isinstance(owner.get(key), str):
                yield owner[key]
        for choice in owner.get("choices", []):
            if isinstance(choice, dict) and isinstance(choice.get("visibleIf"), str):
                yield choice["visibleIf"]


if __name__ == "__main__":
    unittest.main()
