import FormIR
import Foundation
import Testing
@testable import Emitters

/// rjsf and JSON Forms documents for a key two items submit, each shown by an answer (the browser tests in
/// web_shared_keys_test.py drive the same shape through both libraries).
@Suite struct WebSharedKeyTests {
    static func form(alwaysShownSecond: Bool = false) -> Form {
        let gender = Field(id: "gender", kind: .singleChoice, options: [Option(value: .string("M")), Option(value: .string("F"))])
        let men = Field(id: "titleMale", kind: .singleChoice, options: [Option(value: .string("Mr"))], isHidden: true,
                        submission: Submission(key: "title"))
        let women = Field(id: "titleFemale", kind: .singleChoice, options: [Option(value: .string("Ms"))],
                          isHidden: !alwaysShownSecond, submission: Submission(key: "title"))
        var rules = [Rule(condition: WebForms.eq("gender", "M"), target: .field("titleMale"), then: [.show], otherwise: [.hide])]
        if !alwaysShownSecond {
            rules.append(Rule(condition: WebForms.eq("gender", "F"), target: .field("titleFemale"), then: [.show], otherwise: [.hide]))
        }
        return WebForms.form([gender, men, women], rules: rules)
    }

    /// The `then` schemas of the `allOf` items whose `then` names `key`.
    static func branches(_ schema: [String: Any], _ key: String) -> [[String: Any]] {
        ((schema["allOf"] as? [[String: Any]]) ?? []).compactMap {
            (($0["then"] as? [String: Any])?["properties"] as? [String: Any])?[key] as? [String: Any]
        }.filter { $0["enum"] != nil || $0["oneOf"] != nil }
    }

    @Test func rjsfShowsTheKeyFromTheBranchOfTheShownItem() throws {
        let out = try WebOutput(Self.form(), RJSFEmitter())
        let schema = try #require(out.json["schema"] as? [String: Any])
        #expect((schema["properties"] as? [String: Any])?["title"] == nil, "not shown on an empty form")
        #expect(Self.branches(schema, "title").map { $0["enum"] as? [String] } == [["Mr"], ["Ms"]])
        let ui = try #require(out.json["uiSchema"] as? [String: Any])
        #expect((ui["ui:order"] as? [String])?.filter { $0 == "title" }.count == 1)
    }

    @Test func aKeyOneItemAlwaysShowsStaysATopLevelUnion() throws {
        let out = try WebOutput(Self.form(alwaysShownSecond: true), RJSFEmitter())
        let schema = try #require(out.json["schema"] as? [String: Any])
        let title = try #require((schema["properties"] as? [String: Any])?["title"] as? [String: Any])
        #expect(title["enum"] as? [String] == ["Mr", "Ms"])
        #expect(Self.branches(schema, "title").isEmpty)
    }

    @Test func jsonFormsHasAControlPerItemScopedIntoItsBranch() throws {
        let out = try WebOutput(Self.form(), JSONFormsEmitter())
        let schema = try #require(out.json["schema"] as? [String: Any])
        let controls = out.uiElements.filter { ($0["scope"] as? String)?.hasSuffix("/properties/title") == true }
        #expect(controls.count == 2)
        for control in controls {
            let scope = try #require(control["scope"] as? String)
            #expect(scope.hasPrefix("#/allOf/") && scope.contains("/then/"))
            #expect(control["rule"] != nil, "each shows by its item's condition")
        }
        #expect(Set(controls.compactMap { $0["i18n"] as? String }).count == 2)
        #expect(Self.branches(schema, "title").count == 2)
        #expect(!out.lossIDs.contains("loss.structure.unsubmitted-field"))
    }

    @Test func aCheckboxComparedWithTrueIsAConditionTheWebTargetsKeep() throws {
        let box = Field(id: "box", kind: .boolean, submission: Submission(submitsValue: true))
        let more = Field(id: "more", kind: .text, isHidden: true)
        let form = WebForms.form([box, more], rules: [
            Rule(condition: WebForms.eq("box", "true"), target: .field("more"), then: [.show], otherwise: [.hide]),
        ])
        for emitter in [RJSFEmitter() as any FormEmitter, JSONFormsEmitter()] {
            let out = try WebOutput(form, emitter)
            #expect(!out.lossIDs.contains("loss.condition"), "\(emitter.formatID)")
        }
    }
}
