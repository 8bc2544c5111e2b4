import FormIR
import Testing
@testable import Expressions

/// Shorthands for building expected ASTs.
func field(_ id: String, _ property: FieldReference.Property = .value) -> Expression { .field(FieldReference(id, property: property)) }
func str(_ s: String) -> Expression { .literal(.string(s)) }
func num(_ n: Double) -> Expression { .literal(.number(n)) }

@Suite struct MMConditionTests {
    @Test func specExampleWithNewline() throws {
        let parsed = try MMCondition.parse("citizenship == \"US\" AND (gender == \"M\" OR age BT\n5)")
        let expected: Expression = .and([
            .compare(field("citizenship"), .equal, str("US")),
            .or([.compare(field("gender"), .equal, str("M")), .compare(field("age"), .greater, num(5))]),
        ])
        #expect(parsed == expected)
        #expect(MMCondition.print(parsed) == "citizenship == \"US\" AND (gender == \"M\" OR age BT 5)")
    }

    @Test(arguments: [
        ("a == \"x\"", Expression.compare(field("a"), .equal, str("x"))),
        ("a != \"x\"", .compare(field("a"), .notEqual, str("x"))),
        ("a BT 5", .compare(field("a"), .greater, num(5))),
        ("a LT -2.5", .compare(field("a"), .less, num(-2.5))),
        ("a == b", .compare(field("a"), .equal, field("b"))),
        ("\"x\" == a", .compare(str("x"), .equal, field("a"))),
        ("a == 1e+20", .compare(field("a"), .equal, num(1e20))),
        ("a == \"\"", .compare(field("a"), .equal, str(""))),
        ("a == \"two\nlines\"", .compare(field("a"), .equal, str("two\nlines"))),
        ("a == 5x", .compare(field("a"), .equal, field("5x"))),
    ])
    func everyOperatorRoundTrips(text: String, expected: Expression) throws {
        let parsed = try MMCondition.parse(text)
        #expect(parsed == expected)
        let printed = try #require(MMCondition.print(parsed))
        #expect(printed == text)
        #expect(try MMCondition.parse(printed) == parsed)
    }

    @Test func keywordsInAnyCase() throws {
        let parsed = try MMCondition.parse("a bt 1 and b Lt 2 Or c == \"x\"")
        #expect(MMCondition.print(parsed) == "a BT 1 AND b LT 2 OR c == \"x\"")
    }

    @Test func andBindsTighterThanOr() throws {
        let a = Expression.compare(field("a"), .equal, num(1))
        let b = Expression.compare(field("b"), .equal, num(2))
        let c = Expression.compare(field("c"), .equal, num(3))
        #expect(try MMCondition.parse("a == 1 OR b == 2 AND c == 3") == .or([a, .and([b, c])]))
        #expect(try MMCondition.parse("a == 1 AND b == 2 OR c == 3") == .or([.and([a, b]), c]))
        #expect(try MMCondition.parse("(a == 1 OR b == 2) AND c == 3") == .and([.or([a, b]), c]))
        // Chains and redundant parentheses flatten.
        #expect(try MMCondition.parse("a == 1 AND (b == 2 AND c == 3)") == .and([a, b, c]))
        #expect(try MMCondition.parse("((a == 1)) OR (b == 2 OR c == 3)") == .or([a, b, c]))
        #expect(MMCondition.print(.or([a, .and([b, c])])) == "a == 1 OR b == 2 AND c == 3")
        #expect(MMCondition.print(.and([.or([a, b]), c])) == "(a == 1 OR b == 2) AND c == 3")
        #expect(MMCondition.print(.and([a])) == "a == 1")
    }

    @Test func notFoldsWhereExact() {
        let eq = Expression.compare(field("a"), .equal, str("x"))
        let gt = Expression.compare(field("b"), .greater, num(1))
        #expect(MMCondition.print(.not(eq)) == "a != \"x\"")
        #expect(MMCondition.print(.not(.not(gt))) == "b BT 1")
        #expect(MMCondition.print(.not(.or([eq, .compare(field("c"), .notEqual, num(2))]))) == "a != \"x\" AND c == 2")
        #expect(MMCondition.print(.not(gt)) == nil)
    }

    @Test(arguments: [
        Expression.compare(field("a"), .lessOrEqual, num(5)),
        .compare(field("a"), .greaterOrEqual, num(5)),
        .compare(field("a"), .in, .list([str("x")])),
        .compare(field("a"), .between, .list([num(1), num(2)])),
        .compare(field("a"), .contains, str("x")),
        .compare(field("a"), .beginsWith, str("x")),
        .compare(field("a"), .endsWith, str("x")),
        .compare(field("a"), .like, str("x")),
        .compare(field("a"), .matches, str("x")),
        .compare(field("a"), .equal, str("x"), StringOptions(caseInsensitive: true)),
        .compare(field("a", .isHidden), .equal, str("x")),
        .compare(field("a", .isDisabled), .equal, str("x")),
        .compare(.selfValue, .equal, str("x")),
        .compare(field("a"), .equal, .literal(.bool(true))),
        .compare(field("a"), .equal, .literal(.null)),
        .compare(field("a"), .equal, str("say \"hi\"")),
        .compare(field("a"), .equal, num(.nan)),
        .compare(field("first name"), .equal, str("x")),
        .compare(field("and"), .equal, str("x")),
        .compare(field("42"), .equal, str("x")),
        .not(.compare(field("a"), .contains, str("x"))),
        .literal(.bool(true)),
        .field(FieldReference("flag")),
        .and([]),
        .or([.compare(field("a"), .equal, num(1)), .compare(field("b"), .lessOrEqual, num(1))]),
    ])
    func inexpressibleGivesNil(_ expression: Expression) {
        #expect(MMCondition.print(expression) == nil)
        #expect(!MMCondition.expressible(expression))
    }
}
