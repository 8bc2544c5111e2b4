import Foundation
import FormIR
import Testing
@testable import Emitters

/// A form with every field kind and every relationship effect converts to all three web targets; what
/// a target cannot express is reported as a loss at the rule or field, never dropped silently.
@Suite struct WebEveryKindTests {
    static let kinds: [FieldKind] = [
        .text, .multiline, .name, .email, .phone, .url, .password, .twitter, .account, .postalCode, .integer, .decimal,
        .number, .currency, .percent, .date, .time, .dateTime, .countdown, .boolean, .singleChoice, .multipleChoice,
        .slider, .stepper, .signature, .photo, .image, .label, .spacer, .separator, .button, .info, .webView, .html,
        .address, .bankDetails, .location, .expression, .query,
    ]

    static let effects: [Effect] = [
        .show, .hide, .enable, .disable, .evaluate(.concatenate("k_text", connector: " ", "k_name")),
        .copy([CopySource(field: "k_text")]), .setOptions([Option(value: .string("z"))]), .submission(.skip),
        .setText("New"), .setChecked(true), .setProperty(name: "size", value: .int(3)),
    ]

    static var form: Form {
        var fields = kinds.enumerated().map { i, k in
            var f = Field(id: "k_\(k.rawValue)", kind: k, texts: FieldTexts(label: LocalizedText("Label \(k.rawValue)")),
                          location: WebForms.at(10 + i))
            if k.isChoice { f.options = [Option(value: .string("a"), label: "A"), Option(value: .string("b"), label: "B")] }
            if k == .slider { f.validation = Validation(minValue: 0, maxValue: 10) }
            if k == .image { f.defaultValue = .string("logo.png") }
            if k == .label || k == .info { f.texts.body = LocalizedText("Body of \(k.rawValue)") }
            return f
        }
        fields.append(Field(id: "target", kind: .singleChoice, options: [Option(value: .string("x"))], location: WebForms.at(60)))
        let rules = effects.enumerated().map { i, e in
            Rule(condition: WebForms.eq("k_singleChoice", "a"), source: ConditionSource(dialect: .mmCondition, text: "k_singleChoice == \"a\""),
                 target: .field("target"), then: [e], location: WebForms.at(100 + i))
        }
        return WebForms.form(fields, rules: rules, pages: 2)
    }

    static var emitters: [any FormEmitter] { [SurveyJSEmitter(), JSONFormsEmitter(), RJSFEmitter()] }

    @Test(arguments: [0, 1, 2]) func everyEffectIsWrittenOrReported(_ e: Int) throws {
        let emitter = Self.emitters[e]
        let out = try WebOutput(Self.form, emitter)
        #expect(!out.diagnostics.hasErrors)
        for (i, effect) in Self.effects.enumerated() {
            let feature = Self.feature(effect)
            if emitter.supportedFeatures.contains(feature) { continue }
            let lost = out.losses(forRule: i)
            #expect(lost.contains { $0.id == "loss.\(feature.rawValue)" }, "\(emitter.formatID): \(effect) is neither written nor reported")
            #expect(lost.allSatisfy { $0.location?.line == 100 + i }, "losses point at the relationship's line")
        }
    }

