import Lowering
import FormIR
import Testing

/// `RuleStates` gives equal conditions one atom and a condition's negation (`.not(c)`, `c.negated`,
/// either way round) the negated atom of the earliest such rule. It finds them by one hash per
/// condition that a condition and its negations share (`RuleStates.signature`); checked here against
/// the plain definition (every earlier new condition compared with `==` and built negations) on
/// conditions that repeat, negate each other and differ only in negation.
@Suite struct LoweringRuleConditionIdentityTests {
    static func field(_ id: String) -> Expression { .field(FieldReference(id)) }
    static func text(_ s: String) -> Expression { .literal(.string(s)) }

    /// The atoms the plain definition gives: for each rule used in conditionals, the earliest earlier
    /// new condition equal to it, else the earliest that is its negation, else its own.
    static func reference(_ rules: [Rule]) -> [Formula] {
        let conditional: (Effect) -> Bool = {
            switch $0 {
            case .show, .hide, .submission, .setOptions: true
            default: false
            }
        }
        var new: [Int] = []
        var out: [Formula] = []
        for i in rules.indices {
            guard let c = rules[i].condition else { out.append(.true); continue }
            guard rules[i].then.contains(where: conditional) || rules[i].otherwise.contains(where: conditional) else {
                out.append(.atom(i))
                continue
            }
            if let k = new.first(where: { rules[$0].condition == c }) {
                out.append(.atom(k))
            } else if let k = new.first(where: { k in
                let d = rules[k].condition!
                return c == .not(d) || c == d.negated || d == .not(c) || d == c.negated
            }) {
                out.append(.not(.atom(k)))
            } else {
                new.append(i)
                out.append(.atom(i))
            }
        }
        return out
    }

    /// A small pool of conditions, built afresh each time: comparisons and their inverses, a
    /// comparison with no inverse, `NOT`, `AND`/`OR` and their De Morgan duals, literals.
    static func condition(_ n: Int) -> Expression? {
        let a = field("a"), b = field("b")
        let pool: [Expression?] = [
            nil,
            .compare(a, .equal, text("x")), .compare(a, .notEqual, text("x")), .not(.compare(a, .equal, text("x"))),
            .compare(a, .less, .literal(.number(3))), .compare(a, .greaterOrEqual, .literal(.number(3))),
            .compare(a, .greater, .literal(.number(3))), .not(.compare(a, .lessOrEqual, .literal(.number(3)))),
            .compare(a, .contains, text("y")), .not(.compare(a, .contains, text("y"))),
            .compare(a, .equal, text("x"), StringOptions(caseInsensitive: true)),
            .and([.compare(a, .equal, text("x")), .compare(b, .equal, text("z"))]),
            .or([.compare(a, .notEqual, text("x")), .compare(b, .notEqual, text("z"))]),
            .not(.and([.compare(a, .equal, text("x")), .compare(b, .equal, text("z"))])),
            .or([.compare(a, .equal, text("x")), .compare(b, .equal, text("z"))]),
            .literal(.bool(true)), .literal(.bool(false)), .not(.literal(.bool(true))),
            .compare(b, .equal, text("x")), .not(.not(.compare(a, .equal, text("x")))),
            .compare(a, .equal, .literal(.number(0))), .compare(a, .notEqual, .literal(.number(-0.0))),
        ]
        return pool[n % pool.count]
    }

    @Test func atomsMatchThePlainDefinition() {
        var seed: UInt64 = 41
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        let effects: [[Effect]] = [[.hide], [.show], [.setText(LocalizedText("t"))], [.submission(.skip)], []]
        for _ in 0..<200 {
            let rules = (0..<(1 + next(30))).map { _ in
                Rule(condition: Self.condition(next(64)), target: .field(["f", "g"][next(2)]),
                     then: effects[next(effects.count)], otherwise: effects[next(effects.count)])
            }
            let form = Form(pages: [Page(sections: [Section(fields: [Field(id: "f", kind: .text), Field(id: "g", kind: .text)])])],
                            rules: rules)
            let states = RuleStates(form: form)
            let expected = Self.reference(rules)
            #expect(rules.indices.map { states.condition($0) } == expected)
        }
    }

    /// The cases by name: a repeated condition is the first rule's atom, a negation (any spelling)
    /// its negated atom, and a condition differing from an earlier one by more than negation is new.
    @Test func repeatedNegatedAndDifferent() {
        let a = Self.field("a")
        let eq = Expression.compare(a, .equal, Self.text("x"))
        let rules = [
            Rule(condition: eq, target: .field("f"), then: [.hide]),
            Rule(condition: .compare(a, .equal, Self.text("x")), target: .field("f"), then: [.show]),
            Rule(condition: .compare(a, .notEqual, Self.text("x")), target: .field("f"), then: [.hide]),
            Rule(condition: .not(eq), target: .field("f"), then: [.hide]),
            Rule(condition: .compare(a, .notEqual, Self.text("w")), target: .field("f"), then: [.hide]),
            Rule(condition: .not(.compare(a, .notEqual, Self.text("w"))), target: .field("f"), then: [.show]),
        ]
        let form = Form(pages: [Page(sections: [Section(fields: [Field(id: "f", kind: .text)])])], rules: rules)
        let states = RuleStates(form: form)
        #expect(rules.indices.map { states.condition($0) } == [.atom(0), .atom(0), .not(.atom(0)), .not(.atom(0)),
                                                              .atom(4), .not(.atom(4))])
    }
}
