import FormIR

/// The row type XLForm uses for an IR field: the inverse of the reader's table (every XLForm row type
/// reads as one kind + presentation pair and is written back as the same string), plus the closest row
/// type for kinds from other formats. `XLFormRowDescriptorType…` constant names for generated code.
enum XLFormRowTypes {
    /// Row type → suffix of its `XLFormRowDescriptorType…` constant (XLForm.h).
    static let constantSuffix: [String: String] = [
        "text": "Text", "name": "Name", "url": "URL", "email": "Email", "password": "Password", "number": "Number",
        "phone": "Phone", "twitter": "Twitter", "account": "Account", "integer": "Integer", "decimal": "Decimal",
        "textView": "TextView", "zipCode": "ZipCode", "selectorPush": "SelectorPush", "selectorPopover": "SelectorPopover",
        "selectorActionSheet": "SelectorActionSheet", "selectorAlertView": "SelectorAlertView",
        "selectorPickerView": "SelectorPickerView", "selectorPickerViewInline": "SelectorPickerViewInline",
        "multipleSelector": "MultipleSelector", "multipleSelectorPopover": "MultipleSelectorPopover",
        "selectorLeftRight": "SelectorLeftRight", "selectorSegmentedControl": "SelectorSegmentedControl",
        "date": "Date", "time": "Time", "datetime": "DateTime", "countDownTimer": "CountDownTimer",
        "dateInline": "DateInline", "timeInline": "TimeInline", "datetimeInline": "DateTimeInline",
        "countDownTimerInline": "CountDownTimerInline", "datePicker": "DatePicker", "picker": "Picker",
        "slider": "Slider", "booleanCheck": "BooleanCheck", "booleanSwitch": "BooleanSwitch", "button": "Button",
        "info": "Info", "stepCounter": "StepCounter", "image": "Image",
    ]

    /// The `XLFormRowDescriptorType…` constant naming `rowType`, or `nil` for a custom row type.
    static func constant(_ rowType: String) -> String? {
        constantSuffix[rowType].map { "XLFormRowDescriptorType" + $0 }
    }

    /// A row type for `field`, and a message when it does not carry the field's kind or presentation.
    static func rowType(for field: Field) -> (rowType: String, kindLoss: String?, presentationLoss: Bool) {
        let p = field.presentation
        var kind = field.kind
        if kind == .singleChoice && field.allowsMultiple { kind = .multipleChoice }
        // `nearest`: presentations written as another control (a drop-down as a picker wheel): a loss.
        func pick(_ table: [Presentation?: String], default d: String, equivalent: Set<Presentation> = [],
                  nearest: [Presentation: String] = [:]) -> (String, String?, Bool) {
            if let t = table[p] { return (t, nil, false) }
            if let p, equivalent.contains(p) { return (d, nil, false) }
            if let p, let t = nearest[p] { return (t, nil, true) }
            return (table[nil] ?? d, nil, p != nil)
        }
        if kind.isCustom { return (String(kind.rawValue.dropFirst("custom.".count)), nil, false) }
        switch kind {
        case .text:
            let row = textRowType(field)
            // A number row holds an NSNumber: the answer is no longer the text typed.
            let number = row == "integer" || row == "decimal"
            return (row, number ? "no text row with a numeric check; it is written as \(row == "integer" ? "an" : "a") '\(row)' row and the answer is sent as a number (leading zeros are lost)" : nil, p != nil)
        case .name, .url, .email, .password, .number, .phone, .twitter, .account, .integer, .decimal:
            return (kind.rawValue, nil, p != nil)
        case .multiline: return ("textView", nil, p != nil)
        case .postalCode: return ("zipCode", nil, p != nil)
        case .currency, .percent: return ("decimal", "no \(kind) row; it is written as a 'decimal' row", p != nil)
        case .singleChoice:
            return pick([nil: "selectorPush", .push: "selectorPush", .popover: "selectorPopover",
                         .actionSheet: "selectorActionSheet", .alert: "selectorAlertView", .picker: "selectorPickerView",
                         .pickerInline: "selectorPickerViewInline", .leftRight: "selectorLeftRight",
                         .segmented: "selectorSegmentedControl", .inline: "picker"], default: "selectorPush",
                        nearest: [.dropDown: "selectorPickerView", .valuePicker: "selectorPickerView"])
        case .multipleChoice:
            return pick([nil: "multipleSelector", .push: "multipleSelector", .popover: "multipleSelectorPopover"],
                        default: "multipleSelector", equivalent: [.radio, .checkbox])
        case .date: return pick([nil: "date", .inline: "dateInline", .picker: "datePicker"], default: "date")
        case .time: return pick([nil: "time", .inline: "timeInline"], default: "time")
        case .dateTime: return pick([nil: "datetime", .inline: "datetimeInline"], default: "datetime")
        case .countdown: return pick([nil: "countDownTimer", .inline: "countDownTimerInline"], default: "countDownTimer")
        case .boolean: return pick([nil: "booleanCheck", .checkbox: "booleanCheck", .toggle: "booleanSwitch"], default: "booleanCheck")
        case .slider: return ("slider", nil, p != nil)
        case .stepper: return ("stepCounter", nil, p != nil)
        case .button: return ("button", nil, p != nil && p != .push)
        case .info: return ("info", nil, p != nil)
        case .label: return ("info", "no row for a block of text; it is written as an 'info' row", p != nil && p != .multilineLabel)
        case .photo: return ("image", nil, p != nil)
        default:
            let fallback = kind.isDisplayOnly ? "info" : "text"
            return (fallback, "no row type for kind '\(kind)'; it is written as \(fallback == "info" ? "an" : "a") '\(fallback)' row", false)
        }
    }

    /// A plain text field's row type, chosen by its validation or keyboard (MM XML textField).
    static func textRowType(_ field: Field) -> String {
        let named = field.validation.named
        if named.contains(.email) { return "email" }
        if named.contains(.usPhoneNumber) || named.contains(.intlPhoneNumber) { return "phone" }
        if named.contains(.numeric) || named.contains(.numericOnly) { return "integer" }
        if named.contains(.numericWithPeriods) { return "decimal" }
        let keyboard = field.style.keyboard?.lowercased() ?? ""
        if keyboard.contains("email") { return "email" }
        if keyboard.contains("phone") { return "phone" }
        if keyboard.contains("decimal") { return "decimal" }
        if keyboard.contains("number") { return "integer" }
        if keyboard.contains("url") { return "url" }
        return "text"
    }
}
