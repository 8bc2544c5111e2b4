import FormIR

/// The item types of the MM XML form builder language, in their canonical (camel-case) spelling.
enum MMItemType: String, CaseIterable {
    case remoteImage, localImage, zipImage, dateField, label, checkbox, segmentedControl, dropDown
    case textField, multilineLabel, radioControl, spacerBlock, signatureBox, photoCapture, addressField
    case emailPinger, canadianPostalCode, valuePicker, imagePicker, infoButton, lineBlock
    case ukBankPinger = "UKBankPinger"
    case frBankPinger = "FRBankPinger"

    private static let byRawValue: [String: MMItemType] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })
    private static let byLowercase: [String: MMItemType] =
        Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue.lowercased(), $0) })

    /// Looks a type name up case-insensitively. `isLegacy` is set for the old format's capitalised
    /// spellings (`TextField`); `UKBankPinger`/`FRBankPinger` are spelled that way in both formats.
    static func lookup(_ name: String) -> (type: MMItemType, isLegacy: Bool)? {
        // The canonical spelling (nearly every item) is never the legacy one.
        if let t = byRawValue[name] { return (t, false) }
        guard let t = byLowercase[name.lowercased()] else { return nil }
        let legacy = name != t.rawValue && (name.first?.isUppercase ?? false) && t != .ukBankPinger && t != .frBankPinger
        return (t, legacy)
    }

    /// The IR kind and presentation of the type; text fields refine the kind later from `password` and
    /// `validation`, choice types from `multiple`.
    var kindAndPresentation: (FieldKind, Presentation?) {
        switch self {
        case .remoteImage: (.image, .remote)
        case .localImage: (.image, .local)
        case .zipImage: (.image, .zip)
        case .dateField: (.date, nil)
        case .label: (.label, nil)
        case .multilineLabel: (.label, .multilineLabel)
        case .checkbox: (.boolean, .checkbox)
        case .segmentedControl: (.singleChoice, .segmented)
        case .dropDown: (.singleChoice, .dropDown)
        case .radioControl: (.singleChoice, .radio)
        case .imagePicker: (.singleChoice, .imagePicker)
        case .valuePicker: (.singleChoice, .valuePicker)
        case .textField: (.text, nil)
        case .spacerBlock: (.spacer, nil)
        case .lineBlock: (.separator, nil)
        case .signatureBox: (.signature, nil)
        case .photoCapture: (.photo, nil)
        case .addressField: (.address, nil)
        case .emailPinger: (.email, MMItemType.emailPingerPresentation)
        case .canadianPostalCode: (.postalCode, nil)
        case .infoButton: (.info, nil)
        case .ukBankPinger: (.bankDetails, Presentation("uk"))
        case .frBankPinger: (.bankDetails, Presentation("fr"))
        }
    }

    /// The presentation of an `emailPinger`: an e-mail field with a "Validate Email" button.
    static let emailPingerPresentation = Presentation("emailPinger")

    var isImage: Bool { self == .remoteImage || self == .localImage || self == .zipImage }
    var acceptsMultiple: Bool { self == .radioControl || self == .imagePicker }
}
