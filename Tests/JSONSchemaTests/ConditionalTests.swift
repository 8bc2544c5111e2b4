import FormIR
import Testing

/// Relationships become `if`/`then`/`else`: hidden fields are not required, shown ones are.
@Suite struct ConditionalTests {
    typealias S = SampleForms

    func required(_ id: String) -> Field {
        Field(id: id, kind: .text, validation: Validation(required: true))
    }

    @Test func hiddenByDefaultShownByARuleIsRequiredOnlyInThen() throws {
        let s = try SchemaHarness.emit(SampleForms.loan)
        let base = #""firstName": "Al", "postal": "1", "birthDay": "1", "birthMonth": "1", "birthYear": "2000", "myHouseAddress1": "a", "myHouseCity": "c", "myHousePostalCode": "p", "myHouseStateProv": "s", "myHouseCountry": "CAN", "agree": 1"#
        try SchemaHarness.expect(s, valid: ["{\(base), \"type\": \"retired\"}", "{\(base), \"type\": \"employed\", \"employer\": \"ACME\"}"],
                                 invalid: ["{\(base), \"type\": \"employed\"}", "{\(base)}", "{\(base), \"type\": \"unemployed\"}"])
    }

    @Test func aRuleThatHidesMakesTheFieldOptionalWhenItHolds() throws {
        let form = S.form([Field(id: "kind", kind: .text), required("a")], rules: [
            S.rule(S.eq("kind", "none"), #"kind == "none""#, target: .field("a"), then: [.hide]),
        ])
        let s = try SchemaHarness.emit(form)
        #expect(s.json["required"] == nil)
        try SchemaHarness.expect(s, valid: [#"{"kind": "none"}"#, #"{"kind": "x", "a": "1"}"#],
                                 invalid: [#"{"kind": "x"}"#, #"{}"#])
    }

    @Test func complementaryRulesShareOneIfThenElse() throws {
        let form = S.form([Field(id: "k", kind: .text), required("a"), required("b")], rules: [
            S.rule(S.eq("k", "1"), #"k == "1""#, target: .field("a"), then: [.show], otherwise: [.hide]),
            S.rule(S.eq("k", "1"), #"k == "1""#, target: .field("b"), then: [.hide], otherwise: [.show]),
        ])
        let s = try SchemaHarness.emit(form)
        let all = try #require(s.json["allOf"] as? [[String: Any]])
        #expect(all.count == 1, "one if/then/else for k == 1")
        try SchemaHarness.expect(s, valid: [#"{"k": "1", "a": "x"}"#, #"{"k": "2", "b": "x"}"#, #"{"b": "x"}"#],
                                 invalid: [#"{"k": "1", "b": "x"}"#, #"{"k": "2", "a": "x"}"#])
    }

    @Test func aConditionAndItsNegationOnOneRuleBecomeElse() throws {
        let form = S.form([Field(id: "k", kind: .text), required("a"), required("b")], rules: [
            S.rule(S.eq("k", "1"), #"k == "1""#, target: .field("a"), then: [.show], otherwise: [.hide]),
            S.rule(.not(S.eq("k", "1")), #"k != "1""#, target: .field("b"), then: [.show], otherwise: [.hide]),
        ])
        let s = try SchemaHarness.emit(form)
        let all = try #require(s.json["allOf"] as? [[String: Any]])
        #expect(all.count == 1)
        #expect(all.first?["else"] != nil)
        try SchemaHarness.expect(s, valid: [#"{"k": "1", "a": "x"}"#, #"{"k": "2", "b": "x"}"#],
                                 invalid: [#"{"k": "1", "b": "x"}"#, #"{"k": "2", "a": "x"}"#])
    }

    @Test func sectionAndPageVisibility() throws {
        var form = S.form([Field(id: "k", kind: .integer), required("a")], sectionHidden: true)
        form.rules = [S.rule(.compare(.field(FieldReference("k")), .greater, .literal(.number(17))), "k BT 17",
                             target: .section("g1"), then: [.show], otherwise: [.hide])]
        let s = try SchemaHarness.emit(form)
        #expect(s.lossIDs.isEmpty)
        // The section holds k too: k is submitted only while the section shows.
        try SchemaHarness.expect(s, valid: [#"{}"#, #"{"k": 18, "a": "x"}"#, #"{"k": 17}"#], invalid: [#"{"k": 18}"#])
    }

    @Test func operatorsJSONSchemaCanSay() throws {
        let n = FieldReference("n"), t = FieldReference("t")
        let cond = Expression.or([
            .and([.compare(.field(n), .greaterOrEqual, .literal(.number(10))), .compare(.field(n), .less, .literal(.number(20)))]),
            .compare(.field(t), .in, .list([.literal(.string("x")), .literal(.string("y"))])),
            .not(.compare(.field(t), .notEqual, .literal(.string("z")))),
            .compare(.field(t), .beginsWith, .literal(.string("pre")), StringOptions(caseInsensitive: true)),
        ])
        let form = S.form([Field(id: "n", kind: .integer), Field(id: "t", kind: .text), required("a")], rules: [
            S.rule(cond, "(n >= 10 AND n < 20) OR t IN {x, y} OR NOT t != z OR t BEGINSWITH[c] pre",
                   target: .field("a"), then: [.show], otherwise: [.hide]),
        ])
        let s = try SchemaHarness.emit(form)
        #expect(s.lossIDs.isEmpty)
        try SchemaHarness.expect(s, valid: [#"{"n": 9}"#, #"{"n": 10, "a": "1"}"#, #"{"n": 20}"#, #"{"t": "w"}"#,
                                            #"{"t": "PREfix", "a": "1"}"#],
                                 invalid: [#"{"n": 15}"#, #"{"t": "x"}"#, #"{"t": "z"}"#, #"{"t": "Prefix"}"#])
    }

    @Test func comparingTextAsANumberIsALossKeptAsAnnotation() throws {
        let form = S.form([Field(id: "income", kind: .text), required("a")], rules: [
            S.rule(.compare(.field(FieldReference("income")), .greater, .literal(.number(5000))), "income BT 5000",
                   target: .field("a"), then: [.show], otherwise: [.hide]),
        ])
        let s = try SchemaHarness.emit(form)
        #expect(s.lossIDs == ["loss.condition"])
        let a = try #require((s.json["properties"] as? [String: Any])?["a"] as? [String: Any])
        #expect(a["x-formconv-condition"] as? String == "income BT 5000")
        #expect(s.json["allOf"] == nil)
        try SchemaHarness.expect(s, valid: [#"{"income": "6000"}"#, #"{"income": "6000", "a": "x"}"#])
    }

    @Test func optionSetsChangedByARuleBecomeConditionalEnums() throws {
        let country = Field(id: "country", kind: .singleChoice, options: ["CA", "US"].map { Option(value: .string($0)) })
        let region = Field(id: "region", kind: .singleChoice, options: ["QC", "ON"].map { Option(value: .string($0)) })
        let form = S.form([country, region], rules: [
            S.rule(S.eq("country", "US"), #"country == "US""#, target: .field("region"),
                   then: [.setOptions(["NY", "MA"].map { Option(value: .string($0)) })],
                   otherwise: [.setOptions(["QC", "ON"].map { Option(value: .string($0)) })]),
        ])
        let s = try SchemaHarness.emit(form)
        let region0 = try #require((s.json["properties"] as? [String: Any])?["region"] as? [String: Any])
        #expect(region0["enum"] as? [String] == ["QC", "ON", "NY", "MA", ""], "an optional choice may be left empty")
        try SchemaHarness.expect(s, valid: [#"{"country": "US", "region": "NY"}"#, #"{"country": "CA", "region": "QC"}"#,
                                            #"{"region": "ON"}"#],
                                 invalid: [#"{"country": "US", "region": "QC"}"#, #"{"country": "CA", "region": "MA"}"#,
                                           #"{"region": "TX"}"#])
    }

    @Test func submissionEffectsDecideWhetherAKeyIsSent() throws {
        let form = S.form([Field(id: "k", kind: .text), required("a"),
                           Field(id: "h", kind: .text, validation: Validation(required: true), isHidden: true)], rules: [
            S.rule(S.eq("k", "skip"), #"k == "skip""#, target: .field("a"), then: [.submission(.skip)]),
            S.rule(S.eq("k", "force"), #"k == "force""#, target: .field("h"), then: [.submission(.force)]),
        ])
        let s = try SchemaHarness.emit(form)
        #expect(s.lossIDs.isEmpty)
        // h is sent while forced, but a hidden item is not validated: it may be absent or empty.
        try SchemaHarness.expect(s, valid: [#"{"k": "skip"}"#, #"{"k": "force", "a": "1", "h": "2"}"#,
                                            #"{"k": "force", "a": "1"}"#],
                                 invalid: [#"{"k": "no"}"#, #"{"k": "no", "a": ""}"#, #"{"k": "force", "a": "1", "x": "2"}"#])
    }

    @Test func unconditionalRulesApplyAlways() throws {
        let form = S.form([required("a")], rules: [
            Rule(condition: nil, target: .field("a"), then: [.hide]),
        ])
        let s = try SchemaHarness.emit(form)
        #expect((s.json["properties"] as? [String: Any])?.isEmpty == true)
        try SchemaHarness.expect(s, valid: ["{}"], invalid: [#"{"a": "x"}"#])
    }
}

/// Required means "not left blank" while the item is shown: text not empty, checkbox checked.
@Suite struct FilledTests {
    @Test func requiredValuesAreNotBlankOnlyWhileShown() throws {
        let t = Field(id: "t", kind: .text, validation: Validation(required: true), isHidden: true)
        let c = Field(id: "c", kind: .boolean, validation: Validation(required: true), isHidden: true,
                      submission: Submission(submitsValue: true))
        let form = SampleForms.form([Field(id: "k", kind: .text), t, c], rules: [
            SampleForms.rule(SampleForms.eq("k", "1"), #"k == "1""#, target: .section("g1"), then: [.show]),
            SampleForms.rule(SampleForms.eq("k", "2"), #"k == "2""#, target: .field("t"), then: [.show]),
            SampleForms.rule(SampleForms.eq("k", "2"), #"k == "2""#, target: .field("c"), then: [.show]),
        ])
        let s = try SchemaHarness.emit(form)
        try SchemaHarness.expect(s, valid: [#"{"k": "2", "t": "x", "c": 1}"#, #"{"k": "3"}"#],
                                 invalid: [#"{"k": "2", "t": "", "c": 1}"#, #"{"k": "2", "t": "x", "c": 0}"#,
                                           #"{"k": "2", "c": 1}"#])
    }
}
