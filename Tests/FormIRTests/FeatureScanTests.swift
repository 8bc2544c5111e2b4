import Testing
@testable import FormIR

@Suite struct FeatureScanTests {
    static let sample = Form(
        id: "f", title: LocalizedText([.init(locale: "EN_US", text: "Sign up"), .init(locale: "FR_CA", text: "Inscription")]),
        pages: [Page(id: "p1", sections: [Section(id: "g1", fields: [
            Field(id: "email", kind: .email, texts: FieldTexts(label: "Email"),
                  validation: Validation(required: true, patterns: [PatternRule(regex: "^.+@.+$", message: "bad")]),
                  extensions: ["mmxml.receipt": .string("personal")],
                  location: SourceLocation(file: "a.xml", line: 3, column: 5)),
            Field(id: "country", kind: .singleChoice, presentation: .dropDown,
                  options: [Option(value: .string("CA"), label: "Canada")]),
        ])])],
        rules: [Rule(condition: .compare(.field(FieldReference("country")), .equal, .literal(.string("CA"))),
                     target: .field("email"), then: [.show], otherwise: [.hide])])

    @Test func locationsTakeNoPartInEquality() {
        var moved = Self.sample
        moved.pages[0].sections[0].fields[0].location = SourceLocation(file: "b.xml", line: 9, column: 9)
        #expect(moved == Self.sample)
        #expect(moved.hashValue == Self.sample.hashValue)
    }

    @Test func lossCheckReportsUnsupportedFeatures() {
        var d = Diagnostics()
        LossCheck.report(Self.sample, supported: [.label, .options], target: "demo", into: &d)
        let features = Set(d.losses.compactMap { $0.loss?.feature })
        #expect(features.contains("validation.required"))
        #expect(features.contains("relationship.show-hide"))
        #expect(features.contains("extension"))
        #expect(!features.contains("text.label"))
        #expect(d.losses.first { $0.loss?.feature == "validation.required" }?.location?.line == 3)
    }

    @Test func oneUsePerFeaturePerRule() {
        let form = Form(pages: [Page(sections: [Section(id: "g", fields: [Field(id: "a", kind: .text)])])],
                        rules: [Rule(condition: .literal(.bool(true)), target: .field("a"), then: [.disable], otherwise: [.enable]),
                                Rule(condition: .literal(.bool(true)), target: .section("g"), then: [.show], otherwise: [.hide])])
        let uses = FeatureScan.uses(in: form).map(\.feature)
        #expect(uses.filter { $0 == .ruleEnableDisable }.count == 1)
        #expect(uses.filter { $0 == .ruleShowHideSection }.count == 1)
    }
}
