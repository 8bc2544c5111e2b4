import FormIR

/// XLForm's row-type strings (the `XLFormRowDescriptorType…` constants) and the IR kind and
/// presentation each reads as. The table is one-to-one, so `XLFormEmitter` maps the pair back to the
/// same string and an XLForm → IR → XLForm round trip keeps every row type exactly. Strings outside the
/// table (app-registered custom rows) read as `custom.<rowType>`.
enum XLFormRowTypeTable {
    static let entries: [(rowType: String, kind: FieldKind, presentation: Presentation?)] = [
        ("text", .text, nil), ("name", .name, nil), ("url", .url, nil), ("email", .email, nil),
        ("password", .password, nil), ("number", .number, nil), ("phone", .phone, nil),
        ("twitter", .twitter, nil), ("account", .account, nil), ("integer", .integer, nil),
        ("decimal", .decimal, nil), ("textView", .multiline, nil), ("zipCode", .postalCode, nil),
        ("selectorPush", .singleChoice, .push), ("selectorPopover", .singleChoice, .popover),
        ("selectorActionSheet", .singleChoice, .actionSheet), ("selectorAlertView", .singleChoice, .alert),
        ("selectorPickerView", .singleChoice, .picker), ("selectorPickerViewInline", .singleChoice, .pickerInline),
        ("multipleSelector", .multipleChoice, .push), ("multipleSelectorPopover", .multipleChoice, .popover),
        ("selectorLeftRight", .singleChoice, .leftRight), ("selectorSegmentedControl", .singleChoice, .segmented),
        ("date", .date, nil), ("time", .time, nil), ("datetime", .dateTime, nil), ("countDownTimer", .countdown, nil),
        ("dateInline", .date, .inline), ("timeInline", .time, .inline), ("datetimeInline", .dateTime, .inline),
        ("countDownTimerInline", .countdown, .inline), ("datePicker", .date, .picker),
        ("picker", .singleChoice, .inline), ("slider", .slider, nil), ("booleanCheck", .boolean, .checkbox),
        ("booleanSwitch", .boolean, .toggle), ("button", .button, nil), ("info", .info, nil),
        ("stepCounter", .stepper, nil), ("image", .photo, nil),
    ]

    private static let byRowType: [String: (FieldKind, Presentation?)] = {
        var d: [String: (FieldKind, Presentation?)] = [:]
        for e in entries { d[e.rowType] = (e.kind, e.presentation) }
        return d
    }()

    /// The kind and presentation of `rowType`; `nil` for a row type XLForm does not ship.
    static func lookup(_ rowType: String) -> (kind: FieldKind, presentation: Presentation?)? {
        byRowType[rowType].map { (kind: $0.0, presentation: $0.1) }
    }
}
