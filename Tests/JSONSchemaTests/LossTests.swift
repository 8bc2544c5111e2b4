import Emitters
import FormIR
import Testing

/// What has no JSON Schema meaning is reported, never dropped silently.
@Suite struct LossTests {
    @Test func layoutStyleActionsAndComputedValuesAreLosses() throws {
        var f = Field(id: "total", kind: .text, layout: Layout(position: "upper_left", size: 120),
                      style: Style(textColor: "#FF0000"), actions: [.notify], location: SourceLocation(file: "f.xml", line: 7, column: 3))
        f.texts.placeholder = "Amount"
        let rules = [
            Rule(condition: SampleForms.eq("a", "1"), target: .field("total"), then: [.evaluate(.add("a", "b"))]),
            Rule(condition: SampleForms.eq("a", "1"), target: .field("total"), then: [.copy([CopySource(field: "a")])]),
            Rule(condition: SampleForms.eq("a", "1"), target: .field("total"), then: [.disable]),
        ]
        let s = try SchemaHarness.emit(SampleForms.form([Field(id: "a", kind: .text), f], rules: rules))
        let ids = Set(s.lossIDs)
        for id in ["loss.layout.position", "loss.layout.size", "loss.style.colors", "loss.action.notify",
                   "loss.text.placeholder", "loss.relationship.evaluate", "loss.relationship.copy",
                   "loss.relationship.enable-disable"] {
            #expect(ids.contains(id), "\(id) missing from \(ids.sorted())")
        }
        let position = try #require(s.diagnostics.losses.first { $0.id == "loss.layout.position" })
        #expect(position.location == SourceLocation(file: "f.xml", line: 7, column: 3))
        #expect(position.path == "/pages/0/sections/0/fields/total")
        #expect(position.loss == Loss(feature: "layout.position", target: "json-schema"))
    }

    /// JSON has no NaN or infinity: a default or option value that is one becomes null, and that is a loss
    /// at the field, with the value's path in the schema.
    @Test func nonFiniteValuesAreLossesAtTheirField() throws {
        let at = SourceLocation(file: "in.yaml", line: 3, column: 9)
        let field = Field(id: "a", kind: .decimal, defaultValue: .double(.infinity), location: at)
        let s = try SchemaHarness.emit(SampleForms.form([field]))
        let lost = try #require(s.diagnostics.losses.first { $0.id == "loss.value.non-finite" })
        #expect(lost.location == at && lost.path == "/properties/a/default")
        #expect(lost.message == "a: json-schema cannot hold inf; the value at /properties/a/default is written as null")
        let finite = try SchemaHarness.emit(SampleForms.form([Field(id: "a", kind: .decimal, defaultValue: .double(2.5))]))
        #expect(!finite.lossIDs.contains("loss.value.non-finite"))
    }

    @Test func everyFeatureNotDeclaredIsReportedAndDeclaredOnesAreWritten() {
        let supported = JSONSchemaEmitter().supportedFeatures
        #expect(supported.contains(.required) && supported.contains(.ruleShowHideField) && supported.contains(.partClone))
        for f in [Feature.formatting, .position, .colors, .ruleEvaluate, .ruleCopy, .actionNotify, .comparison,
                  .dateRestriction, .presentation, .placeholder] {
            #expect(!supported.contains(f), "\(f.rawValue) has no JSON Schema meaning")
        }
    }

    @Test func unknownDraftWarnsAndWrites2020() throws {
        var d = Diagnostics()
        let bytes = try JSONSchemaEmitter(draft: "2019-09").emit(SampleForms.form([Field(id: "a", kind: .text)]),
                                                 options: EmitOptions(), diagnostics: &d)
        #expect(d.items.map(\.id) == ["json-schema.unknown-draft"])
        #expect(String(decoding: bytes, as: UTF8.self).contains("https://json-schema.org/draft/2020-12/schema"))
    }

    @Test func draft07() throws {
        let s = try SchemaHarness.emit(SampleForms.loan, draft: "07")
        #expect(s.json["$schema"] as? String == "http://json-schema.org/draft-07/schema#")
        #expect(!s.text.contains("$defs") && !s.text.contains("dependentRequired") && !s.text.contains("prefixItems"))
        try SchemaHarness.expect(s, draft: "07", invalid: ["{}"])
    }

    @Test func duplicateKeysAcceptEitherValueAndWarn() throws {
        let a = Field(id: "a", kind: .integer, submission: Submission(key: "k"))
        let b = Field(id: "b", kind: .text, submission: Submission(key: "k"))
        let s = try SchemaHarness.emit(SampleForms.form([a, b]))
        #expect(s.diagnostics.items.map(\.id) == ["json-schema.duplicate-key"])
        try SchemaHarness.expect(s, valid: [#"{"k": 1}"#, #"{"k": "x"}"#], invalid: [#"{"k": true}"#])
    }

    @Test func outputIsDeterministic() throws {
        let a = try SchemaHarness.emit(SampleForms.loan).text
        let b = try SchemaHarness.emit(SampleForms.loan).text
        #expect(a == b)
    }

    @Test func loanGolden() throws {
        let s = try SchemaHarness.emit(SampleForms.loan)
        Golden.check(s.text, against: "loan.schema.json")
        Golden.check(Golden.lossText(s.diagnostics), against: "loan.losses.txt")
    }
}
