import Foundation
import Testing
import FormIR
import FormConvKit
import Emitters

/// The IR → XLForm mapping: row types, predicates from rules, names and string escaping.
@Suite struct XLFormEmitterTests {
    func emitJSON(_ form: Form, _ d: inout Diagnostics) throws -> String {
        Support.text(try Support.emit(form, as: .xlform, diagnostics: &d))
    }

    func rowType(_ field: Field) throws -> String {
        var d = Diagnostics()
        let form = Form(pages: [Page(sections: [Section(fields: [field])], isImplicit: true)])
        let back = try Support.read(text: try emitJSON(form, &d), diagnostics: &d)
        let json = try JSONSerialization.jsonObject(with: Data(try emitJSON(back, &d).utf8)) as! [String: Any]
        let rows = ((json["formSections"] as! [[String: Any]])[0]["formRows"] as! [[String: Any]])
        return rows[0]["rowType"] as! String
    }

    @Test func mappingTable() throws {
        let cases: [(Field, String)] = [
            (Field(id: "a", kind: .singleChoice, presentation: .dropDown), "selectorPickerView"),
            (Field(id: "a", kind: .singleChoice), "selectorPush"),
            (Field(id: "a", kind: .singleChoice, presentation: .segmented), "selectorSegmentedControl"),
            (Field(id: "a", kind: .multipleChoice, presentation: .radio, allowsMultiple: true), "multipleSelector"),
            (Field(id: "a", kind: .singleChoice, allowsMultiple: true), "multipleSelector"),
            (Field(id: "a", kind: .boolean), "booleanCheck"),
            (Field(id: "a", kind: .boolean, presentation: .toggle), "booleanSwitch"),
            (Field(id: "a", kind: .date), "date"),
            (Field(id: "a", kind: .date, presentation: .inline), "dateInline"),
            (Field(id: "a", kind: .text, validation: Validation(named: [.email])), "email"),
            (Field(id: "a", kind: .text, validation: Validation(named: [.usPhoneNumber])), "phone"),
            (Field(id: "a", kind: .text, validation: Validation(named: [.numericOnly])), "integer"),
            (Field(id: "a", kind: .text, validation: Validation(named: [.numericWithPeriods])), "decimal"),
            (Field(id: "a", kind: .text, style: Style(keyboard: "URL")), "url"),
            (Field(id: "a", kind: .password), "password"),
            (Field(id: "a", kind: .multiline), "textView"),
            (Field(id: "a", kind: .label, texts: FieldTexts(body: "Hi")), "info"),
            (Field(id: "a", kind: .custom("myRow")), "myRow"),
        ]
        for (field, expected) in cases {
            #expect(try rowType(field) == expected, "\(field.kind) \(field.presentation?.rawValue ?? "-")")
        }
    }

    /// Every row type XLForm ships reads and writes back as itself.
    @Test func everyRowTypeRoundTrips() throws {
        let types = ["text", "name", "url", "email", "password", "number", "phone", "twitter", "account", "integer",
                     "decimal", "textView", "zipCode", "selectorPush", "selectorPopover", "selectorActionSheet",
                     "selectorAlertView", "selectorPickerView", "selectorPickerViewInline", "multipleSelector",
                     "multipleSelectorPopover", "selectorLeftRight", "selectorSegmentedControl", "date", "time", "datetime",
                     "countDownTimer", "dateInline", "timeInline", "datetimeInline", "countDownTimerInline", "datePicker",
                     "picker", "slider", "booleanCheck", "booleanSwitch", "button", "info", "stepCounter", "image"]
        #expect(types.count == 40)
        let rows = types.enumerated().map { "{\"tag\": \"r\($0.offset)\", \"rowType\": \"\($0.element)\"}" }.joined(separator: ",")
        var d = Diagnostics()
        let form = try Support.read(text: "{\"formSections\": [{\"formRows\": [\(rows)]}]}", diagnostics: &d)
        #expect(Set(form.allFields.map(\.kind.rawValue)).allSatisfy { !$0.hasPrefix("custom.") })
        let json = try JSONSerialization.jsonObject(with: Data(try emitJSON(form, &d).utf8)) as! [String: Any]
        let written = ((json["formSections"] as! [[String: Any]])[0]["formRows"] as! [[String: Any]]).map { $0["rowType"] as! String }
        #expect(written == types)
        #expect(d.losses.isEmpty)
    }

