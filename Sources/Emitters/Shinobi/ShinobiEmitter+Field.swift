import FormIR
import Lowering
import DocumentTree

extension ShinobiEmitContext {
    /// The element a field is written as, and whether it says exactly what the field's kind means.
    func element(for f: Field) -> (name: String, exact: Bool) {
        if f.extensions["shinobi.pickerComponents"] != nil { return ("pickerField", f.kind == .singleChoice) }
        if f.extensions["shinobi.element"]?.stringValue == "rangedNumberField" { return ("rangedNumberField", f.kind == .number) }
        let bounded = f.validation.minValue != nil || f.validation.maxValue != nil
        switch f.kind {
        case .custom("SFormField"): return ("field", true)
        case .text: return ("textField", true)
        case .multiline, .name, .phone, .url, .password, .twitter, .account, .postalCode: return ("textField", false)
        case .email: return ("emailField", true)
        case .number: return (bounded ? "rangedNumberField" : "numberField", true)
        case .integer, .decimal, .currency, .percent: return (bounded ? "rangedNumberField" : "numberField", false)
        case .slider, .stepper: return ("rangedNumberField", false)
        case .boolean: return ("booleanField", true)
        case .date: return ("dateField", true)
        case .time, .dateTime, .countdown: return ("dateField", false)
        case .singleChoice: return (f.presentation == .picker ? "pickerField" : "choiceField", true)
        case .multipleChoice: return ("choiceField", false)
        default: return ("field", false)
        }
    }

    static let notEmptyValidator: [String: String] = [
        "textField": "textNotEmptyValidator", "emailField": "textNotEmptyValidator",
        "numberField": "textNotEmptyValidator", "choiceField": "choiceNotEmptyValidator",
        "pickerField": "pickerNotEmptyValidator", "dateField": "dateNotEmptyValidator",
        "booleanField": "booleanTrueValidator",
    ]
    /// Elements whose value is text, where `textRegexValidator` applies.
    static let textElements: Set<String> = ["textField", "emailField", "numberField"]
    /// ShinobiForms' own validators (`textEmailValidator`, `textNumericValidator`, `booleanFalseValidator`);
    /// other named validations and length limits become `textRegexValidator`s.
    static let ruleAbilities = RuleAbilities(dialect: .icu, namedValidators: [.email, .numeric, NamedValidator("booleanFalse")])

    static let comparisonValidator: [String: String] = [
        "textField": "textComparisonValidator", "emailField": "textComparisonValidator",
        "numberField": "textComparisonValidator", "choiceField": "choiceComparisonValidator",
        "booleanField": "booleanComparisonValidator", "rangedNumberField": "rangedNumberComparisonValidator",
        "dateField": "dateComparisonValidator",
    ]
    static let relationNames: [FieldComparison.Relation: String] = [
        .equal: "SFormComparisonRuleEqual", .notEqual: "SFormComparisonRuleNotEqual",
        .greaterThan: "SFormComparisonRuleGreaterThan", .lessThan: "SFormComparisonRuleLessThan",
        .greaterThanOrEqual: "SFormComparisonRuleGreaterThanOrEqual",
        .lessThanOrEqual: "SFormComparisonRuleLessThanOrEqual",
    ]

    mutating func write(_ f: Field, path: String, to xml: inout ShinobiXMLText, diagnostics: inout Diagnostics) {
        let name = fieldIndex < names.count ? names[fieldIndex] : ShinobiNames.sanitize(f.id)
        fieldIndex += 1
        let (element, exact) = element(for: f)
        func loss(_ feature: String, _ message: String, at location: SourceLocation? = nil) {
            diagnostics.loss(feature, target: target, message, at: location ?? f.location, path: path)
        }
        if !exact {
            loss("kind.\(f.kind.rawValue)",
                 "\(target) has no \(f.kind.rawValue) field: '\(f.id)' is written as <\(element)>")
        }
        SubmissionShapeLosses.reportAddressParts(f, holder: "a ShinobiForms field", name: name, idPrefix: "shinobi",
                                                 path: path, into: &diagnostics)
        if let p = f.presentation, !(element == "pickerField" && p == .picker) {
            loss("field.presentation", "\(target) cannot express the presentation \(p.rawValue) of '\(f.id)'")
        }
        if element == "field" {
            xml.empty("field", name: name)
            writeBareLosses(f, loss)
            return
        }
        xml.open(element, name: name)
        if let label = f.texts.label, let t = text(label) { xml.leaf("title", t) }
        writeRequiredAndValidators(f, element: element, to: &xml, loss) { id, message, location in
            diagnostics.note(id, message, at: location ?? f.location, path: path)
        }
        switch element {
        case "choiceField": writeChoice(f, name: name, to: &xml, loss)
        case "pickerField": writePicker(f, to: &xml, loss)
        case "rangedNumberField":
            if let v = f.defaultValue { xml.leaf("value", v.displayText) }
            let (lower, upper) = RuleLowering.numericRange(f.validation)
            if let m = lower { xml.leaf("minimum", Value.format(m)) }
            if let m = upper { xml.leaf("maximum", Value.format(m)) }
        case "booleanField":
            if let v = f.defaultValue {
                xml.leaf("value", f.extensions["shinobi.valueText"]?.stringValue ?? v.displayText)
            }
        default:
            if let v = f.defaultValue {
                xml.leaf("value", v.displayText)
                Self.reportUnwritableDefault(v.displayText, name: name, loss)
                if element == "dateField", v.doubleValue != nil {
                    loss("field.default-value",
                         "ShinobiForms documents no date format for a <dateField> value: the default of '\(name)', the unix time \(v.displayText), is written as that text and reads back as a date text, not a number")
                }
            }
        }
        if element != "rangedNumberField", f.validation.minValue != nil || f.validation.maxValue != nil {
            loss("validation.value-range", "<\(element)> has no minimum or maximum: the value range of '\(f.id)' is lost")
        }
        xml.close(element)
    }

