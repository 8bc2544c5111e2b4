import FormIR
import DocumentTree

/// The `cellConfigAtConfigure` key paths that carry an IR concept for a kind of row (placeholder,
/// maximum length, slider/stepper bounds, date bounds). `XLFormEmitter` writes the same keys, so only
/// a key that matches the row's kind is lifted into the IR; every other entry stays a cell configuration.
enum XLFormCellKeys {
    static let textFieldKinds: Set<FieldKind> = [.text, .name, .email, .phone, .url, .password, .twitter, .account,
                                                 .postalCode, .integer, .decimal, .number]
    static let dateKinds: Set<FieldKind> = [.date, .time, .dateTime, .countdown]

    static func placeholder(_ kind: FieldKind) -> String? {
        kind == .multiline ? "textView.placeholder" : textFieldKinds.contains(kind) ? "textField.placeholder" : nil
    }
    static func maxLength(_ kind: FieldKind) -> String? {
        kind == .multiline ? "textViewMaxNumberOfCharacters"
            : textFieldKinds.contains(kind) ? "textFieldMaxNumberOfCharacters" : nil
    }
    static func valueBounds(_ kind: FieldKind) -> (min: String, max: String)? {
        switch kind {
        case .slider: ("slider.minimumValue", "slider.maximumValue")
        case .stepper: ("stepControl.minimumValue", "stepControl.maximumValue")
        default: nil
        }
    }
    static func dateBounds(_ kind: FieldKind) -> (min: String, max: String)? {
        dateKinds.contains(kind) ? ("minimumDate", "maximumDate") : nil
    }
}

extension XLFormDecoder {
    /// Moves the entries of `config` that have an IR meaning for the field's kind into the field.
    mutating func extractKnownKeys(_ config: inout [String: Value], node: Node, into field: inout Field) {
        let kind = field.kind
        if let key = XLFormCellKeys.placeholder(kind), case .string(let s)? = config[key] {
            field.texts.placeholder = LocalizedText(s)
            config[key] = nil
        }
        if let key = XLFormCellKeys.maxLength(kind), case .int(let n)? = config[key] {
            field.validation.maxLength = n
            config[key] = nil
        }
        if let keys = XLFormCellKeys.valueBounds(kind) {
            for (key, isMin) in [(keys.min, true), (keys.max, false)] {
                guard let v = config[key], let d = v.doubleValue else { continue }
                // A plist <real> stays a real on the way back.
                if case .double = v { field.extensions["xlform.realBounds"] = .bool(true) }
                if isMin { field.validation.minValue = d } else { field.validation.maxValue = d }
                config[key] = nil
            }
        }
        if let keys = XLFormCellKeys.dateBounds(kind) {
            for (key, isMin) in [(keys.min, true), (keys.max, false)] {
                let date: String?
                switch config[key] {
                case .date(let s)?: date = s
                case .string(let s)? where Self.isISODate(s): date = s
                default: date = nil
                }
                guard let date else { continue }
                if isMin { field.validation.minDate = date } else { field.validation.maxDate = date }
                config[key] = nil
            }
        }
    }
}
