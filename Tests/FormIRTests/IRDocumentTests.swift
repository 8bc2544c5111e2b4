import Testing
@testable import FormIR

@Suite struct IRDocumentTests {
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

    @Test func roundTripsAndIgnoresLocations() throws {
        let bytes = try IRDocument.encode(Self.sample)
        let back = try IRDocument.decode(bytes, name: "x.ir.json")
        #expect(back == Self.sample)
        #expect(back.pages[0].sections[0].fields[0].location?.line == 3, "locations are serialized")
        var moved = Self.sample
        moved.pages[0].sections[0].fields[0].location = SourceLocation(file: "b.xml", line: 9, column: 9)
        #expect(moved == Self.sample, "locations take no part in equality")
    }

    /// YAML `.inf`/`.nan` and plist `nan` reach the IR; its JSON writes them as plist-style strings.
    @Test func nonFiniteNumbersRoundTrip() throws {
        var form = Self.sample
        form.pages[0].sections[0].fields[0].defaultValue = .double(.infinity)
        form.pages[0].sections[0].fields[1].defaultValue = .array([.double(-.infinity), .double(.nan), .string("nan")])
        let bytes = try IRDocument.encode(form)
        #expect(String(decoding: bytes, as: UTF8.self).contains("\"+infinity\""))
        let back = try IRDocument.decode(bytes, name: "x.ir.json")
        #expect(back.pages[0].sections[0].fields[0].defaultValue == .double(.infinity))
        guard case .array(let items)? = back.pages[0].sections[0].fields[1].defaultValue, items.count == 3 else {
            Issue.record("array lost"); return
        }
        #expect(items[0] == .double(-.infinity))
        #expect(items[1].doubleValue?.isNaN == true)
        #expect(items[2] == .string("nan"))
    }

    @Test func rejectsOtherVersions() {
        let bytes = Array(#"{"formconv-ir": 99, "form": {}}"#.utf8)
        #expect(throws: ReadFailure.self) { try IRDocument.decode(bytes, name: "x") }
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
}

@Suite struct FeatureScanTests {
    @Test func oneUsePerFeaturePerRule() {
        let form = Form(pages: [Page(sections: [Section(id: "g", fields: [Field(id: "a", kind: .text)])])],
                        rules: [Rule(condition: .literal(.bool(true)), target: .field("a"), then: [.disable], otherwise: [.enable]),
                                Rule(condition: .literal(.bool(true)), target: .section("g"), then: [.show], otherwise: [.hide])])
        let uses = FeatureScan.uses(in: form).map(\.feature)
        #expect(uses.filter { $0 == .ruleEnableDisable }.count == 1)
        #expect(uses.filter { $0 == .ruleShowHideSection }.count == 1)
    }
}
