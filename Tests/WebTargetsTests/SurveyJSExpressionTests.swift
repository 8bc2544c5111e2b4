import FormIR
import Testing
@testable import Emitters

/// Conditions in SurveyJS's expression language (survey-core's grammar: `{name}`, `=`, `!=`, `and`,
/// `or`, `!`, `empty`, `notempty`, `anyof`, `contains`, single-quoted strings with `\'`).
@Suite struct SurveyJSExpressionTests {
    let printer = SurveyJSExpression(answers: ["a": .text, "n": .integer, "c": .boolean, "m": .multipleChoice])

    func f(_ id: String) -> FormIR.Expression { .field(FieldReference(id)) }

    @Test func comparisonsUseSurveyJSOperatorsAndQuoting() throws {
        #expect(try printer.text(.compare(f("a"), .equal, .literal(.string("x")))) == "{a} = 'x'")
        #expect(try printer.text(.compare(f("a"), .notEqual, .literal(.string("it's")))) == #"{a} != 'it\'s'"#)
        #expect(try printer.text(.compare(f("n"), .greater, .literal(.number(17)))) == "{n} > 17")
        #expect(try printer.text(.compare(.literal(.number(3)), .less, f("n"))) == "{n} > 3")
        #expect(try printer.text(.compare(f("n"), .between, .list([.literal(.number(1)), .literal(.number(5))])))
                == "({n} >= 1 and {n} <= 5)")
    }

    @Test func emptyAnswersAndCheckboxesReadAsTheLegacyAppMeantThem() throws {
        #expect(try printer.text(.compare(f("a"), .equal, .literal(.string("")))) == "{a} empty")
        #expect(try printer.text(.compare(f("a"), .notEqual, .literal(.null))) == "{a} notempty")
        #expect(try printer.text(.compare(f("c"), .equal, .literal(.string("1")))) == "{c} = true")
        #expect(try printer.text(.compare(f("c"), .equal, .literal(.string("0")))) == "{c} != true")
        #expect(try printer.text(.compare(f("c"), .notEqual, .literal(.string("NO")))) == "{c} = true")
    }

    @Test func listsAndLogic() throws {
        let inList = FormIR.Expression.compare(f("a"), .in, .list([.literal(.string("x")), .literal(.string("y"))]))
        #expect(try printer.text(inList) == "({a} = 'x' or {a} = 'y')")
        #expect(try printer.text(.compare(f("m"), .in, .list([.literal(.string("x"))]))) == "{m} anyof ['x']")
        #expect(try printer.text(.compare(f("m"), .contains, .literal(.string("x")))) == "{m} contains 'x'")
        let both = FormIR.Expression.and([.compare(f("n"), .greater, .literal(.number(1))), .not(.compare(f("a"), .equal, .literal(.string("x"))))])
        #expect(try printer.text(both) == "({n} > 1 and {a} != 'x')")
        let notLess = FormIR.Expression.not(.compare(f("n"), .less, .literal(.number(5))))
        #expect(try printer.text(notLess) == "!({n} < 5)", "an empty answer is neither < 5 nor >= 5")
    }

    @Test func whatSurveyJSCannotSayFailsWithAReason() {
        #expect(throws: SurveyJSExpression.Failure.self) { try printer.text(.compare(f("a"), .beginsWith, .literal(.string("x")))) }
        #expect(throws: SurveyJSExpression.Failure.self) { try printer.text(.compare(.field(FieldReference("a", property: .isHidden)), .equal, .literal(.bool(true)))) }
        #expect(throws: SurveyJSExpression.Failure.self) { try printer.text(.compare(f("nope"), .equal, .literal(.string("x")))) }
        // survey-core reads a final backslash as escaping the closing quote, and strips quotes around a
        // whole text (Tests/Browser/web_surveyjs_literals_test.py runs its parser on these).
        #expect(throws: SurveyJSExpression.Failure.self) { try printer.text(.compare(f("a"), .equal, .literal(.string(#"a\"#)))) }
        #expect(throws: SurveyJSExpression.Failure.self) { try printer.text(.compare(f("a"), .equal, .literal(.string("'a'")))) }
    }

    @Test func quotesAndInnerBackslashesAreEscapedAsSurveyCoreReadsThem() throws {
        #expect(try printer.text(.compare(f("a"), .equal, .literal(.string(#"a\b"#)))) == #"{a} = 'a\b'"#)
        #expect(try printer.text(.compare(f("a"), .equal, .literal(.string(#"say "hi", it's"#)))) == #"{a} = 'say \"hi\", it\'s'"#)
    }
}