    private func writeBareLosses(_ f: Field, _ loss: (String, String, SourceLocation?) -> Void) {
        let v = f.validation
        if f.texts.label != nil { loss("text.label", "a bare <field> has no title: the label of '\(f.id)' is lost", nil) }
        if v.required { loss("validation.required", "a bare <field> cannot be required: '\(f.id)'", nil) }
        if !v.patterns.isEmpty || !v.named.filter({ $0 != .none }).isEmpty || !v.comparisons.isEmpty {
            loss("validation.named", "a bare <field> has no validators: those of '\(f.id)' are lost", nil)
        }
        if v.minLength != nil || v.maxLength != nil {
            loss(Feature.length.rawValue, "a bare <field> has no length limits: those of '\(f.id)' are lost", nil)
        }
        if f.defaultValue != nil { loss("field.default-value", "a bare <field> has no value: that of '\(f.id)' is lost", nil) }
        if !f.options.isEmpty { loss("options", "a bare <field> has no choices: the options of '\(f.id)' are lost", nil) }
    }

    private func writeRequiredAndValidators(_ f: Field, element: String, to xml: inout ShinobiXMLText,
                                            _ loss: (String, String, SourceLocation?) -> Void,
                                            note: (String, String, SourceLocation?) -> Void) {
        let v = f.validation
        if let text = f.extensions["shinobi.required"]?.stringValue {
            if !text.isEmpty { xml.leaf("required", text) }
        } else if v.required {
            xml.leaf("required", "true")
        }
        let notEmptyName = Self.notEmptyValidator[element]
        let writeNotEmpty = f.extensions["shinobi.notEmptyValidator"]?.boolValue ?? (v.required && notEmptyName != nil)
        var out: [String] = writeNotEmpty ? [notEmptyName ?? "textNotEmptyValidator"] : []
        // Text elements take `textRegexValidator`s; on the others only the validators they have count.
        let textual = Self.textElements.contains(element)
        var lowerable = v
        if !textual {
            lowerable.minLength = nil
            lowerable.maxLength = nil
            if v.minLength != nil || v.maxLength != nil {
                loss(Feature.length.rawValue, "<\(element)> has no length limits: those of '\(f.id)' are lost", nil)
            }
        }
        let lowered = RuleLowering.textRules(lowerable, abilities: Self.ruleAbilities)
        for n in lowered.named {
            switch n {
            case .email: out.append("textEmailValidator")
            case .numeric: out.append("textNumericValidator")
            default: out.append("booleanFalseValidator")
            }
        }
        for u in lowered.unlowered {
            loss(u.feature.rawValue, "\(target) cannot express the \(u.what) of '\(f.id)': \(u.reason)", u.location)
        }
        // A non-text element keeps the source's own regexes (as before) but takes no lowered ones.
        var regexes: [LoweredRule] = []
        for r in lowered.regexes {
            switch r.origin {
            case .pattern: regexes.append(r)
            case .named(let n) where element == "rangedNumberField" && RuleLowering.holdsOnNumbers(n):
                // A number field checks it by its kind (and a day/month/year range by <minimum>/<maximum>).
                if n == .numericOnly {
                    loss(Feature.namedValidator.rawValue,
                         "a <rangedNumberField> accepts any number: the numericOnly validation of '\(f.id)' (whole numbers) is lost, 1.5 is accepted", r.location)
                } else {
                    let what = n == .numeric || n == .numericWithPeriods ? "holds only numbers, so ShinobiForms refuses the same answers without it"
                        : "holds only numbers, and its <minimum> and <maximum> state this validation's range (decimals such as 1.5 pass)"
                    note("shinobi.validation-implied",
                         "\(f.id): the \(n.rawValue) validation is not written as a validator: a <rangedNumberField> \(what)", r.location)
                }
            case .named(let n) where !textual:
                loss(Feature.namedValidator.rawValue, "<\(element)> has no regex validator: the \(n.rawValue) validation of '\(f.id)' is lost", nil)
            case .named, .length: regexes.append(r)
            }
        }
        let comparisonElement = Self.comparisonValidator[element]
        let hasAny = !out.isEmpty || !regexes.isEmpty || (comparisonElement != nil && !v.comparisons.isEmpty)
        if !hasAny {
            for c in v.comparisons {
                loss("validation.comparison", "<\(element)> has no comparison validator: '\(f.id)' compared with '\(c.otherField)'",
                     c.location)
            }
            return
        }
        xml.open("validators")
        for name in out { xml.empty(name) }
        for r in regexes {
            xml.open("textRegexValidator")
            xml.leaf("regexString", r.regex)
            xml.close("textRegexValidator")
        }
        for c in v.comparisons {
            guard let ce = comparisonElement else {
                loss("validation.comparison", "<\(element)> has no comparison validator: '\(f.id)' compared with '\(c.otherField)'",
                     c.location)
                continue
            }
            xml.open(ce)
            xml.leaf("toCompare", reference(c.otherField))
            xml.leaf("validResult", Self.relationNames[c.relation]!)
            if let mode = c.mode {
                if ce == "textComparisonValidator" {
                    xml.leaf("comparisonMode", mode == .text ? "SFormTextComparisonModeTextValue" : "SFormTextComparisonModeNumberValue")
                } else {
                    loss("validation.comparison", "<\(ce)> has no comparisonMode: the \(mode.rawValue) mode of '\(f.id)' is lost",
                         c.location)
                }
            }
            xml.close(ce)
        }
        xml.close("validators")
    }

