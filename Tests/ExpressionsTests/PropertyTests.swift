import FormIR
import FormConvTestSupport
import Testing
@testable import Expressions

/// print → parse identity over thousands of random ASTs (fixed seeds, so failures reproduce).
@Suite struct PropertyTests {
    @Test(arguments: [ExpressionDialect.rowPredicate, .xlformPredicate])
    func predicatePrintParseIdentity(dialect: ExpressionDialect) throws {
        var random = RandomExpressions(rng: SplitMix64(seed: 0x5EED_0001))
        for _ in 0..<2000 {
            let e = random.predicate(depth: 4)
            let text = Predicate.print(e, dialect: dialect)
            let back = try Predicate.parse(text, dialect: dialect)
            #expect(back == e.flattened, "\(text)")
            #expect(Predicate.print(back, dialect: dialect) == text)
            #expect(Predicate.expressible(e, dialect: dialect))
        }
    }

    @Test func dialectsAgreeOnMeaning() throws {
        var random = RandomExpressions(rng: SplitMix64(seed: 0x5EED_0002))
        for _ in 0..<500 {
            let e = random.predicate(depth: 3)
            let row = try Predicate.parse(Predicate.print(e, dialect: .rowPredicate), dialect: .xlformPredicate)
            let xl = try Predicate.parse(Predicate.print(e, dialect: .xlformPredicate), dialect: .rowPredicate)
            #expect(row == xl)
        }
    }

    @Test func mmConditionPrintParseIdentity() throws {
        var random = RandomExpressions(rng: SplitMix64(seed: 0x5EED_0003))
        for _ in 0..<2000 {
            let e = random.condition(depth: 4)
            let text = try #require(MMCondition.print(e), "\(e)")
            let back = try MMCondition.parse(text)
            #expect(back == e.flattened, "\(text)")
            #expect(MMCondition.print(back) == text)
        }
    }

    @Test func mmConditionsCarryOverToPredicates() throws {
        var random = RandomExpressions(rng: SplitMix64(seed: 0x5EED_0004))
        for _ in 0..<500 {
            let e = try MMCondition.parse(try #require(MMCondition.print(random.condition(depth: 3))))
            let names = e.referencedFields
            guard names.allSatisfy({ $0.wholeMatch(of: /[A-Za-z_][A-Za-z0-9_]*/) != nil }) else { continue }
            for dialect in [ExpressionDialect.rowPredicate, .xlformPredicate] {
                let text = try #require(ExpressionSyntax.print(e, dialect: dialect))
                #expect(try ExpressionSyntax.parse(text, dialect: dialect) == e)
            }
        }
    }
}
