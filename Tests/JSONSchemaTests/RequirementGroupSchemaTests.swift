import Emitters
import FormConvKit
import FormIR
import Foundation
import Testing

/// MM XML requirement lists and required-while-shown fields, checked in the JSON Schema output with
/// python's `jsonschema` (an implementation independent of formconv), in both drafts the emitter
/// writes. The rules are the MM XML ones (shared/specs/NOTES.md, "`required` is a string"; a hidden
/// item is not validated, web-targets.md "Hidden fields and requirement").
@Suite struct RequirementGroupSchemaTests {
    static func mm(_ items: String, relationships: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <form name="contact" formPrefix="CONT"><page name="p"><group name="g">
        \(items)
        </group></page>\(relationships)</form>
        """
    }

    static func phones(_ spellingA: String, _ spellingB: String) -> String {
        mm("""
        <item name="name" type="textField" required="YES"/>
        <item name="homeNum" type="textField" required="\(spellingA)"/>
        <item name="alternateNum" type="textField" required="\(spellingB)"/>
        """)
    }

    static func read(_ text: String) throws -> (Form, Diagnostics) {
        var d = Diagnostics()
        let form = try #require(Converter.read(InputDocument(name: "form.xml", text: text), as: .mmxml, diagnostics: &d))
        return (form, d)
    }

    @Test(arguments: ["homeNum|alternateNum", "homeNum||alternateNum", "homeNum || alternateNum", " homeNum | alternateNum "],
          ["2020-12", "draft-07"])
    func atLeastOneOfTwoPhones(_ spelling: String, _ draft: String) throws {
        let (form, d) = try Self.read(Self.phones(spelling, spelling))
        #expect(form.requirementGroups.map(\.fields) == [["homeNum", "alternateNum"]])
        #expect(form.requirementGroups.first?.declaredOn == ["homeNum", "alternateNum"])
        #expect(!d.items.contains { $0.message.contains("mmxml.attributes") || $0.id == "mmxml.invalid-value" })
        let s = try SchemaHarness.emit(form, draft: draft)
        #expect(!s.diagnostics.items.contains { $0.message.contains("has no place for mmxml.attributes") })
        try SchemaHarness.expect(s, draft: draft,
                                 valid: [#"{"name": "Al", "homeNum": "555"}"#, #"{"name": "Al", "alternateNum": "555"}"#,
                                         #"{"name": "Al", "homeNum": "1", "alternateNum": "2"}"#],
                                 invalid: [#"{"name": "Al"}"#, #"{"name": "Al", "homeNum": ""}"#])
    }

    @Test(arguments: ["2020-12", "draft-07"])
    func requiredUnderAHideConditionIsRequiredOnlyWhileShown(_ draft: String) throws {
        let text = Self.mm("""
        <item name="contactBy" type="dropDown"><option value="mail">Mail</option><option value="none">None</option></item>
        <item name="address" type="textField" required="YES"/>
        """, relationships: """
        <relationship object="item::address"><condition>contactBy == "none"</condition><if><hide>THIS</hide></if><else><show>THIS</show></else></relationship>
        """)
        let (form, _) = try Self.read(text)
        let s = try SchemaHarness.emit(form, draft: draft)
        try SchemaHarness.expect(s, draft: draft,
                                 valid: [#"{"contactBy": "none"}"#, #"{"contactBy": "mail", "address": "1 Main St"}"#],
                                 invalid: [#"{"contactBy": "mail"}"#, #"{"contactBy": "mail", "address": ""}"#])
    }

    @Test func aGroupWhoseMemberHidesHoldsOnlyForTheShownMembers() throws {
        let text = Self.mm("""
        <item name="hasPhone" type="dropDown"><option value="yes">Yes</option><option value="no">No</option></item>
        <item name="email" type="textField" required="email|phone"/>
        <item name="phone" type="textField" required="email|phone" isHidden="YES"/>
        """, relationships: """
        <relationship object="item::phone"><condition>hasPhone == "yes"</condition><if><show>THIS</show></if><else><hide>THIS</hide></else></relationship>
        """)
        let (form, _) = try Self.read(text)
        let s = try SchemaHarness.emit(form)
        // Phone hidden: only an email answers. Phone shown: either does.
        try SchemaHarness.expect(s, valid: [#"{"email": "a@b.c"}"#, #"{"hasPhone": "yes", "phone": "555"}"#],
                                 invalid: [#"{}"#, #"{"hasPhone": "no"}"#, #"{"hasPhone": "yes"}"#, #"{"hasPhone": "no", "phone": "555"}"#])
    }

    @Test func aListNamingAMissingItemIsADiagnosticAndTheGroupKeepsTheRest() throws {
        let (form, d) = try Self.read(Self.phones("homeNum||workNum", "homeNum||workNum"))
        let unknown = d.items.filter { $0.id == "mmxml.unknown-reference" }
        #expect(unknown.count == 2)
        #expect(unknown.allSatisfy { $0.message.contains("'workNum'") && [4, 5].contains($0.location?.line ?? 0) })
        #expect(form.requirementGroups.map(\.fields) == [["homeNum"]])
        #expect(form.requirementGroups.first?.spelling == "homeNum||workNum")
    }
}
