import Foundation
import Testing
import FormIR
import Expressions
import Emitters

/// A row's `hidden` when several rules on it share a condition, negate each other or differ only in
/// negation (docs/row-schema.md, "Relationships → hidden / disabled"; docs/rule-lowering.md: equal
/// and complementary conditions share an atom): the row says the one condition, or `true`, not a
/// predicate that repeats it.
@Suite struct RowSchemaRuleConditionStatesTests {
    static let delivery = FormIR.Expression.field(FieldReference("delivery"))
    static let pickup = FormIR.Expression.compare(delivery, .equal, .literal(.string("pickup")), StringOptions())
    static let express = FormIR.Expression.compare(.field(FieldReference("speed")), .equal, .literal(.string("express")),
                                            StringOptions())

    /// The `hidden` value of row `address`, as written.
    static func hidden(_ rules: [Rule]) throws -> Any? {
        try RowSchemaRuleCombinationTests.property("hidden", of: "address", rules: rules)
    }

    static func printed(_ e: FormIR.Expression) -> String { Predicate.print(e, dialect: .rowPredicate) }

    @Test func aRepeatedConditionIsSaidOnce() throws {
        let hidden = try Self.hidden([
            Rule(condition: Self.pickup, target: .field("address"), then: [.hide]),
            Rule(condition: .compare(Self.delivery, .equal, .literal(.string("pickup"))), target: .field("address"), then: [.hide]),
        ])
        #expect(hidden as? String == Self.printed(Self.pickup))
    }

    /// `hide when pickup` then `show when delivery != pickup` (or `NOT pickup`): hidden for a pick-up.
    @Test func conditionsThatNegateEachOtherShareOne() throws {
        for negation in [FormIR.Expression.compare(Self.delivery, .notEqual, .literal(.string("pickup"))), .not(Self.pickup)] {
            let hidden = try Self.hidden([
                Rule(condition: Self.pickup, target: .field("address"), then: [.hide]),
                Rule(condition: negation, target: .field("address"), then: [.show]),
            ])
            #expect(hidden as? String == Self.printed(Self.pickup), "\(negation)")
        }
    }

    /// `hide when C` and `hide when NOT C` (C an `AND`, its negation spelt as the `OR` of the negated
    /// parts too): hidden always.
    @Test func conditionsDifferingOnlyInNegationCoverEveryAnswer() throws {
        let both = FormIR.Expression.and([Self.pickup, Self.express])
        let negations: [FormIR.Expression] = [
            .not(both),
            .or([.compare(Self.delivery, .notEqual, .literal(.string("pickup"))),
                 .compare(.field(FieldReference("speed")), .notEqual, .literal(.string("express")))]),
        ]
        for negation in negations {
            let hidden = try Self.hidden([
                Rule(condition: both, target: .field("address"), then: [.hide]),
                Rule(condition: negation, target: .field("address"), then: [.hide]),
            ])
            #expect(hidden as? Bool == true, "\(negation)")
        }
    }

    /// Two different conditions stay two: `hide when pickup`, `hide when express`.
    @Test func differentConditionsStayApart() throws {
        let hidden = try Self.hidden([
            Rule(condition: Self.pickup, target: .field("address"), then: [.hide]),
            Rule(condition: Self.express, target: .field("address"), then: [.hide]),
        ])
        for (delivery, speed) in RowSchemaRuleCombinationTests.answers {
            #expect(try RowSchemaRuleCombinationTests.holds(hidden, delivery: delivery, speed: speed)
                    == (delivery == "pickup" || speed == "express"), "\(delivery) \(speed)")
        }
    }
}
