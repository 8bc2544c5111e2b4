import FormIR
import FormConvTestSupport
import Testing
@testable import Expressions

/// The quick expressibility check never claims more than the print → parse round trip proves.
@Suite struct ReadBackTests {
    @Test(arguments: [ExpressionDialect.rowPredicate, .xlformPredicate])
    func certainImpliesRoundTrip(dialect: ExpressionDialect) {
        var random = RandomExpressions(rng: SplitMix64(seed: 0x5EED_0101))
        var certain = 0
        for i in 0..<3000 {
            var e = i % 3 == 0 ? random.condition(depth: 3) : random.predicate(depth: 4)
            if i % 5 == 0 { e = e.negated }
            if i % 7 == 0 { e = .and([e, .compare(.field(FieldReference("n")), .equal, .literal(.number(.nan)))]) }
            if i % 11 == 0 { e = .or([e, .field(FieldReference("flag"))]) }
            let text = PredicatePrinter.print(e, dialect: dialect)
            let roundTrip = PredicateReadBack.readsBack(text, as: e, dialect: dialect)
            if PredicateReadBack.certain(e) {
                certain += 1
                #expect(roundTrip, "\(text)")
            }
            #expect(Predicate.expressible(e, dialect: dialect) == roundTrip, "\(text)")
            #expect(Predicate.printIfExpressible(e, dialect: dialect) == (roundTrip ? text : nil), "\(text)")
        }
        #expect(certain > 500)
    }

    @Test func uncertainShapesTakeTheRoundTrip() {
        let a = Expression.compare(.field(FieldReference("a")), .equal, .literal(.string("x")))
        #expect(PredicateReadBack.certain(a))
        #expect(!PredicateReadBack.certain(.and([a])))
        #expect(Predicate.expressible(.and([a]), dialect: .rowPredicate))
        #expect(!PredicateReadBack.certain(.compare(.field(FieldReference("first-name")), .equal, .literal(.number(1)))))
        #expect(!Predicate.expressible(.compare(.field(FieldReference("first-name")), .equal, .literal(.number(1))),
                                       dialect: .rowPredicate))
        #expect(!Predicate.expressible(.compare(.field(FieldReference("a")), .equal, .literal(.number(.infinity))),
                                       dialect: .rowPredicate))
        #expect(!Predicate.expressible(.field(FieldReference("flag")), dialect: .rowPredicate))
    }
}
