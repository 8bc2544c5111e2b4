import FormIR
import Testing
@testable import Expressions

@Suite struct ExpressionHelperTests {
    let a = Expression.compare(field("a"), .equal, num(1))
    let b = Expression.compare(field("b"), .equal, num(2))
    let c = Expression.compare(field("c"), .equal, num(3))

    @Test func flattenedMergesGroups() {
        #expect(Expression.and([.and([a, b]), c]).flattened == .and([a, b, c]))
        #expect(Expression.or([a, .or([b, .or([c])])]).flattened == .or([a, b, c]))
        #expect(Expression.and([.or([a])]).flattened == a)
        #expect(Expression.and([]).flattened == .literal(.bool(true)))
        #expect(Expression.or([]).flattened == .literal(.bool(false)))
        #expect(Expression.not(.not(a)).flattened == .not(.not(a)))
        #expect(Expression.and([.or([a, b]), c]).flattened == .and([.or([a, b]), c]))
    }

    @Test func simplifiedAlsoRemovesDoubleNegation() {
        #expect(Expression.not(.not(a)).simplified == a)
        #expect(Expression.not(.not(.not(a))).simplified == .not(a))
        #expect(Expression.not(.and([])).simplified == .literal(.bool(false)))
        #expect(Expression.and([.not(.not(.and([a, b]))), c]).simplified == .and([a, b, c]))
    }

    @Test func expressionSyntaxDispatchesOnDialect() throws {
        let mm = try ExpressionSyntax.parse("a == 1 AND b BT 2", dialect: .mmCondition)
        #expect(mm == .and([a, .compare(field("b"), .greater, num(2))]))
        #expect(ExpressionSyntax.print(mm, dialect: .mmCondition) == "a == 1 AND b BT 2")
        #expect(ExpressionSyntax.print(mm, dialect: .rowPredicate) == "$a == 1 AND $b > 2")
        #expect(ExpressionSyntax.print(mm, dialect: .xlformPredicate) == "$a.value == 1 AND $b.value > 2")
        let lessOrEqual = Expression.compare(field("a"), .lessOrEqual, num(1))
        #expect(ExpressionSyntax.print(lessOrEqual, dialect: .mmCondition) == nil)
        #expect(ExpressionSyntax.expressible(lessOrEqual, dialect: .rowPredicate))
        #expect(!ExpressionSyntax.expressible(lessOrEqual, dialect: .mmCondition))
    }

    @Test func errorDescriptionHasTheColumn() {
        #expect(ExpressionError("boom", column: 4).description == "column 4: boom")
    }
}
