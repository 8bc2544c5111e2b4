"""SurveyJS → IR → SurveyJS keeps behaviour in the real survey-core (3.0.4, vendored): for the same
answers, every question of the original survey is visible, enabled and required exactly when it is in
formconv's output, its choices are the same, and the answers computed by setValueIf are the same.

The answers are generated from the original surveys alone: each question's choices (subsets for
checkboxes), true/false for yes/no questions, and the literals of every expression (numbers ±1) for
text questions, one question at a time and in seeded random combinations. The surveys
(Tests/SurveyJSTests/Fixtures/surveys/intake and screening.survey.json) are written to use every feature the
reader carries (docs/surveyjs.md).

The same answers check the other direction of the issue: the JSON Schema formconv writes for the survey
validates the payload survey-core produces once the survey passes survey-core's own validation."""
import itertools
import json
import random
import re
import unittest

import jsonschema

from browser import REPO
from web_support import SurveyCoreTestCase, convert

SURVEYS = [REPO / "Tests/SurveyJSTests/Fixtures/surveys" / f"{name}.survey.json" for name in ("intake", "screening")]
EXPRESSION_KEYS = ("visibleIf", "enableIf", "requiredIf", "setValueIf", "setValueExpression")


def questions(survey):
    """Every question of the original survey (panels excluded), depth first."""
    def walk(items):
        for e in items:
            if e.get("type") == "panel":
                yield from walk(e.get("elements", []) + e.get("questions", []))
            else:
                yield e
    for page in survey.get("pages", [survey]):
        yield from walk(page.get("elements", []) + page.get("questions", []))


def expression_texts(survey):
    def walk(node):
        if isinstance(node, dict):
            for k, v in node.items():
                if k in EXPRESSION_KEYS and isinstance(v, str):
                    yield v
                else:
                    yield from walk(v)
        elif isinstance(node, list):
            for v in node:
                yield from walk(v)
    yield from walk(survey)


def literals(survey):
    """The strings and numbers the expressions compare with."""
    strings, numbers = set(), set()
    for text in expression_texts(survey):
        strings.update(re.findall(r"'([^']*)'", text))
        numbers.update(float(n) for n in re.findall(r"(?<![\w.{])(-?\d+(?:\.\d+)?)(?![\w}])", text))
    return sorted(strings), sorted(numbers)


def choice_values(q):
    if q["type"] == "rating":
        if "rateValues" in q:
            return [c["value"] if isinstance(c, dict) else c for c in q["rateValues"]]
        return list(range(q.get("rateMin", 1), q.get("rateMax", 5) + 1))
    return [c["value"] if isinstance(c, dict) else c for c in q.get("choices", [])]


def candidates(q, strings, numbers):
    """Answers survey-core could hold for `q`, as its UI would store them."""
    t = q["type"]
    if t == "boolean":
        return [True, False]
    if t in ("radiogroup", "dropdown", "rating", "imagepicker"):
        return choice_values(q)
    if t in ("checkbox", "tagbox"):
        values = choice_values(q)
        most = q.get("maxSelectedChoices", len(values))
        pairs = [list(p) for p in itertools.combinations(values, 2)] if most >= 2 else []
        return [[v] for v in values] + pairs + [values[:most]]
    if t == "text" and q.get("inputType") == "email":
        return ["jane@example.org", "jane@elsewhere.net"]
    if t == "text" and q.get("inputType") == "date":
        return ["2026-12-01"]
    if t == "text" and q.get("inputType") == "number":
        return sorted({n + d for n in numbers for d in (-1, 0, 1)} | {0})
    if t in ("text", "comment"):
        return strings + ["something"]
    return []


def answer_sets(survey, count=100, seed=40, answered=0.6):
    strings, numbers = literals(survey)
    options = {q["name"]: candidates(q, strings, numbers) for q in questions(survey) if "setValueExpression" not in q}
    options = {k: v for k, v in options.items() if v}
    sets = [{}]
    for name, values in options.items():
        sets += [{name: v} for v in values]
    rng = random.Random(seed)
    for _ in range(count):
        sets.append({n: rng.choice(v) for n, v in options.items() if rng.random() < answered})
    return sets


