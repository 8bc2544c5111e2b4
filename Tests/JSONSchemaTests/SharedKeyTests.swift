import Emitters
import FormIR
import Foundation
import Testing

/// A key several items submit (MM XML `submitName`) and checkboxes compared with "true"/"false", in the
/// payload schema, checked with python's `jsonschema`.
@Suite struct SharedKeyTests {
    static func titles(_ values: [String]) -> [Option] { values.map { Option(value: .string($0)) } }

    /// Two title lists sharing `title`, each shown by the gender answer.
    static func genderForm(labelled: Bool = false) -> Form {
        let gender = Field(id: "gender", kind: .singleChoice, options: titles(["M", "F"]), validation: Validation(required: true))
        var women = titles(["Mrs", "Ms", "Dr"])
        if labelled { women[0].label = "Mistress" }
        let men = Field(id: "titleMale", kind: .singleChoice, options: titles(["Mr", "Dr"]),
                        validation: Validation(required: true), isHidden: true, submission: Submission(key: "title"))
        let wom = Field(id: "titleFemale", kind: .singleChoice, options: women,
                        validation: Validation(required: true), isHidden: true, submission: Submission(key: "title"))
        return SampleForms.form([gender, men, wom], rules: [
            SampleForms.rule(SampleForms.eq("gender", "M"), "gender == \"M\"", target: .field("titleMale"), then: [.show], otherwise: [.hide]),
            SampleForms.rule(SampleForms.eq("gender", "F"), "gender == \"F\"", target: .field("titleFemale"), then: [.show], otherwise: [.hide]),
        ])
    }

    @Test func aSharedKeyIsOnePropertyWithTheOptionsOfEveryItem() throws {
        let s = try SchemaHarness.emit(Self.genderForm())
        let title = try #require((s.json["properties"] as? [String: Any])?["title"] as? [String: Any])
        #expect(title["anyOf"] == nil)
        #expect(title["enum"] as? [String] == ["Mr", "Dr", "", "Mrs", "Ms"])
        #expect(s.diagnostics.items.map(\.id) == ["json-schema.duplicate-key"])
        try SchemaHarness.expect(s, valid: [#"{"gender": "M", "title": "Mr"}"#, #"{"gender": "F", "title": "Ms"}"#],
                                 invalid: [#"{"gender": "F"}"#, #"{"gender": "M", "title": "Lord"}"#])
    }

    @Test func labelledOptionsJoinAsOneOptionList() throws {
        let s = try SchemaHarness.emit(Self.genderForm(labelled: true))
        let title = try #require((s.json["properties"] as? [String: Any])?["title"] as? [String: Any])
        let options = try #require(title["oneOf"] as? [[String: Any]])
        #expect(options.allSatisfy { $0["const"] != nil })
        #expect(options.compactMap { $0["const"] as? String }.sorted() == ["", "Dr", "Mr", "Mrs", "Ms"])
        #expect(options.first { $0["const"] as? String == "Mrs" }?["title"] as? String == "Mistress")
    }

    @Test func onlyConstraintsEveryItemStatesAreKept() throws {
        let a = Field(id: "a", kind: .text, validation: Validation(minLength: 2, maxLength: 10), submission: Submission(key: "k"))
        let b = Field(id: "b", kind: .text, validation: Validation(maxLength: 10), submission: Submission(key: "k"))
        let s = try SchemaHarness.emit(SampleForms.form([a, b]))
        try SchemaHarness.expect(s, valid: [#"{"k": "x"}"#, #"{"k": "xyz"}"#], invalid: [#"{"k": "01234567890"}"#])
    }

    /// A checkbox (0/1 with `submitsValue`, else a boolean) whose `condition` shows a required text.
    static func checkboxForm(submitsValue: Bool, condition: String) -> Form {
        let box = Field(id: "box", kind: .boolean, submission: Submission(submitsValue: submitsValue ? true : nil))
        let more = Field(id: "more", kind: .text, validation: Validation(required: true), isHidden: true)
        return SampleForms.form([box, more], rules: [
            SampleForms.rule(SampleForms.eq("box", condition), "box == \"\(condition)\"", target: .field("more"),
                             then: [.show], otherwise: [.hide]),
        ])
    }

    @Test(arguments: ["true", "YES", "1", "on"])
    func aCheckboxComparedWithATrueValueIsTicked(_ written: String) throws {
        let zeroOne = try SchemaHarness.emit(Self.checkboxForm(submitsValue: true, condition: written))
        #expect(!zeroOne.lossIDs.contains("loss.condition"))
        try SchemaHarness.expect(zeroOne, valid: [#"{"box": 1, "more": "x"}"#, #"{"box": 0}"#], invalid: [#"{"box": 1}"#])
        let boolean = try SchemaHarness.emit(Self.checkboxForm(submitsValue: false, condition: written))
        #expect(!boolean.lossIDs.contains("loss.condition"))
        try SchemaHarness.expect(boolean, valid: [#"{"box": true, "more": "x"}"#, #"{"box": false}"#], invalid: [#"{"box": true}"#])
    }

    @Test(arguments: ["false", "NO", "0"])
    func aCheckboxComparedWithAFalseValueIsUnticked(_ written: String) throws {
        let zeroOne = try SchemaHarness.emit(Self.checkboxForm(submitsValue: true, condition: written))
        #expect(!zeroOne.lossIDs.contains("loss.condition"))
        try SchemaHarness.expect(zeroOne, valid: [#"{"box": 0, "more": "x"}"#, #"{"box": 1}"#], invalid: [#"{"box": 0}"#])
    }
}
