import FormIR
import Testing
@testable import Expressions

@Suite struct PredicateErrorTests {
    /// Bad predicates with the exact column (1-based, Unicode scalars) the error must point at.
    @Test(arguments: [
        ("", 1),
        ("  ", 1),
        ("$a == 'x", 7),
        ("$a == \"x", 7),
        ("$a == 'x\\'", 7),
        ("($a == 1", 9),
        ("$a == 1)", 8),
        ("$a == 1 $b == 2", 9),
        ("$a ==", 6),
        ("$a", 3),
        ("a == 1", 1),
        ("$ == 1", 1),
        ("$a & $b", 4),
        ("$a | $b", 4),
        ("$a CONTAINS[x] 'y'", 13),
        ("$a CONTAINS[c 'y'", 14),
        ("$a CONTAINS[] 'y'", 12),
        ("$a.foo == 1", 4),
        ("$a. == 1", 5),
        ("$a BETWEEN {1, 2, 3}", 12),
        ("$a IN {1, 2", 12),
        ("$a IN {1 2}", 10),
        ("ANY $a == 1", 1),
        ("$a == 12abc", 7),
        ("$a == @", 7),
        ("$a == '\\u12'", 8),
        ("AND $a == 1", 1),
        ("$a == 1 AND", 12),
        ("é == 1", 1),
        ("$é == 1", 1),
        ("$a == 'ü' AND ($b == 1", 23),
        ("NOT", 4),
        ("$a [c] 'x'", 4),
    ])
    func errorColumns(text: String, column: Int) {
        #expect(throws: ExpressionError.self) { try Predicate.parse(text, dialect: .rowPredicate) }
        do {
            _ = try Predicate.parse(text, dialect: .xlformPredicate)
        } catch {
            #expect(error.column == column, "\(text.debugDescription): \(error)")
        }
    }

    @Test func messagesNameTheProblem() {
        func message(_ text: String) -> String {
            do { _ = try Predicate.parse(text, dialect: .rowPredicate); return "" } catch { return error.message }
        }
        #expect(message("").contains("empty predicate"))
        #expect(message("$a == 'x").contains("unterminated string"))
        #expect(message("($a == 1").contains("missing ')'"))
        #expect(message("a == 1").contains("$a"))
        #expect(message("$a.foo == 1").contains("unknown property 'foo'"))
        #expect(message("ANY $a == 1").contains("ANY"))
        #expect(message("$a BETWEEN {1}").contains("BETWEEN"))
    }

    @Test func deepNestingIsAnErrorNotACrash() throws {
        let deep = String(repeating: "(", count: 5000) + "$a == 1" + String(repeating: ")", count: 5000)
        #expect(throws: ExpressionError.self) { try Predicate.parse(deep, dialect: .rowPredicate) }
        let nots = String(repeating: "NOT ", count: 5000) + "$a == 1"
        #expect(throws: ExpressionError.self) { try Predicate.parse(nots, dialect: .rowPredicate) }
        let lists = "$a IN " + String(repeating: "{", count: 5000)
        #expect(throws: ExpressionError.self) { try Predicate.parse(lists, dialect: .rowPredicate) }
        let mm = String(repeating: "(", count: 5000) + "a == 1" + String(repeating: ")", count: 5000)
        #expect(throws: ExpressionError.self) { try MMCondition.parse(mm) }
        let fine = String(repeating: "(", count: 100) + "$a == 1" + String(repeating: ")", count: 100)
        #expect(try Predicate.parse(fine, dialect: .rowPredicate) == .compare(field("a"), .equal, num(1)))
    }

    @Test func longChainsParseQuickly() throws {
        let clauses = (0..<20_000).map { "$f\($0) == \($0)" }
        let start = ContinuousClock.now
        let parsed = try Predicate.parse(clauses.joined(separator: " OR "), dialect: .rowPredicate)
        let elapsed = ContinuousClock.now - start
        guard case .or(let items) = parsed else { Issue.record("not an OR"); return }
        #expect(items.count == 20_000)
        #expect(elapsed < .seconds(5))
    }
}