    /// Several rules on one row combine as the lowering says (docs/ir.md, "Several rules on one
    /// target"): "show when a, else hide" then "hide when a" hides b whatever a is, so XLForm's one
    /// `hidden` property says `true`; "enable when a" without else leaves an enabled row enabled. A
    /// single "show when a, else hide" writes the negated condition.
    @Test func rulePolarityAndCombinedRules() throws {
        let a = Field(id: "a", kind: .boolean)
        let b = Field(id: "b", kind: .text)
        let c = Field(id: "c", kind: .text)
        let cond = FormIR.Expression.compare(.field(FieldReference("a")), .equal, .literal(.number(1)))
        let show = Rule(condition: cond, target: .field("b"), then: [.show], otherwise: [.hide])
        let again = Rule(condition: cond, target: .field("b"), then: [.hide], location: FormIR.SourceLocation(file: "f", line: 9, column: 1))
        let enable = Rule(condition: cond, target: .field("b"), then: [.enable])
        let showC = Rule(condition: cond, target: .field("c"), then: [.show], otherwise: [.hide])
        let disableC = Rule(condition: cond, target: .field("c"), then: [.enable], otherwise: [.disable])
        let form = Form(pages: [Page(sections: [Section(fields: [a, b, c])], isImplicit: true)],
                        rules: [show, again, enable, showC, disableC])
        var d = Diagnostics()
        let back = try Support.read(text: try emitJSON(form, &d), diagnostics: &d)
        #expect(back.allFields.first { $0.id == "b" }?.isHidden == true)
        #expect(!back.rules.contains { $0.target == .field("b") })
        let hidden = try #require(back.rules.first { $0.target == .field("c") && $0.then == [Effect.hide] })
        #expect(hidden.condition == cond.negated)
        let disabled = try #require(back.rules.first { $0.target == .field("c") && $0.then == [Effect.disable] })
        #expect(disabled.condition == cond.negated)
        #expect(d.losses.isEmpty)
    }

