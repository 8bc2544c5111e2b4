import FormIR

/// The row types the schema defines and the IR kinds they map to (docs/row-schema.md has the table).
enum RowSchemaTypes {
    /// Field rows of the first revision; also the later revision's `textfield` styles.
    static let fieldKinds: [String: FieldKind] = [
        "text": .text, "textarea": .multiline, "name": .name, "password": .password, "email": .email,
        "twitter": .twitter, "account": .account, "zipcode": .postalCode, "integer": .integer,
        "decimal": .decimal, "percent": .percent, "currency": .currency, "url": .url, "phone": .phone,
    ]
    /// Controls, date and options rows, and the custom rows of the first revision.
    static let otherKinds: [String: FieldKind] = [
        "label": .label, "button": .button, "check": .boolean, "switch": .boolean, "slider": .slider,
        "stepper": .stepper, "datetime": .dateTime, "options": .singleChoice,
        "location": .location, "image": .photo, "attachment": .custom("attachment"),
        "push.async": .custom("push.async"), "webview": .webView,
    ]
    /// Row types only the later revision has.
    static let laterKinds: [String: FieldKind] = [
        "textfield": .text, "postaladdress": .address, "html": .html, "expression": .expression, "query": .query,
    ]
    static let dateStyles: [String: FieldKind] = ["date": .date, "time": .time, "datetime": .dateTime,
                                                  "countdown": .countdown]
    static let dateDisplays: [String: Presentation] = ["popup": .popup, "inline": .inline, "picker": .picker]
    /// Options `style` values of the first revision.
    static let optionStyles: [String: Presentation] = [
        "alert": .alert, "action": .actionSheet, "push": .push, "segmented": .segmented, "picker": .picker,
        "picker.multiple": .push, "picker.inline": .pickerInline,
    ]
    static let laterOptionStyles: [String: Presentation] = ["suggestion": .suggestion, "token": .token]
    static let currencyStyles = ["symbol", "iso", "accounting", "plural"]
    static let stepperTypes = ["integer", "float"]
    static let formatterTypes = ["number", "date", "byte"]
    static let roundingModes = ["ceiling", "floor", "down", "up", "halfEven", "halfDown", "halfUp"]
    static let numberFormatterKeys: Set<String> = ["number.format", "number.format.positive", "number.format.negative",
                                                   "number.symbol.zero", "number.symbol.currency", "number.rounding_mode"]
    static let dateFormatterKeys: Set<String> = ["date.format", "date.calendar", "date.timezone", "date.locale"]
    /// `color.*` keys and the `Style` property each sets.
    static let colorKeys: [String: String] = [
        "color.background": "backgroundColor", "color.text": "textColor",
        "color.text.detail": "detailTextColor", "color.placeholder": "placeholderColor",
    ]
    /// Later-revision row keys with no first-revision spelling, kept as `rowschema.later.*`.
    static let laterRowKeys: Set<String> = ["style.accessory", "options.queryurl", "editable", "expression", "onchange"]

    static func isDate(_ kind: FieldKind) -> Bool { [.date, .time, .dateTime, .countdown].contains(kind) }
}
