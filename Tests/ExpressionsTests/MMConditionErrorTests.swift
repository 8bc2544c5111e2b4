import FormIR
import Testing
@testable import Expressions

@Suite struct MMConditionErrorTests {
    /// Bad conditions with the exact column (1-based, Unicode scalars) the error must point at.
    @Test(arguments: [
        ("", 1),
        ("   \n ", 1),
        ("a == \"US", 6),
        ("(a == 1", 8),
        ("(a == 1 ", 9),
        ("a == 1)", 7),
        ("a = 1", 3),
        ("a ! 1", 3),
        ("a < 1", 3),
        ("a > 1", 3),
        ("a == 1 b == 2", 8),
        ("a == 1 AND", 11),
        ("a ==", 5),
        ("a", 2),
        ("a b", 3),
        ("AND a == 1", 1),
        ("a == == 1", 6),
        ("() ", 2),
        ("é == \"ü\" AND (x == 1", 21),
        ("a == 1 OR (b == 2 c == 3)", 19),
        ("a == \"x\" \"y\"", 10),
    ])
    func errorColumns(text: String, column: Int) {
        #expect(throws: ExpressionError.self) { try MMCondition.parse(text) }
        do {
            _ = try MMCondition.parse(text)
        } catch {
            #expect(error.column == column, "\(text.debugDescription): \(error)")
        }
    }

    @Test func messagesNameTheProblem() {
        func message(_ text: String) -> String {
            do { _ = try MMCondition.parse(text); return "" } catch { return error.message }
        }
        #expect(message("").contains("empty condition"))
        #expect(message("a == \"x").contains("unterminated string"))
        #expect(message("(a == 1").contains("missing ')'"))
        #expect(message("a = 1").contains("'=='"))
        #expect(message("a > 1").contains("BT"))
        #expect(message("a == 1 b == 2").contains("'b'"))
    }
}
