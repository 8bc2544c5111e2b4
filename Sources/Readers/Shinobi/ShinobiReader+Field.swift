import Foundation
import FormIR

extension ShinobiReadContext {
    /// Field elements and the IR kind each one reads as.
    static let fieldKinds: [String: FieldKind] = [
        "textField": .text, "emailField": .email, "numberField": .number, "rangedNumberField": .number,
        "choiceField": .singleChoice, "booleanField": .boolean, "dateField": .date, "pickerField": .singleChoice,
        "field": .custom("SFormField"),
    ]

    /// The not-empty validator the emitter writes for a required field of each element.
    static let notEmptyValidator: [String: String] = [
        "textField": "textNotEmptyValidator", "emailField": "textNotEmptyValidator",
        "numberField": "textNotEmptyValidator", "choiceField": "choiceNotEmptyValidator",
        "pickerField": "pickerNotEmptyValidator", "dateField": "dateNotEmptyValidator",
        "booleanField": "booleanTrueValidator",
    ]

    /// Children each field element may hold, besides `title`, `required` and `validators`.
    static let valueChildren: [String: Set<String>] = [
        "textField": ["value"], "emailField": ["value"], "numberField": ["value"], "booleanField": ["value"],
        "dateField": ["value"], "choiceField": ["value", "choices"],
        "rangedNumberField": ["value", "minimum", "maximum"], "pickerField": ["values", "options"],
    ]

    mutating func readField(_ e: ShinobiXMLElement, path: String) -> Field? {
        guard let kind = Self.fieldKinds[e.name] else { unknownElement(e, in: "fields"); return nil }
        checkAttributes(e, allowed: ["name"])
        let id = fieldName(e)
        var field = Field(id: id, kind: kind, location: e.location)
        if e.name == "field" {
            for c in e.children { unknownElement(c, in: "field") }
            return field
        }
        if e.name == "pickerField" { field.presentation = .picker }
        var requiredText: String?
        var notEmpty = false
        var children: [String: ShinobiXMLElement] = [:]
        let allowed = Self.valueChildren[e.name] ?? []
        for child in e.children {
            switch child.name {
            case "title": field.texts.label = LocalizedText(child.text)
            case "required": requiredText = child.trimmedText
            case "validators": notEmpty = readValidators(child, into: &field) || notEmpty
            case let n where allowed.contains(n): children[n] = child
            default: unknownElement(child, in: e.name)
            }
        }
        let byElement = requiredText.map { ["true", "yes", "1"].contains($0.lowercased()) } ?? false
        field.validation.required = byElement || notEmpty
        let defaultText: String? = field.validation.required ? "true" : nil
        if requiredText != defaultText { field.extensions["shinobi.required"] = .string(requiredText ?? "") }
        let defaultNotEmpty = field.validation.required && Self.notEmptyValidator[e.name] != nil
        if notEmpty != defaultNotEmpty { field.extensions["shinobi.notEmptyValidator"] = .bool(notEmpty) }

        switch e.name {
        case "choiceField": readChoices(children, into: &field)
        case "pickerField": readPicker(children, into: &field)
        case "rangedNumberField":
            field.validation.minValue = children["minimum"].flatMap { decimal($0) }
            field.validation.maxValue = children["maximum"].flatMap { decimal($0) }
            if field.validation.minValue == nil && field.validation.maxValue == nil {
                field.extensions["shinobi.element"] = .string("rangedNumberField")
            }
            if let v = children["value"] { field.defaultValue = number(v) }
        case "numberField": if let v = children["value"] { field.defaultValue = number(v) }
        case "booleanField": if let v = children["value"] { field.defaultValue = boolean(v, into: &field) }
        case "dateField": if let v = children["value"] { field.defaultValue = .date(v.trimmedText) }
        default: if let v = children["value"] { field.defaultValue = .string(v.text) }
        }
        return field
    }

    private mutating func decimal(_ e: ShinobiXMLElement) -> Double? {
        if let d = Double(e.trimmedText) { return d }
        diagnostics.warning("shinobi.invalid-value", "<\(e.name)> '\(e.trimmedText)' is not a decimal number; ignored",
                            at: e.location)
        return nil
    }

    private mutating func number(_ e: ShinobiXMLElement) -> Value {
        let t = e.trimmedText
        if let i = Int(t) { return .int(i) }
        if let d = Double(t), d.isFinite { return .double(d) }
        diagnostics.warning("shinobi.invalid-value", "value '\(t)' of a number field is not a number; kept as text",
                            at: e.location)
        return .string(e.text)
    }

    private mutating func boolean(_ e: ShinobiXMLElement, into field: inout Field) -> Value {
        let t = e.trimmedText
        switch t.lowercased() {
        case "true", "yes", "1":
            if t != "true" { field.extensions["shinobi.valueText"] = .string(t) }
            return .bool(true)
        case "false", "no", "0":
            if t != "false" { field.extensions["shinobi.valueText"] = .string(t) }
            return .bool(false)
        default:
            diagnostics.warning("shinobi.invalid-value", "value '\(t)' of a boolean field is not true or false; kept as text",
                                at: e.location)
            return .string(e.text)
        }
    }

    /// An index into `count` items, or `nil` with an error.
    private mutating func index(_ e: ShinobiXMLElement, count: Int, of what: String) -> Int? {
        guard let i = Int(e.trimmedText) else {
            diagnostics.error("shinobi.invalid-index", "value '\(e.trimmedText)' is not an index into the \(what)",
                              at: e.location)
            return nil
        }
        guard i >= 0 && i < count else {
            diagnostics.error("shinobi.choice-index-out-of-range",
                              "index \(i) is out of range: there \(count == 1 ? "is 1" : "are \(count)") \(what)",
                              at: e.location)
            return nil
        }
        return i
    }

    private mutating func readChoices(_ children: [String: ShinobiXMLElement], into field: inout Field) {
        if let choices = children["choices"] {
            for c in choices.children {
                if c.name == "choice" { field.options.append(Option(value: .string(c.text), location: c.location)) }
                else { unknownElement(c, in: "choices") }
            }
        }
        if let v = children["value"], let i = index(v, count: field.options.count, of: "choices") {
            field.defaultValue = field.options[i].value
        }
    }

    private mutating func readPicker(_ children: [String: ShinobiXMLElement], into field: inout Field) {
        var components: [[Option]] = []
        if let options = children["options"] {
            for c in options.children {
                guard c.name == "component" else { unknownElement(c, in: "options"); continue }
                var column: [Option] = []
                for o in c.children {
                    if o.name == "option" { column.append(Option(value: .string(o.text), location: o.location)) }
                    else { unknownElement(o, in: "component") }
                }
                components.append(column)
            }
        }
        var selected: [Value] = []
        if let values = children["values"] {
            for (n, v) in values.children.enumerated() {
                guard v.name == "value" else { unknownElement(v, in: "values"); continue }
                let column = n < components.count ? components[n] : []
                if let i = index(v, count: column.count, of: "options of picker component \(n + 1)") {
                    selected.append(column[i].value)
                }
            }
        }
        if components.count == 1 && selected.count <= 1 {
            field.options = components[0]
            field.defaultValue = selected.first
        } else {
            field.extensions["shinobi.pickerComponents"] = .array(components.map { .array($0.map(\.value)) })
            if !selected.isEmpty { field.defaultValue = .array(selected) }
        }
    }
}
