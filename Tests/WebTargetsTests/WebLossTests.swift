import Foundation
import FormIR
import Testing
@testable import Emitters
import FormConvKit

/// Losses name the feature and the source position; texts in several languages reach each target in
/// its own way; the three targets are registered write-only.
@Suite struct WebLossTests {
    func field(_ id: String, line: Int) -> Field {
        Field(id: id, kind: .text, texts: FieldTexts(label: "L"), location: WebForms.at(line))
    }

    @Test func aConditionWithNoSurveyJSFormIsReportedAtItsLine() throws {
        let rule = Rule(condition: .compare(.field(FieldReference("a")), .beginsWith, .literal(.string("x"))),
                        source: ConditionSource(dialect: .rowPredicate, text: "$a BEGINSWITH 'x'", location: WebForms.at(42)),
                        target: .field("b"), then: [.hide], location: WebForms.at(40))
        let out = try WebOutput(WebForms.form([field("a", line: 1), field("b", line: 2)], rules: [rule]), SurveyJSEmitter())
        let loss = try #require(out.diagnostics.losses.first { $0.id == "loss.condition" })
        #expect(loss.location == WebForms.at(42))
        #expect(loss.path == "/rules/0")
        #expect(loss.formatted().hasPrefix("test.xml:42:3: warning:"))
        #expect(out.surveyElement("b")?["visibleIf"] == nil, "the element keeps its initial state")
    }

    @Test func surveyjsKeepsNamesUniqueWhenFieldIdsRepeat() throws {
        let out = try WebOutput(WebForms.form([field("a", line: 1), field("a", line: 2)]), SurveyJSEmitter())
        let names = out.surveyElements.compactMap { $0["name"] as? String }
        #expect(names.count == Set(names).count)
        #expect(out.diagnostics.items.contains { $0.id == "surveyjs.duplicate-name" && $0.location?.line == 2 })
    }

    @Test func surveyjsWritesDisplayTextAsEscapedHTML() throws {
        let label = Field(id: "note", kind: .label, texts: FieldTexts(body: "a < b & c\nnext"))
        let html = try WebOutput(WebForms.form([label]), SurveyJSEmitter()).surveyElement("note")?["html"] as? String
        #expect(html == "<p>a &lt; b &amp; c<br>next</p>")
    }

    @Test func aTimestampDefaultOfADateIsALossNotAValue() throws {
        let date = Field(id: "d", kind: .date, defaultValue: .int(281_062_800), location: WebForms.at(3))
        let out = try WebOutput(WebForms.form([date]), SurveyJSEmitter())
        #expect(out.surveyElement("d")?["defaultValueExpression"] == nil)
        #expect(out.diagnostics.losses.contains { $0.id == "loss.field.default-value" && $0.location?.line == 3 })
    }

    @Test func surveyjsReportsSettingsAQuestionTypeCannotHold() throws {
        var yesNo = Field(id: "b", kind: .boolean, texts: FieldTexts(placeholder: "Tap"), location: WebForms.at(8))
        yesNo.layout.columns = 2
        yesNo.texts.body = "Explained"
        var pick = Field(id: "p", kind: .singleChoice, options: [Option(value: .string("a"), image: "a.png")])
        pick.presentation = .dropDown
        let out = try WebOutput(WebForms.form([yesNo, pick]), SurveyJSEmitter())
        #expect(out.surveyElement("b")?["placeholder"] == nil)
        #expect(Set(out.lossIDs).isSuperset(of: ["loss.text.placeholder", "loss.layout.columns", "loss.text.body",
                                                 "loss.options.images"]))
    }

    @Test func layoutAndStyleAreLossesOnEveryWebTarget() throws {
        var f = field("a", line: 7)
        f.layout.position = "upper_left"
        for emitter in [SurveyJSEmitter(), JSONFormsEmitter(), RJSFEmitter()] as [any FormEmitter] {
            let out = try WebOutput(WebForms.form([f]), emitter)
            let loss = try #require(out.diagnostics.losses.first { $0.id == "loss.layout.position" }, "\(emitter.formatID)")
            #expect(loss.location?.line == 7)
            #expect(loss.loss?.target == emitter.formatID)
        }
    }

    var bilingual: Form {
        var f = field("country", line: 1)
        f.texts.label = LocalizedText([.init(locale: "EN_US", text: "Country"), .init(locale: "FR_CA", text: "Pays")])
        var form = WebForms.form([f])
        form.defaultLocale = "EN_US"
        return form
    }

    @Test func surveyjsWritesLocaleMaps() throws {
        let title = try WebOutput(bilingual, SurveyJSEmitter()).surveyElement("country")?["title"] as? [String: String]
        #expect(title == ["default": "Country", "fr-ca": "Pays"])
    }

    @Test func jsonformsWritesADictionaryPerLanguage() throws {
        let i18n = try WebOutput(bilingual, JSONFormsEmitter()).json["i18n"] as? [String: [String: String]]
        #expect(i18n?["fr-ca"]?["country.label"] == "Pays")
        #expect(i18n?["en-us"]?["country.label"] == "Country")
    }

    @Test func jsonformsTranslatesErrorMessages() throws {
        var f = field("code", line: 1)
        f.texts.missingMessage = LocalizedText("Enter a code")
        f.validation.patterns = [PatternRule(regex: "^[0-9]+$", message: LocalizedText("Digits only"))]
        let i18n = try WebOutput(WebForms.form([f]), JSONFormsEmitter()).json["i18n"] as? [String: [String: String]]
        #expect(i18n?["default"]?["code.error.required"] == "Enter a code")
        #expect(i18n?["default"]?["code.error.pattern"] == "Digits only")
    }

    @Test func rjsfWritesAPairPerLanguageWhoseLabelsDiffer() throws {
        let json = try WebOutput(bilingual, RJSFEmitter()).json
        let fr = try #require(json["fr-ca"] as? [String: Any])
        let props = (fr["schema"] as? [String: Any])?["properties"] as? [String: [String: Any]]
        #expect(props?["country"]?["title"] as? String == "Pays")
        #expect(json["en-us"] == nil, "the default language is the top-level pair")
    }

    /// JSON Forms and rjsf are written only; SurveyJS is read too (issue 40, docs/surveyjs.md).
    @Test func theWebTargetsAreWriteOnlyFormats() {
        for id in ["surveyjs", "jsonforms", "rjsf"] {
            let f = FormatID(rawValue: id)
            #expect(f.map { FormatRegistry.writable.contains($0) } == true)
            #expect(f.map { FormatRegistry.readable.contains($0) } == (id == "surveyjs"))
            #expect(FormatCatalogue.table().contains("\n\(id) "))
        }
    }
}