    /// MM XML compares text (`agree == "YES"`); XLForm's boolean and numeric rows hold numbers.
    @Test func textLiteralsAreTypedForXLFormRows() throws {
        let cond = FormIR.Expression.and([
            .compare(.field(FieldReference("agree")), .equal, .literal(.string("YES"))),
            .compare(.literal(.string("18")), .lessOrEqual, .field(FieldReference("age"))),
            .compare(.field(FieldReference("name")), .equal, .literal(.string("1"))),
        ])
        let fields = [Field(id: "agree", kind: .boolean), Field(id: "age", kind: .integer), Field(id: "name", kind: .text),
                      Field(id: "b", kind: .text)]
        let form = Form(pages: [Page(sections: [Section(fields: fields)], isImplicit: true)],
                        rules: [Rule(condition: cond, source: ConditionSource(dialect: .mmCondition, text: "…"),
                                     target: .field("b"), then: [.hide], otherwise: [.show])])
        var d = Diagnostics()
        let back = try Support.read(text: try emitJSON(form, &d), diagnostics: &d)
        #expect(back.rules.first?.condition == .and([
            .compare(.field(FieldReference("agree")), .equal, .literal(.number(1))),
            .compare(.literal(.number(18)), .lessOrEqual, .field(FieldReference("age"))),
            .compare(.field(FieldReference("name")), .equal, .literal(.string("1"))),
        ]))
    }

    @Test func unconditionalRulesBecomeFixedFlags() throws {
        let form = Form(pages: [Page(sections: [Section(fields: [Field(id: "a", kind: .text)])], isImplicit: true)],
                        rules: [Rule(condition: nil, target: .field("a"), then: [.hide]),
                                Rule(condition: nil, target: .field("a"), then: [.disable])])
        var d = Diagnostics()
        let json = try emitJSON(form, &d)
        #expect(json.contains("\"hidden\": true"))
        #expect(json.contains("\"disabled\": true"))
    }

    @Test func tagsXLFormCannotFindInPredicatesAreReported() throws {
        let cond = FormIR.Expression.compare(.field(FieldReference("all-day")), .equal, .literal(.number(1)))
        let form = Form(pages: [Page(sections: [Section(fields: [Field(id: "all-day", kind: .boolean), Field(id: "b", kind: .text)])],
                                     isImplicit: true)],
                        rules: [Rule(condition: cond, target: .field("b"), then: [.hide], otherwise: [.show])])
        var d = Diagnostics()
        let json = try emitJSON(form, &d)
        // NOTES.md: XLForm cuts a tag at `-`, so no predicate string can name `all-day`: a loss, nothing written.
        #expect(d.items.contains { $0.id == "loss.relationship.show-hide" && $0.message.contains("all-day") })
        #expect(!json.contains("\"hidden\""))
    }

    /// XLForm holds one language: the one asked for, else the form's default; the others are losses.
    @Test func localizedTextsPickOneLanguage() throws {
        let label = LocalizedText([.init(locale: "en_US", text: "Name"), .init(locale: "fr_CA", text: "Nom")])
        let form = Form(defaultLocale: "fr_CA", pages: [Page(sections: [Section(fields: [Field(id: "n", kind: .text, texts: FieldTexts(label: label))])],
                                                              isImplicit: true)])
        var d = Diagnostics()
        #expect(try emitJSON(form, &d).contains("\"title\": \"Nom\""))
        #expect(d.losses.contains { $0.loss?.feature == "text.localization" })
        let english = try FormatRegistry.emitter(for: .xlformSwift)!.emit(form, options: EmitOptions(locale: "en_US"), diagnostics: &d)
        #expect(Support.text(english).contains("title: \"Name\""))
    }

    @Test func typeNames() {
        #expect(XLFormCodeEmitter.typeName(explicit: nil, source: "forms/event.xlform.json") == "EventFormViewController")
        #expect(XLFormCodeEmitter.typeName(explicit: nil, source: "2019 tax-return.xml") == "Form2019TaxReturnFormViewController")
        #expect(XLFormCodeEmitter.typeName(explicit: nil, source: nil) == "GeneratedFormViewController")
        #expect(XLFormCodeEmitter.typeName(explicit: "Signup ViewController", source: nil) == "Signup_ViewController")
        #expect(XLFormCodeEmitter.typeName(explicit: "class", source: nil) == "class_")
        #expect(XLFormCodeEmitter.typeName(explicit: nil, source: "SettingsViewController.plist") == "SettingsViewController")
    }

    /// Hostile texts: quotes, backslashes, newlines, a trailing backslash in a comment, control
    /// characters, line separators, non-ASCII. The golden outputs are compiled by XLFormCompileTests.
    @Test func escaping() throws {
        let nasty = "He said \"hi\" \\ then\nleft\tC:\\dir\\\u{1}\u{7F}\u{2028}é😀 ??/ */ $x"
        let field = Field(id: "tag \"quoted\"\\", kind: .singleChoice,
                          texts: FieldTexts(label: LocalizedText("Title ends with backslash \\"), placeholder: LocalizedText(nasty)),
                          options: [Option(value: .string(nasty), label: LocalizedText(nasty)), Option(value: .double(-2.5)),
                                    Option(value: .int(-3)), Option(value: .double(4))],
                          defaultValue: .string(nasty),
                          validation: Validation(patterns: [PatternRule(regex: "^\\d+\"$", message: LocalizedText(nasty))]),
                          extensions: ["xlform.cellConfig": .object(["a.b": .array([.int(1), .string("x"), .bool(false), .null]),
                                                                     "c": .object(["k\"": .double(1e-7)]),
                                                                     "d": .data("AAEC"), "e": .object([:]), "f": .array([])])])
        let text = Field(id: "t", kind: .text, texts: FieldTexts(placeholder: LocalizedText(nasty)))
        let form = Form(title: LocalizedText(nasty), pages: [Page(sections: [
            Section(title: LocalizedText(nasty), footer: "\\", fields: [field, text])], isImplicit: true)])
        var d = Diagnostics()
        for (format, ext) in [(FormatID.xlform, "xlform.json"), (.xlformSwift, "swift"), (.xlformObjc, "m")] {
            let out = try Support.emit(form, as: format, typeName: "EscapingFormViewController", diagnostics: &d)
            try Support.golden(Support.text(out), "xlform/escaping.\(ext)")
        }
        let back = try Support.read(text: Support.text(try Support.emit(form, as: .xlform, diagnostics: &d)), diagnostics: &d)
        #expect(back.field("tag \"quoted\"\\")?.defaultValue == .string(nasty))
        #expect(back.title?.defaultText == nasty)
    }

    /// No trigraph can form in the Objective-C output (issue 35): C replaces `??/`, `??=`, `??(` … before
    /// anything else, in string literals and comments alike (`??/` at a comment's end splices the next line).
    @Test func objectiveCOutputHoldsNoTrigraph() throws {
        let texts = ["ends in ??/", "???/", "??=??(??)??!??<??>??-??'", "a?", "?", "??"]
        var fields: [Field] = []
        for (i, t) in texts.enumerated() {
            fields.append(Field(id: "f\(i)", kind: .text, texts: FieldTexts(label: LocalizedText(t), placeholder: LocalizedText(t)),
                                defaultValue: .string(t)))
        }
        let form = Form(title: LocalizedText("Title ??/"), pages: [Page(sections: [Section(title: "??/", fields: fields)], isImplicit: true)])
        var d = Diagnostics()
        let out = Support.text(try Support.emit(form, as: .xlformObjc, typeName: "TrigraphFormViewController", diagnostics: &d))
        let trigraphEnds: Set<Character> = ["=", "/", "'", "(", ")", "!", "<", ">", "-"]
        let chars = Array(out)
        let found = chars.indices.dropLast(2).filter { chars[$0] == "?" && chars[$0 + 1] == "?" && trigraphEnds.contains(chars[$0 + 2]) }
        #expect(found.isEmpty, "trigraphs at \(found.map { String(chars[max(0, $0 - 20)..<min(chars.count, $0 + 3)]) })")
        // The literals still say the text: `\?` is `?` in C.
        #expect(out.contains(#"@"ends in ?\?/""#))
    }

    /// Values an encoding cannot hold are reported where the field came from, never dropped silently.
    @Test func unwritableValuesAreLosses() throws {
        let at = FormIR.SourceLocation(file: "in.json", line: 4, column: 5)
        let field = Field(id: "r", kind: .text, extensions: ["xlform.cellConfig": .object(["k": .null, "n": .double(.nan)])],
                          location: at)
        let form = Form(pages: [Page(sections: [Section(fields: [field])], isImplicit: true)])
        var plist = Diagnostics()
        _ = try Support.emit(form, as: .xlformPlist, diagnostics: &plist)
        let null = try #require(plist.losses.first)
        #expect(null.id == "loss.value.null" && null.location == at && null.path == "/formSections/0/formRows/0/cellConfig/k")
        var json = Diagnostics()
        _ = try Support.emit(form, as: .xlform, diagnostics: &json)
        #expect(json.losses.map(\.id) == ["loss.value.non-finite"])
    }

    /// The smallest forms still make valid code: no sections, or one section with one row (`let`, not `var`).
    @Test func minimalForms() throws {
        var d = Diagnostics()
        let one = Form(title: "One", pages: [Page(sections: [Section(fields: [Field(id: "only", kind: .boolean)])], isImplicit: true)])
        for (name, form) in [("empty", Form()), ("one-row", one)] {
            for (format, ext) in [(FormatID.xlformSwift, "swift"), (.xlformObjc, "m")] {
                let out = try Support.emit(form, as: format, typeName: "\(name == "empty" ? "Empty" : "OneRow")FormViewController", diagnostics: &d)
                try Support.golden(Support.text(out), "xlform/\(name).\(ext)")
            }
        }
    }

    @Test func outputIsStable() throws {
        var d = Diagnostics()
        let form = MMLikeForm.make()
        for format in [FormatID.xlform, .xlformPlist, .xlformSwift, .xlformObjc] {
            let first = try Support.emit(form, as: format, diagnostics: &d)
            let second = try Support.emit(form, as: format, diagnostics: &d)
            #expect(first == second, "\(format) output changes between runs")
        }
    }
}