    @Test func surveyjsWritesAQuestionOfTheDocumentedTypePerKind() throws {
        let out = try WebOutput(Self.form, SurveyJSEmitter())
        // survey-core 3.0.1's element types (research note, section 1.2).
        let known: Set<String> = ["boolean", "checkbox", "comment", "dropdown", "expression", "file", "html", "image",
                                  "imagepicker", "matrix", "matrixdropdown", "matrixdynamic", "multipletext", "panel",
                                  "paneldynamic", "radiogroup", "ranking", "rating", "signaturepad", "slider", "tagbox", "text"]
        let expected: [FieldKind: String] = [
            .multiline: "comment", .boolean: "boolean", .singleChoice: "dropdown", .multipleChoice: "checkbox",
            .signature: "signaturepad", .photo: "file", .slider: "slider", .address: "multipletext", .label: "html",
            .info: "html", .html: "html", .spacer: "html", .separator: "html", .image: "image", .expression: "expression",
            .email: "text", .date: "text", .integer: "text",
        ]
        for kind in Self.kinds {
            let element = try #require(out.surveyElement("k_\(kind.rawValue)"), "\(kind.rawValue) has no element")
            let type = try #require(element["type"] as? String)
            #expect(known.contains(type), "\(type) is not a SurveyJS type")
            if let want = expected[kind] { #expect(type == want, "\(kind.rawValue)") }
        }
        #expect(out.surveyElement("k_email")?["inputType"] as? String == "email")
        #expect(out.surveyElement("k_integer")?["inputType"] as? String == "number")
        #expect(out.surveyElement("k_date")?["inputType"] as? String == "date")
        for kind in [FieldKind.button, .webView, .query, .countdown] {
            #expect(out.lossIDs.contains("loss.kind.\(kind.rawValue)"), "\(kind.rawValue) is written as a nearest type and reported")
        }
        let names = out.surveyElements.compactMap { $0["name"] as? String }
        #expect(names.count == Set(names).count, "names are unique")
    }

    @Test func surveyjsWritesTheEffectsItCanExpress() throws {
        let target = try #require(try WebOutput(Self.form, SurveyJSEmitter()).surveyElement("target"))
        // show, hide, enable, disable fold into one expression each; evaluate sets the value.
        #expect(target["visibleIf"] as? String != nil)
        #expect(target["enableIf"] as? String != nil)
        #expect(target["setValueIf"] as? String == "{k_singleChoice} = 'a'")
        #expect(target["setValueExpression"] as? String == "{k_text} + ' ' + {k_name}")
        let choices = try #require(target["choices"] as? [[String: Any]])
        #expect(choices.first { $0["value"] as? String == "z" }?["visibleIf"] as? String == "{k_singleChoice} = 'a'")
    }

    @Test func surveyjsChecksAYesNoQuestionByCondition() throws {
        let rule = Rule(condition: WebForms.eq("k", "x"), target: .field("agree"), then: [.setChecked(true)],
                        location: WebForms.at(5))
        let form = WebForms.form([Field(id: "k", kind: .text), Field(id: "agree", kind: .boolean)], rules: [rule])
        let agree = try #require(try WebOutput(form, SurveyJSEmitter()).surveyElement("agree"))
        #expect(agree["setValueIf"] as? String == "{k} = 'x'")
        #expect(agree["setValueExpression"] as? String == "true")
    }

    @Test func surveyjsRequiresByConditionAndReportsOtherPropertyChanges() throws {
        let rules = [
            Rule(condition: WebForms.eq("k", "x"), target: .field("a"), then: [.setProperty(name: "required", value: .string("YES"))],
                 location: WebForms.at(5)),
            Rule(condition: WebForms.eq("k", "x"), target: .field("a"), then: [.setProperty(name: "size", value: .int(3))],
                 location: WebForms.at(6)),
        ]
        let out = try WebOutput(WebForms.form([Field(id: "k", kind: .text), Field(id: "a", kind: .text)], rules: rules),
                                SurveyJSEmitter())
        #expect(out.surveyElement("a")?["requiredIf"] as? String == "{k} = 'x'")
        #expect(out.losses(forRule: 0).isEmpty)
        #expect(out.losses(forRule: 1).map(\.id) == ["loss.relationship.set-property"])
    }

    @Test func jsonformsHasAControlPerDataProperty() throws {
        let out = try WebOutput(Self.form, JSONFormsEmitter())
        let schema = try #require(out.json["schema"] as? [String: Any])
        let properties = try #require(schema["properties"] as? [String: Any])
        let scopes = out.uiElements.filter { $0["type"] as? String == "Control" }.compactMap { $0["scope"] as? String }
        #expect(scopes.sorted() == properties.keys.map { "#/properties/\($0)" }.sorted())
        let ui = try #require(out.json["uischema"] as? [String: Any])
        #expect(ui["type"] as? String == "Categorization")
        #expect((ui["elements"] as? [[String: Any]])?.allSatisfy { $0["type"] as? String == "Category" } == true)
        #expect(out.uiElements.contains { $0["type"] as? String == "Label" && $0["text"] as? String == "Body of label" })
    }

    @Test func rjsfOrdersEveryPropertyAndUsesWidgetsOfTheType() throws {
        let out = try WebOutput(Self.form, RJSFEmitter())
        let schema = try #require(out.json["schema"] as? [String: Any])
        var properties = Set((schema["properties"] as? [String: Any] ?? [:]).keys)
        for item in schema["allOf"] as? [[String: Any]] ?? [] {
            for branch in ["then", "else"] {
                properties.formUnion(((item[branch] as? [String: Any])?["properties"] as? [String: Any] ?? [:]).keys)
            }
        }
        let ui = try #require(out.json["uiSchema"] as? [String: Any])
        let order = try #require(ui["ui:order"] as? [String])
        #expect(Set(order) == properties && order.count == properties.count)
        #expect((ui["k_multiline"] as? [String: Any])?["ui:widget"] as? String == "textarea")
        #expect((ui["k_password"] as? [String: Any])?["ui:widget"] as? String == "password")
        #expect((ui["k_multipleChoice"] as? [String: Any])?["ui:widget"] as? String == "checkboxes")
        #expect(out.lossIDs.contains("loss.kind.label"), "static texts have no rjsf element")
    }

    static func feature(_ e: Effect) -> Feature {
        switch e {
        case .show, .hide: .ruleShowHideField
        case .enable, .disable: .ruleEnableDisable
        case .evaluate: .ruleEvaluate
        case .copy: .ruleCopy
        case .setOptions: .ruleSetOptions
        case .submission: .ruleSubmission
        case .setText: .ruleSetText
        case .setChecked: .ruleSetChecked
        case .setProperty: .ruleSetProperty
        }
    }
}
