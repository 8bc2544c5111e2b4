"""`--to surveyjs` texts as survey-core 3.0.4 (vendored, vendor/surveyjs/PROVENANCE.md) shows them:
the survey names the language of its `default` texts (`locale`), survey-core shows those texts in it and
the translations when the survey's locale is switched to theirs; an html element keeps a label as its
`title`, which survey-core does not show (what the person sees is only the html)."""
import unittest

from web_support import INPUTS, REPO, SurveyCoreTestCase, convert
from web_surveyjs_test import elements as questions

MULTILINGUAL = REPO / "examples/survey.xml"


class SurveyJSLanguagesTest(SurveyCoreTestCase):
    def shown(self, survey, locale=None):
        return self.page.run("""
            const s = new Survey.Model(arguments[0]);
            if (arguments[1] !== null) s.locale = arguments[1];
            const out = {};
            for (const q of s.getAllQuestions()) {
                out[q.name] = q.getType() === "html" ? {html: q.locHtml.textOrHtml, hasTitle: q.hasTitle}
                                                    : {title: q.locTitle.textOrHtml};
            }
            return {locale: s.locale, questions: out};""", survey, locale)

    def test_default_texts_show_in_the_named_language(self):
        survey = convert(MULTILINGUAL, "surveyjs")
        self.assertEqual(survey["locale"], "en-us")
        got = self.shown(survey)
        self.assertEqual(got["locale"], "en-us")
        maps = [e for e in questions(survey) if isinstance(e.get("title"), dict)]
        self.assertTrue(maps, "the example has translated titles")
        for e in maps:
            with self.subTest(question=e["name"]):
                self.assertEqual(got["questions"][e["name"]]["title"], e["title"]["default"])

    def test_translations_show_when_the_survey_switches_language(self):
        survey = convert(MULTILINGUAL, "surveyjs")
        got = self.shown(survey, "fr-ca")
        checked = 0
        for e in questions(survey):
            key = "title" if isinstance(e.get("title"), dict) and e["type"] != "html" else "html" if isinstance(e.get("html"), dict) else None
            if key is None or "fr-ca" not in e[key]:
                continue
            with self.subTest(question=e["name"]):
                self.assertEqual(got["questions"][e["name"]][key], e[key]["fr-ca"])
                checked += 1
        self.assertGreater(checked, 0, "the example has French texts")

    def test_html_elements_show_no_title(self):
        titled = 0
        for path in INPUTS:
            survey = convert(path, "surveyjs")
            got = self.shown(survey)
            for e in questions(survey):
                if e["type"] == "html" and "title" in e:
                    titled += 1
                    with self.subTest(input=path.name, element=e["name"]):
                        self.assertFalse(got["questions"][e["name"]]["hasTitle"])
        self.assertGreater(titled, 0, "some example has a titled html element")


if __name__ == "__main__":
    unittest.main()
