import Testing
import FormIR
import Readers

/// What the reader puts in the IR for each key of the schema.
@Suite struct RowSchemaReaderTests {
    func form(_ json: String) -> Form {
        let (f, d) = RowSchema.read(json)
        #expect(!d.hasErrors, "\(RowSchema.lines(d))")
        return f ?? Form()
    }

    func field(_ row: String) -> Field {
        form(#"{"sections":[{"type":"static","items":[\#(row)]}]}"#).allFields.first ?? Field(id: "?", kind: .text)
    }

    @Test func formKeys() {
        let f = form(#"{"title":"T","locale":"fa_IR","sections":[{"type":"static","items":[]}]}"#)
        #expect(f.title == LocalizedText("T"))
        #expect(f.defaultLocale == "fa_IR")
        #expect(f.pages.count == 1 && f.pages[0].isImplicit && f.pages[0].sections.count == 1)
    }

    @Test func fieldTypes() {
        let cases: [(String, FieldKind)] = [("text", .text), ("textarea", .multiline), ("zipcode", .postalCode),
                                             ("currency", .currency), ("label", .label), ("slider", .slider),
                                             ("image", .photo), ("webview", .webView), ("push.async", .custom("push.async"))]
        for (type, kind) in cases { #expect(field(#"{"type":"\#(type)","id":"a"}"#).kind == kind, "\(type)") }
        #expect(field(#"{"type":"switch","tag":"a"}"#).presentation == .toggle)
        #expect(field(#"{"type":"check","id":"a"}"#).presentation == .checkbox)
    }

    @Test func textsColorsAndState() {
        let f = field(##"{"type":"text","id":"a","title":"A","placeholder":"p","empty_text":"e","required":true,"hidden":true,"disabled":false,"color.background":"#FFFFFF","color.text.detail.ios":"#000000","color.placeholder":"#CCCCCC"}"##)
        #expect(f.texts.label == "A" && f.texts.placeholder == "p" && f.texts.emptyText == "e")
        #expect(f.validation.required && f.isHidden && !f.isDisabled)
        #expect(f.style.backgroundColor == "#FFFFFF" && f.style.placeholderColor == "#CCCCCC")
        #expect(f.style.platformColors == ["ios.detailTextColor": "#000000"])
    }

    @Test func predicatesBecomeRules() {
        let f = form(#"{"sections":[{"type":"static","items":[{"type":"switch","id":"s"},{"type":"text","id":"a","hidden":"$s == YES","disabled":"$s == NO"}]}]}"#)
        #expect(f.rules.count == 2)
        #expect(f.rules[0].target == .field("a") && f.rules[0].then == [.hide] && f.rules[0].otherwise == [.show])
        #expect(f.rules[0].condition == .compare(.field(FieldReference("s")), .equal, .literal(.bool(true))))
        #expect(f.rules[0].source?.text == "$s == YES" && f.rules[0].source?.dialect == .rowPredicate)
        #expect(f.rules[0].source?.location?.column == 101)
        #expect(f.rules[1].then == [.disable] && f.rules[1].otherwise == [.enable])
    }

    @Test func validationRules() {
        let f = field(#"{"type":"integer","id":"a","rules":[{"regexp":"^[0-9]+$","message":"digits"},{"predicate":"SELF < 10","message":"small"}]}"#)
        #expect(f.validation.patterns == [PatternRule(regex: "^[0-9]+$", message: "digits")])
        #expect(f.validation.predicates == [PredicateRule(condition: .compare(.selfValue, .less, .literal(.number(10))), message: "small")])
    }

    @Test func formattersAndCurrency() {
        let f = field(#"{"type":"currency","id":"a","currency.style":"iso","currency.locale":"en_US","formatter":[{"type":"number","number.format":",##0.0","number.rounding_mode":"floor"},{"type":"byte"}]}"#)
        #expect(f.formatting.currencyStyle == "iso" && f.formatting.currencyLocale == "en_US")
        #expect(f.formatting.formatters == [["type": .string("number"), "number.format": .string(",##0.0"),
                                             "number.rounding_mode": .string("floor")], ["type": .string("byte")]])
    }

    @Test func dates() {
        let f = field(#"{"type":"datetime","id":"d","style":"countdown","style.display":"picker","value.minimum":"2020-01-01","value.maximum":"2021-06-30T12:00:00Z","minute_interval":15,"date.format":"HH:mm","date.calendar":"persian","date.timezone":"Asia/Tehran","date.locale":"fa_IR"}"#)
        #expect(f.kind == .countdown && f.presentation == .picker)
        #expect(f.validation.minDate == "2020-01-01" && f.validation.maxDate == "2021-06-30T12:00:00Z")
        #expect(f.formatting == Formatting(dateFormat: "HH:mm", calendar: "persian", timeZone: "Asia/Tehran",
                                           locale: "fa_IR", minuteInterval: 15))
        #expect(field(#"{"type":"datetime","id":"d"}"#).kind == .dateTime)
    }

    @Test func optionsAndStyles() {
        let f = field(#"{"type":"options","id":"o","style":"segmented","title.selector":"Pick","options":["a","b",3],"options.display":{"a":"Alpha","3":"Three"}}"#)
        #expect(f.kind == .singleChoice && f.presentation == .segmented && f.texts.selectorTitle == "Pick")
        #expect(f.options == [Option(value: .string("a"), label: "Alpha"), Option(value: .string("b")),
                              Option(value: .int(3), label: "Three")])
        let m = field(#"{"type":"options","id":"o","style":"picker.multiple","options":["a"]}"#)
        #expect(m.kind == .multipleChoice && m.allowsMultiple)
        #expect(field(#"{"type":"options","id":"o","style":"action","options":["a"]}"#).presentation == .actionSheet)
        #expect(field(#"{"type":"options","id":"o","style":"picker.inline","options":["a"]}"#).presentation == .pickerInline)
    }

    @Test func controls() {
        let s = field(#"{"type":"stepper","id":"s","value.minimum":1,"value.maximum":5.5,"value.stepper.steps":2,"value.stepper.type":"integer"}"#)
        #expect(s.validation.minValue == 1 && s.validation.maxValue == 5.5)
        #expect(s.formatting.step == 2 && s.formatting.stepType == "integer")
        #expect(field(#"{"type":"button","id":"b","button.pushtype":true}"#).presentation == .push)
    }

    @Test func dynamicSection() {
        let f = form(#"{"sections":[{"type":"dynamic","dynamic.allowed.insert":true,"dynamic.title.insert":"Add","dynamic.id.prefix":"r","dynamic.type":"text","dynamic.placeholder":"Name","items":[]}]}"#)
        let d = f.pages[0].sections[0].dynamic
        #expect(d?.allowsInsert == true && d?.allowsDelete == false && d?.allowsReorder == true)
        #expect(d?.insertTitle == "Add" && d?.idPrefix == "r")
        #expect(d?.template == Field(id: "r", kind: .text, texts: FieldTexts(placeholder: "Name")))
        let plain = form(#"{"sections":[{"type":"dynamic","items":[]}]}"#).pages[0].sections[0].dynamic
        #expect(plain?.idPrefix == "default" && plain?.template == nil)
    }

    @Test func unknownKeysAreKept() {
        let (f, d) = RowSchema.read(#"{"sections":[{"type":"static","items":[{"type":"text","id":"a","shade":3,"x-team":"ops"}]}]}"#)
        #expect(f?.allFields.first?.extensions == ["rowschema.key.shade": .int(3), "rowschema.key.x-team": .string("ops")])
        #expect(d.items.map(\.id) == ["rowschema.unknown-key"])
    }

    @Test func laterRevisionSpellings() {
        let (f, d) = RowSchema.read(#"""
        {"onchange":"submit","sections":[{"type":"dynamic","header":"H","footer":"F","class":"c","dynamic.insert.title":"Add",
         "dynamic.row":{"type":"textfield","style":"email"},"items":[
          {"type":"textfield","style":"percent","id":"p","class":"wide","options.title":"x"},
          {"type":"postaladdress","id":"addr"},
          {"type":"datetime","id":"d","value":"/Date(86400000)/"},
          {"type":"options","id":"o","style":"token","options":["a"]},
          {"type":"button","id":"go","action":{"type":"submit"}}]}]}
        """#)
        let s = f?.pages[0].sections[0]
        #expect(s?.title == "H" && s?.footer == "F" && s?.style.cssClass == "c")
        #expect(s?.dynamic?.insertTitle == "Add" && s?.dynamic?.template?.kind == .email)
        let fields = f?.allFields ?? []
        #expect(fields.map(\.kind) == [.percent, .address, .dateTime, .singleChoice, .button])
        #expect(fields[0].style.cssClass == "wide" && fields[0].texts.selectorTitle == "x")
        #expect(fields[2].defaultValue == .date("1970-01-02T00:00:00Z"))
        #expect(fields[3].presentation == .token)
        #expect(fields[4].actions == [.submit])
        #expect(f?.extensions["rowschema.later.onchange"] == .string("submit"))
        #expect(!d.hasErrors && d.items.allSatisfy { $0.id == "rowschema.later-revision" && $0.severity == .note })
        #expect(d.items.count == 15)
    }
}
