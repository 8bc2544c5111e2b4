import Foundation
import FormIR
import Testing
@testable import Emitters
import FormConvKit

/// A copy naming parts its source lacks is one diagnostic for every target (the MM XML language lists an
/// addressField's seven components; any other name copies nothing); unlabelled fields are titled by their
/// placeholder, then their group's title; a date defaulting to `today` is SurveyJS's `today()`.
@Suite struct CopyPartsAndTitleTests {
    static let home = Field(id: "home", kind: .address, texts: FieldTexts(label: "Home address"), location: WebForms.at(2))
    static func copyForm(_ components: [String]) -> Form {
        let card = Field(id: "card", kind: .text, texts: FieldTexts(label: "Card holder"), location: WebForms.at(3))
        let box = Field(id: "same", kind: .boolean, texts: FieldTexts(label: "Same"), location: WebForms.at(4))
        let rule = Rule(condition: WebForms.eq("same", "YES"), target: .field("card"),
                        then: [.copy([CopySource(field: "home", components: components)])], location: WebForms.at(9))
        return WebForms.form([home, card, box], rules: [rule])
    }

    static func emit(_ form: Form, _ format: FormatID) throws -> (bytes: [UInt8], diagnostics: Diagnostics) {
        let emitter = try #require(FormatRegistry.emitter(for: format))
        var d = Diagnostics()
        let bytes = try emitter.emit(form, options: EmitOptions(), diagnostics: &d)
        return (bytes, d)
    }

    @Test(arguments: FormatRegistry.writable)
    func everyTargetReportsACopyOfMissingPartsOnceAtTheRelationship(_ format: FormatID) throws {
        let d = try Self.emit(Self.copyForm(["address1", "add1", "zip"]), format).diagnostics
        let found = d.items.filter { $0.id == "relationship.copy-missing-part" }
        #expect(found.count == 1, "\(format.rawValue)")
        let one = try #require(found.first)
        #expect(one.location == WebForms.at(9))
        #expect(one.path == "/rules/0")
        #expect(one.message.contains("'add1', 'zip' of 'home'"))
        #expect(one.message.contains("only address1 of 'home' is copied"))
        #expect(one.severity == .warning)
    }

    @Test(arguments: FormatRegistry.writable)
    func documentedPartsAreNotReported(_ format: FormatID) throws {
        let d = try Self.emit(Self.copyForm(["address1", "address3", "city"]), format).diagnostics
        #expect(!d.items.contains { $0.id == "relationship.copy-missing-part" }, "\(format.rawValue)")
    }

    @Test func surveyjsAndThePreviewCopyOnlyThePartsTheSourceHas() throws {
        let survey = try WebOutput(Self.copyForm(["city", "zip"]), SurveyJSEmitter())
        #expect(survey.surveyElement("card")?["setValueExpression"] as? String == "{home.city}")
        #expect(!survey.diagnostics.losses.contains { $0.loss?.feature == Feature.ruleCopy.rawValue })
        let nothing = try WebOutput(Self.copyForm(["zip"]), SurveyJSEmitter())
        #expect(nothing.surveyElement("card")?["setValueExpression"] as? String == "''")
        let html = String(decoding: try Self.emit(Self.copyForm(["zip", "city"]), .html).bytes, as: UTF8.self)
        #expect(html.contains(#""from":[{"field":"home","parts":["city"]}]"#))
        let none = String(decoding: try Self.emit(Self.copyForm(["zip"]), .html).bytes, as: UTF8.self)
        #expect(none.contains(#""do":"copy","from":[]"#))
    }

    static func titled() -> Form {
        let named = Field(id: "named", kind: .text, texts: FieldTexts(label: "Name", placeholder: "Jane"))
        let placeheld = Field(id: "_creditAddress", kind: .text, texts: FieldTexts(placeholder: "Card-holder address"))
        let grouped = Field(id: "_creditTown", kind: .text)
        return WebForms.form([named, placeheld, grouped])
    }

    @Test func surveyjsTitlesFallBackToPlaceholderThenGroupTitle() throws {
        let out = try WebOutput(Self.titled(), SurveyJSEmitter())
        #expect(out.surveyElement("named")?["title"] as? String == "Name")
        #expect(out.surveyElement("_creditAddress")?["title"] as? String == "Card-holder address")
        #expect(out.surveyElement("_creditTown")?["title"] as? String == "Group 0")
    }

