import Foundation
import FormIR
import Testing
@testable import Emitters
import FormConvKit

/// What the SurveyJS writer keeps for its reader, by SurveyJS's documented rules (web-targets.md 1.4:
/// a "loc" string is plain text or `{"default": …, "<locale>": …}`, shown in the survey's `locale`;
/// 1.2: `html` shows markup and no title): languages keep their names, display elements their kind and
/// texts, and number kinds SurveyJS has no input for are reported per field.
@Suite struct SurveyJSReadBackTests {
    static func readBack(_ bytes: [UInt8]) throws -> Form {
        var d = Diagnostics()
        return try #require(Converter.read(InputDocument(name: "t.survey.json", bytes: bytes), as: .surveyjs, diagnostics: &d))
    }

    static func readBack(_ json: String) throws -> Form { try readBack(Array(json.utf8)) }

    static func emit(_ form: Form) throws -> (bytes: [UInt8], out: WebOutput) {
        var d = Diagnostics()
        return (try SurveyJSEmitter().emit(form, options: EmitOptions(), diagnostics: &d), try WebOutput(form, SurveyJSEmitter()))
    }

    @Test func translatedTextsNameTheirLanguagesAndReadBackUnderThem() throws {
        var f = Field(id: "country", kind: .text)
        f.texts.label = LocalizedText([.init(locale: "EN_US", text: "Country"), .init(locale: "FR_CA", text: "Pays")])
        let (bytes, out) = try Self.emit(WebForms.form([f]))
        #expect(out.json["locale"] as? String == "en-us", "the language of the default texts")
        #expect(out.surveyElement("country")?["title"] as? [String: String] == ["default": "Country", "fr-ca": "Pays"])
        let back = try #require(try Self.readBack(bytes).field("country")?.texts.label)
        #expect(back.entries.map { $0.locale?.lowercased() } == ["en_us", "fr_ca"])
        #expect(back.entries.map(\.text) == ["Country", "Pays"])
    }

    @Test func aFormInOneLanguageNamesNone() throws {
        let out = try WebOutput(WebForms.form([Field(id: "a", kind: .text, texts: FieldTexts(label: "A"))]), SurveyJSEmitter())
        #expect(out.json["locale"] == nil)
    }

    @Test func aSurveysDefaultTextsAreInItsLocale() throws {
        let form = try Self.readBack(#"{"locale": "de", "elements": [{"type": "text", "name": "q", "title": {"default": "Name", "fr-ca": "Nom"}}]}"#)
        #expect(form.defaultLocale == "de")
        #expect(form.field("q")?.texts.label?.entries == [.init(locale: "de", text: "Name"), .init(locale: "fr_CA", text: "Nom")])
        // A map with its own text for the survey's locale keeps `default` as the text without a language.
        let both = try Self.readBack(#"{"locale": "de", "elements": [{"type": "text", "name": "q", "title": {"default": "Name", "de": "Name (de)"}}]}"#)
        #expect(both.field("q")?.texts.label?.entries == [.init(locale: nil, text: "Name"), .init(locale: "de", text: "Name (de)")])
    }

    @Test func htmlElementsAreReadByWhatTheyShow() throws {
        let form = try Self.readBack(#"""
        {"elements": [
          {"type": "html", "name": "rule", "html": "<hr>"},
          {"type": "html", "name": "gap", "html": "<br>"},
          {"type": "html", "name": "note", "html": "<p>a &lt; b &amp; c<br>next</p>"},
          {"type": "html", "name": "titled", "title": "Terms", "html": "<p>Terms</p>"},
          {"type": "html", "name": "rich", "html": "<p><b>bold</b></p>"},
          {"type": "html", "name": "entity", "html": "<p>a&nbsp;b</p>"}
        ]}
        """#)
        #expect(form.field("rule")?.kind == .separator)
        #expect(form.field("gap")?.kind == .spacer)
        #expect(form.field("note")?.kind == .label)
        #expect(form.field("note")?.texts.body?.defaultText == "a < b & c\nnext")
        #expect(form.field("titled")?.kind == .label)
        #expect(form.field("titled")?.texts.label?.defaultText == "Terms")
        #expect(form.field("titled")?.texts.body == nil, "the paragraph shows the title")
        #expect(form.field("rich")?.kind == .html)
        #expect(form.field("rich")?.texts.body?.defaultText == "<p><b>bold</b></p>")
        #expect(form.field("entity")?.kind == .html, "an entity the writer does not produce stays HTML")
    }

    @Test func labelsSeparatorsAndSpacersReadBackAsWritten() throws {
        let fields = [
            Field(id: "head", kind: .label, texts: FieldTexts(label: "Heading")),
            Field(id: "text", kind: .label, texts: FieldTexts(body: "x < y\nz")),
            Field(id: "both", kind: .label, texts: FieldTexts(label: "Title", body: "Body")),
            Field(id: "empty", kind: .label),
            Field(id: "line", kind: .separator),
            Field(id: "gap", kind: .spacer),
        ]
        let back = try Self.readBack(try Self.emit(WebForms.form(fields)).bytes)
        for f in fields {
            let b = try #require(back.field(f.id))
            #expect(b.kind == f.kind, "\(f.id)")
            #expect(b.texts.label == f.texts.label, "\(f.id)")
            #expect(b.texts.body == f.texts.body, "\(f.id)")
        }
    }

    @Test func numberKindsWithoutASurveyJSInputAreLossesOnTheField() throws {
        let fields = [Field(id: "qty", kind: .integer, location: WebForms.at(4)), Field(id: "price", kind: .currency, location: WebForms.at(5)),
                      Field(id: "n", kind: .number, location: WebForms.at(6))]
        var stepped = Field(id: "steps", kind: .stepper, location: WebForms.at(7))
        stepped.formatting.step = 2
        let out = try WebOutput(WebForms.form(fields + [stepped]), SurveyJSEmitter())
        #expect(out.surveyElement("qty")?["inputType"] as? String == "number")
        let qty = try #require(out.diagnostics.losses.first { $0.id == "loss.kind.integer" })
        #expect(qty.path == "/pages/0/sections/0/fields/qty" && qty.location?.line == 4)
        #expect(qty.message.contains("'qty'") && qty.message.contains("also accepts decimals"))
        #expect(out.lossIDs.contains("loss.kind.currency"))
        #expect(!out.lossIDs.contains("loss.kind.number"), "a number input is a number")
        #expect(!out.lossIDs.contains("loss.kind.stepper"), "a stepped number input reads back as a stepper")
    }

    @Test func infoButtonsAndDisplayDefaultsAreLossesOnTheField() throws {
        let info = Field(id: "help", kind: .info, texts: FieldTexts(label: "Help", body: "Call us"), location: WebForms.at(2))
        var version = Field(id: "version", kind: .label, texts: FieldTexts(body: "Version"), location: WebForms.at(3))
        version.defaultValue = .string("1.0")
        let out = try WebOutput(WebForms.form([info, version]), SurveyJSEmitter())
        #expect(out.diagnostics.losses.contains { $0.id == "loss.kind.info" && $0.location?.line == 2 && $0.message.contains("'help'") })
        #expect(out.diagnostics.losses.contains { $0.id == "loss.field.default-value" && $0.location?.line == 3 && $0.message.contains("1.0") })
        #expect(out.surveyElement("help")?["title"] as? String == "Help")
        #expect(out.surveyElement("help")?["html"] as? String == "<p>Call us</p>")
    }
}
