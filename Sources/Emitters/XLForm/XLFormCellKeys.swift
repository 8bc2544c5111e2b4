import FormIR

/// The `cellConfigAtConfigure` key paths that carry an IR concept for a kind of row. `XLFormReader`
/// lifts exactly these keys into the IR (its own copy of this table), so they round-trip.
enum XLFormCellKeys {
    static let textFieldKinds: Set<FieldKind> = [.text, .name, .email, .phone, .url, .password, .twitter, .account,
                                                 .postalCode, .integer, .decimal, .number]
    static let dateKinds: Set<FieldKind> = [.date, .time, .dateTime, .countdown]

    /// Key paths for the row type the field is written as (a currency field becomes a text-field row).
    static func placeholder(_ rowType: String) -> String? {
        rowType == "textView" ? "textView.placeholder" : textFieldRowTypes.contains(rowType) ? "textField.placeholder" : nil
    }
    static func maxLength(_ rowType: String) -> String? {
        rowType == "textView" ? "textViewMaxNumberOfCharacters"
            : textFieldRowTypes.contains(rowType) ? "textFieldMaxNumberOfCharacters" : nil
    }
    static func valueBounds(_ rowType: String) -> (min: String, max: String)? {
        switch rowType {
        case "slider": ("slider.minimumValue", "slider.maximumValue")
        case "stepCounter": ("stepControl.minimumValue", "stepControl.maximumValue")
        default: nil
        }
    }
    static func dateBounds(_ rowType: String) -> (min: String, max: String)? {
        dateRowTypes.contains(rowType) ? ("minimumDate", "maximumDate") : nil
    }

    static let textFieldRowTypes: Set<String> = ["text", "name", "url", "email", "password", "number", "phone", "twitter",
                                                 "account", "integer", "decimal", "zipCode"]
    static let dateRowTypes: Set<String> = ["date", "time", "datetime", "countDownTimer", "dateInline", "timeInline",
                                            "datetimeInline", "countDownTimerInline", "datePicker"]
}