    @Test func rjsfAndJSONFormsTitlesFallBackToPlaceholderThenGroupTitle() throws {
        let rjsf = try WebOutput(Self.titled(), RJSFEmitter())
        let props = try #require((rjsf.json["schema"] as? [String: Any])?["properties"] as? [String: [String: Any]])
        #expect(props["_creditAddress"]?["title"] as? String == "Card-holder address")
        #expect(props["_creditTown"]?["title"] as? String == "Group 0")
        #expect(props["named"]?["title"] as? String == "Name")
        // JSON Forms labels a control by its schema's title, else its translation, else the key.
        let forms = try WebOutput(Self.titled(), JSONFormsEmitter())
        let schema = try #require((forms.json["schema"] as? [String: Any])?["properties"] as? [String: [String: Any]])
        #expect(schema["_creditAddress"]?["title"] as? String == "Card-holder address")
        var localized = Self.titled()
        localized.pages[0].sections[0].fields[1].texts.placeholder = LocalizedText("Adresse", locale: "fr")
        let i18n = try #require(try WebOutput(localized, JSONFormsEmitter()).json["i18n"] as? [String: [String: String]])
        #expect(i18n["fr"]?["_creditAddress.label"] == "Adresse")
    }

    @Test func thePreviewNamesUnlabelledFieldsAndListsItAsALoss() throws {
        let (bytes, d) = try Self.emit(Self.titled(), .html)
        let labels = d.losses.filter { $0.loss?.feature == Feature.label.rawValue }.map(\.message)
        #expect(labels.contains { $0.contains("'_creditAddress' has no label") && $0.contains("placeholder 'Card-holder address'") })
        #expect(labels.contains { $0.contains("'_creditTown' has no label") && $0.contains("group title 'Group 0'") })
        #expect(!labels.contains { $0.contains("'named'") })
        let html = String(decoding: bytes, as: UTF8.self)
        #expect(html.contains("has no label: the preview shows none and its messages name it by its placeholder"))
    }

    @Test func aDateDefaultingToTodayIsSurveyJSTodayAndAJSONSchemaLoss() throws {
        let date = Field(id: "d", kind: .date, defaultValue: .string("today"), location: WebForms.at(5))
        let stamp = Field(id: "dt", kind: .dateTime, defaultValue: .string("Today"), location: WebForms.at(6))
        let time = Field(id: "t", kind: .time, defaultValue: .string("now"), location: WebForms.at(7))
        let out = try WebOutput(WebForms.form([date, stamp, time]), SurveyJSEmitter())
        #expect(out.surveyElement("d")?["defaultValueExpression"] as? String == "today()")
        #expect(out.surveyElement("d")?["defaultValue"] == nil)
        #expect(out.surveyElement("dt")?["defaultValueExpression"] as? String == "currentDate()")
        #expect(out.surveyElement("t")?["defaultValue"] == nil && out.surveyElement("t")?["defaultValueExpression"] == nil)
        #expect(out.diagnostics.losses.contains { $0.id == "loss.field.default-value" && $0.location == WebForms.at(7) })
        let schema = try Self.emit(WebForms.form([date]), .jsonSchema)
        #expect(schema.diagnostics.losses.contains { $0.id == "loss.field.default-value" && $0.location == WebForms.at(5) })
        #expect(!String(decoding: schema.bytes, as: UTF8.self).contains("\"default\""))
    }

    @Test func aCheckboxThatSubmitsNothingIsNamedByNoPayloadSchema() throws {
        var quiet = Field(id: "newsletter", kind: .boolean, texts: FieldTexts(label: "News"))
        quiet.submission.submitsValue = false
        quiet.submission.skip = true  // a skipped item may be un-skipped by a relationship; this one never submits
        let loud = Field(id: "agree", kind: .boolean, texts: FieldTexts(label: "Agree"))
        for format in [FormatID.jsonSchema, .rjsf] {
            let text = String(decoding: try Self.emit(WebForms.form([quiet, loud]), format).bytes, as: UTF8.self)
            #expect(!text.contains("newsletter"), "\(format.rawValue)")
            #expect(text.contains("agree"), "\(format.rawValue)")
        }
    }
}