    /// A default whose text holds characters XML 1.0 cannot carry: written with U+FFFD in their place.
    static func reportUnwritableDefault(_ text: String, name: String, _ loss: (String, String, SourceLocation?) -> Void) {
        guard XMLEscaping.escaped(text).replaced > 0 else { return }
        loss("field.default-value",
             "the default value of '\(name)' holds characters XML 1.0 cannot carry; they are written as U+FFFD, so the default reads back changed", nil)
    }

    private func writeChoice(_ f: Field, name: String, to xml: inout ShinobiXMLText, _ loss: (String, String, SourceLocation?) -> Void) {
        if let v = f.defaultValue {
            if let i = f.options.firstIndex(where: { $0.value == v || $0.value.displayText == v.displayText }) {
                xml.leaf("value", String(i))
                // The value is an index: it reads back as the option's text.
                Self.reportUnwritableDefault(f.options[i].value.displayText, name: name, loss)
            } else {
                loss("field.default-value", "the value of a choiceField is an index: '\(v.displayText)' of '\(f.id)' is no option", nil)
            }
        }
        if !f.options.isEmpty {
            xml.open("choices")
            for o in f.options { xml.leaf("choice", o.value.displayText) }
            xml.close("choices")
        }
    }

    private func writePicker(_ f: Field, to xml: inout ShinobiXMLText, _ loss: (String, String, SourceLocation?) -> Void) {
        let columns: [[Value]]
        if let c = f.extensions["shinobi.pickerComponents"]?.arrayValue {
            columns = c.map { $0.arrayValue ?? [] }
        } else {
            columns = [f.options.map(\.value)]
        }
        let selected: [Value]
        switch f.defaultValue {
        case .none: selected = []
        case .array(let a) where f.extensions["shinobi.pickerComponents"] != nil: selected = a
        case .some(let v): selected = [v]
        }
        var indices: [Int] = []
        for (n, v) in selected.enumerated() {
            let column = n < columns.count ? columns[n] : []
            if let i = column.firstIndex(where: { $0 == v || $0.displayText == v.displayText }) { indices.append(i) } else {
                loss("field.default-value", "the values of a pickerField are indices: '\(v.displayText)' of '\(f.id)' is no option", nil)
                break
            }
        }
        if !indices.isEmpty {
            xml.open("values")
            for i in indices { xml.leaf("value", String(i)) }
            xml.close("values")
        }
        if columns.contains(where: { !$0.isEmpty }) || (columns.count > 1) {
            xml.open("options")
            for column in columns {
                if column.isEmpty { xml.empty("component"); continue }
                xml.open("component")
                for o in column { xml.leaf("option", o.displayText) }
                xml.close("component")
            }
            xml.close("options")
        }
    }
}
