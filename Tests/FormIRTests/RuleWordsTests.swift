import Testing
@testable import FormIR

/// A rule's loss words (`RuleWords`), written straight into the loss's message: the same words the
/// string-building version wrote, for each kind of effect and target (a page holding several
/// sections, an empty one among them, a target the form lacks, the form), `unless` and a condition
/// without source text.
@Suite struct FormIRRuleWordsTests {
    static let aIsOne = Expression.compare(.field(FieldReference("a")), .equal, .literal(.string("1")))
    static let form = Form(pages: [
        Page(id: "p", sections: [
            Section(id: "s1", fields: [Field(id: "a", kind: .text), Field(id: "b", kind: .text, submission: Submission(key: "bee"))]),
            Section(id: "s2"),
            Section(id: "s3", fields: [Field(id: "c", kind: .text)]),
        ]),
        Page(id: "q", sections: [Section(id: "s4")]),
    ], rules: [
        Rule(condition: aIsOne, target: .page("p"), then: [.hide]),
        Rule(condition: aIsOne, source: ConditionSource(dialect: .mmCondition, text: "a == 1"), target: .field("b"),
             then: [], otherwise: [.copy([CopySource(field: "a"), CopySource(field: "c")])]),
        Rule(condition: nil, target: .page("q"), then: [.submission(.skip)]),
        Rule(condition: nil, target: .field("zz"), then: [.setProperty(name: "colour", value: .string("red"))]),
        Rule(condition: nil, target: .form, then: [.setChecked(false)]),
        Rule(condition: nil, target: .section("missing"), then: [.enable]),
    ])

    @Test func eachEffectAndTargetIsNamedAsBefore() {
        var d = Diagnostics()
        LossCheck.report(Self.form, supported: [], target: "t", into: &d)
        let messages = d.items.filter { $0.path?.hasPrefix("/rules/") == true }.map(\.message)
        for words in [
            "rule that hides page 'p' (its fields 'a', 'bee' and 'c') when its condition holds; it stays visible",
            "rule that copies 'a' and 'c' into 'b' (submitted as 'bee') unless 'a == 1' holds; it is not filled in from them",
            "rule that leaves page 'q' out of the submission always; it is submitted as it is without the rule",
            "rule that sets colour = red on 'zz' always; it keeps its own colour",
            "rule that unchecks the form always; it is not checked or unchecked by it",
            "rule that enables group 'missing' always; it stays editable",
        ] {
            #expect(messages.contains { $0.hasSuffix("t cannot express the " + words) }, "\(words)")
        }
    }

    @Test func aLeftOutRuleIsNamedAsBefore() {
        let targets = RuleTargets(Self.form)
        #expect(targets.leftOut(Rule(condition: nil, target: .page("p"), then: []), condition: nil)
                == "relationship on page 'p' (its fields 'a', 'bee' and 'c') that does nothing")
        #expect(targets.leftOut(Self.form.rules[0], condition: "$a == '1'")
                == "rule that hides page 'p' (its fields 'a', 'bee' and 'c') when '$a == '1'' holds; it stays visible")
    }
}
