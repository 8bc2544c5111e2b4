import Testing
import FormIR
import Expressions

/// SurveyJS's expression language, checked against survey-core's grammar (operators, word spellings,
/// precedence) and the IR meaning of each construct.
@Suite struct SurveyJSConditionParserTests {
    func lowered(_ text: String, booleans: Set<String> = []) throws -> Expression {
        try SurveyJSCondition.parse(text).lowered { booleans.contains($0) }
    }

    @Test(arguments: [
        ("{a} = 'x'", Expression.compare(.field(.init("a")), .equal, .literal(.string("x")))),
        ("{a} equal \"x\"", .compare(.field(.init("a")), .equal, .literal(.string("x")))),
        ("{a} <> 3", .compare(.field(.init("a")), .notEqual, .literal(.number(3)))),
        ("{a} notequal 3", .compare(.field(.init("a")), .notEqual, .literal(.number(3)))),
        ("{a} greaterorequal 18", .compare(.field(.init("a")), .greaterOrEqual, .literal(.number(18)))),
        ("{a} empty", .compare(.field(.init("a")), .equal, .literal(.string("")))),
        ("{a} notempty", .compare(.field(.init("a")), .notEqual, .literal(.string("")))),
        ("{a} contains 'x'", .compare(.field(.init("a")), .contains, .literal(.string("x")))),
        ("{a} *= 'x'", .compare(.field(.init("a")), .contains, .literal(.string("x")))),
        ("{a} notcontains 'x'", .not(.compare(.field(.init("a")), .contains, .literal(.string("x"))))),
        ("{a} anyof ['x', 'y']", .compare(.field(.init("a")), .in, .list([.literal(.string("x")), .literal(.string("y"))]))),
        ("{a} noneof ['x']", .not(.compare(.field(.init("a")), .in, .list([.literal(.string("x"))])))),
        ("{a} allof ['x', 'y']", .and([.compare(.field(.init("a")), .contains, .literal(.string("x"))),
                                       .compare(.field(.init("a")), .contains, .literal(.string("y")))])),
        ("{a} = {b}", .compare(.field(.init("a")), .equal, .field(.init("b")))),
        ("!({a} = 1)", .not(.compare(.field(.init("a")), .equal, .literal(.number(1))))),
    ])
    func operators(_ text: String, _ expected: Expression) throws {
        #expect(try lowered(text) == expected)
    }

    @Test func andBindsTighterThanOrInAnyCase() throws {
        let a = Expression.compare(.field(.init("a")), .equal, .literal(.number(1)))
        let b = Expression.compare(.field(.init("b")), .equal, .literal(.number(2)))
        let c = Expression.compare(.field(.init("c")), .equal, .literal(.number(3)))
        #expect(try lowered("{a} = 1 OR {b} = 2 AND {c} = 3") == .or([a, .and([b, c])]))
        #expect(try lowered("{a} = 1 || {b} = 2 && {c} = 3") == .or([a, .and([b, c])]))
        #expect(try lowered("({a} = 1 or {b} = 2) and {c} = 3") == .and([.or([a, b]), c]))
    }

    @Test func aBareYesNoQuestionIsATruthValue() throws {
        #expect(try lowered("{ok}", booleans: ["ok"]) == .compare(.field(.init("ok")), .equal, .literal(.bool(true))))
        #expect(throws: SurveyJSLoweringFailure.self) { try lowered("{name}") }
    }

    @Test(arguments: ["age({birth}) >= 18", "{a} + {b} > 3", "{m.row} = 1", "{dyn[0].q} = 1", "iif({a} = 1, true, false)"])
    func whatTheIRCannotHoldFailsWithAReason(_ text: String) throws {
        let syntax = try SurveyJSCondition.parse(text)  // survey-core parses all of these
        #expect(throws: SurveyJSLoweringFailure.self) { try syntax.lowered { _ in false } }
    }

    @Test(arguments: [("{a} = 'x", 7, "unterminated string"), ("{a} = ", 7, "ends"), ("{a = 1", 1, "unterminated '{'"),
                      ("({a} = 1", 9, "expected ')'"), ("{a} = 1 2", 9, "unexpected"), ("{a} = yes", 7, "'yes' is not a value")])
    func syntaxErrorsCarryTheColumn(_ text: String, _ column: Int, _ words: String) {
        do {
            _ = try SurveyJSCondition.parse(text)
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.column == column, "\(text): \(error)")
            #expect(error.message.contains(words), "\(text): \(error)")
        }
    }

    @Test func variablesAndLiteralsAreListed() throws {
        let e = try SurveyJSCondition.parse("{a} = 'x' and {b} anyof [1, 2] or {A} notempty")
        #expect(e.variables == ["a", "b", "A"])
        #expect(e.literals == [.string("x"), .number(1), .number(2)])
    }
}