def loose(v):
    """A value as survey-core compares it: numbers and text alike."""
    if isinstance(v, list):
        return [loose(x) for x in v]
    if isinstance(v, bool) or v is None:
        return v
    if isinstance(v, float) and v == int(v):
        v = int(v)
    return str(v)


STATES = """
const [json, answerSets] = arguments;
const effective = q => { if (!q.isVisible) return false;
  for (let p = q.parent; p; p = p.parent) if (!p.isVisible) return false;
  return q.page ? q.page.isVisible : true; };
return answerSets.map(answers => {
  const s = new Survey.Model(json);
  for (const [k, v] of Object.entries(answers)) s.setValue(k, v);
  const out = {};
  for (const q of s.getAllQuestions(false, false, true)) {
    out[q.name] = {visible: effective(q), own: q.isVisible, enabled: !q.isReadOnly, required: q.isRequired,
                   choices: q.visibleChoices ? q.visibleChoices.map(c => String(c.value)) : null,
                   value: q.value === undefined ? null : q.value};
  }
  return out;
});"""

PAYLOAD = """
const [json, answerSets] = arguments;
return answerSets.map(answers => {
  const s = new Survey.Model(json);
  for (const [k, v] of Object.entries(answers)) s.setValue(k, v);
  if (!s.validate(false, false)) return null;
  s.doComplete();
  return s.data;
});"""


class SurveyJSRoundTripTest(SurveyCoreTestCase):
    def each(self, script, survey, sets):
        """`script` over `sets` in chunks, within the driver's script timeout."""
        out = []
        for i in range(0, len(sets), 50):
            out += self.page.run(script, survey, sets[i:i + 50])
        return out

    def test_round_trip_keeps_visibility_enablement_and_requirement(self):
        for path in SURVEYS:
            original = json.loads(path.read_text())
            output = convert(path, "surveyjs")
            sets = answer_sets(original)
            before = self.each(STATES, original, sets)
            after = self.each(STATES, output, sets)
            names = [q["name"] for q in questions(original)]
            self.assertGreater(len(sets), 100)
            for answers, a, b in zip(sets, before, after):
                for name in names:
                    with self.subTest(survey=path.name, answers=answers, question=name):
                        self.assertIn(name, b)
                        for prop in ("visible", "enabled", "required", "choices", "value"):
                            x, y = a[name][prop], b[name][prop]
                            if prop == "value":
                                # The writer types choice values as text, as the official schema does;
                                # survey-core compares '2' and 2 as equal (docs/web-targets.md).
                                x, y = loose(x), loose(y)
                            self.assertEqual(x, y, f"{name}.{prop}")

    def test_every_state_is_reached(self):
        # The generated answers exercise the logic: every question with a condition is seen both ways.
        for path in SURVEYS:
            original = json.loads(path.read_text())
            states = self.each(STATES, original, answer_sets(original))
            for q in questions(original):
                for key, prop in (("visibleIf", "own"), ("enableIf", "enabled"), ("requiredIf", "required")):
                    if key in q:
                        with self.subTest(survey=path.name, question=q["name"], key=key):
                            self.assertEqual({s[q["name"]][prop] for s in states}, {True, False})
        # `own` is the question's own condition; its panels' and page's are in `visible`.

    def test_json_schema_validates_survey_core_payloads(self):
        for path in SURVEYS:
            original = json.loads(path.read_text())
            schema = convert(path, "json-schema")
            validator = jsonschema.Draft202012Validator(schema)
            sets = answer_sets(original, count=200, answered=0.95)
            payloads = [p for p in self.each(PAYLOAD, original, sets) if p is not None]
            self.assertGreater(len(payloads), 10, path.name)
            for payload in payloads:
                with self.subTest(survey=path.name, payload=payload):
                    self.assertEqual([e.message for e in validator.iter_errors(payload)], [])


if __name__ == "__main__":
    unittest.main()
