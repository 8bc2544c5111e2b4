import Testing
@testable import FormIR

/// Rules that name nothing in the form (a legacy MM XML form's removed item, a case-only mismatch,
/// a group in a condition): found by `FeatureScan`, left out and reported by `LossCheck`.
@Suite struct FormIRUnresolvedRuleTests {
    static let form = Form(
        pages: [Page(id: "p", sections: [Section(id: "g", fields: [
            Field(id: "a", kind: .text), Field(id: "sponsorAddress", kind: .address),
        ])])],
        rules: [
            Rule(condition: .compare(.field(FieldReference("a")), .equal, .literal(.string("1"))), target: .field("sponsorAddress"), then: [.show]),
            Rule(condition: nil, target: .field("sponsoraddress"), then: [.hide]),
            Rule(condition: .compare(.field(FieldReference("g")), .equal, .literal(.string("true"))), target: .field("a"), then: [.show]),
            Rule(condition: nil, target: .section("g"), then: [.hide]),
            Rule(condition: nil, target: .page("q"), then: [.hide], location: SourceLocation(file: "f.xml", line: 9, column: 3)),
        ])

    @Test func findsTheTargetOrConditionNameThatIsNotThere() {
        let found = FeatureScan.unresolvedRules(in: Self.form)
        #expect(found.map(\.index) == [1, 2, 4])
        #expect(found.map(\.name) == ["sponsoraddress", "g", "q"])
    }

    @Test func leavesThemOutWithOneLossEach() {
        var form = Self.form
        var d = Diagnostics()
        LossCheck.leaveOutUnresolvedRules(&form, target: "json", into: &d)
        #expect(form.rules == [Self.form.rules[0], Self.form.rules[3]])
        #expect(d.items.map(\.id) == Array(repeating: "loss.relationship.unresolved", count: 3))
        #expect(d.items.map(\.path) == ["/rules/1", "/rules/2", "/rules/4"])
        #expect(d.items.last?.location == SourceLocation(file: "f.xml", line: 9, column: 3))
        #expect(d.items.allSatisfy { $0.loss == Loss(feature: "relationship.unresolved", target: "json") })
    }

    @Test func theLossCheckReportsThemTheSameWay() {
        var left = Self.form, reported = Diagnostics(), removed = Diagnostics()
        LossCheck.leaveOutUnresolvedRules(&left, target: "json", into: &removed)
        LossCheck.report(Self.form, supported: Set(Feature.allCases).subtracting([.ruleUnresolved]), target: "json", into: &reported)
        #expect(reported.items == removed.items)
    }

    @Test func suggestionsPreferALetterCaseVariant() {
        #expect(Suggest.caseVariants(of: "sponsoraddress", in: ["a", "sponsorAddress", "sponsoraddress"]) == ["sponsorAddress"])
        #expect(Suggest.closest(to: "sponsorAdress", in: ["a", "sponsorAddress"]) == "sponsorAddress")
        #expect(Suggest.closest(to: "zzz", in: ["sponsorAddress"]) == nil)
    }
}
