import FormIR

/// IR kind and presentation → MM XML item type, the inverse of the reader's table.
extension MMXMLEmission {
    /// The MM type of `field`, whether it is an approximation (`lossyKind`: no MM type for the kind),
    /// and whether the presentation is lost.
    struct ItemType {
        var type: String
        var lossyKind = false
        var lossyPresentation = false
    }

    static let emailPingerPresentation = Presentation("emailPinger")

    static func itemType(for f: Field) -> ItemType {
        let p = f.presentation
        switch f.kind {
        case .email where p == emailPingerPresentation: return ItemType(type: "emailPinger")
        case .text, .email, .phone, .integer, .decimal, .password:
            return ItemType(type: "textField", lossyPresentation: p != nil)
        case .postalCode: return ItemType(type: "canadianPostalCode", lossyPresentation: p != nil)
        case .singleChoice, .multipleChoice:
            switch p {
            case Presentation.dropDown?, nil: return ItemType(type: f.kind == .multipleChoice ? "radioControl" : "dropDown",
                                                              lossyPresentation: f.kind == .multipleChoice && p != nil)
            case Presentation.segmented?: return ItemType(type: f.kind == .multipleChoice ? "radioControl" : "segmentedControl",
                                                          lossyPresentation: f.kind == .multipleChoice)
            case Presentation.radio?: return ItemType(type: "radioControl")
            case Presentation.imagePicker?: return ItemType(type: "imagePicker")
            case Presentation.valuePicker?, Presentation.picker?, Presentation.pickerInline?:
                return ItemType(type: f.kind == .multipleChoice ? "radioControl" : "valuePicker",
                                lossyPresentation: f.kind == .multipleChoice || p != .valuePicker)
            default: return ItemType(type: f.kind == .multipleChoice ? "radioControl" : "dropDown", lossyPresentation: true)
            }
        case .boolean: return ItemType(type: "checkbox", lossyPresentation: p != nil && p != .checkbox)
        case .date: return ItemType(type: "dateField", lossyPresentation: p != nil)
        case .address: return ItemType(type: "addressField", lossyPresentation: p != nil)
        case .signature: return ItemType(type: "signatureBox", lossyPresentation: p != nil)
        case .photo: return ItemType(type: "photoCapture", lossyPresentation: p != nil)
        case .image:
            switch p {
            case Presentation.remote?: return ItemType(type: "remoteImage")
            case Presentation.zip?: return ItemType(type: "zipImage")
            case Presentation.local?, nil: return ItemType(type: "localImage")
            default: return ItemType(type: "localImage", lossyPresentation: true)
            }
        case .label:
            if p == .multilineLabel { return ItemType(type: "multilineLabel") }
            return ItemType(type: "label", lossyPresentation: p != nil)
        case .spacer: return ItemType(type: "spacerBlock", lossyPresentation: p != nil)
        case .separator: return ItemType(type: "lineBlock", lossyPresentation: p != nil)
        case .info: return ItemType(type: "infoButton", lossyPresentation: p != nil)
        case .bankDetails:
            if p == Presentation("fr") { return ItemType(type: "FRBankPinger") }
            return ItemType(type: "UKBankPinger", lossyPresentation: p != Presentation("uk"))
        case .time, .dateTime, .countdown: return ItemType(type: "dateField", lossyKind: true)
        case .button: return ItemType(type: "infoButton", lossyKind: true)
        case .webView, .html: return ItemType(type: "multilineLabel", lossyKind: true)
        default:
            if f.kind.isCustom { return ItemType(type: String(f.kind.rawValue.dropFirst("custom.".count))) }
            return ItemType(type: "textField", lossyKind: true)
        }
    }

    /// The validation a textField needs so that the reader gives back the same kind.
    static func kindValidation(_ f: Field) -> NamedValidator? {
        let decisive: [String: FieldKind] = [
            "email": .email, "intlphonenumber": .phone, "usphonenumber": .phone,
            "numericOnly": .integer, "numericWithPeriods": .decimal,
        ]
        let current = f.validation.named.lazy.compactMap { decisive[$0.rawValue] }.first ?? .text
        guard current != f.kind else { return nil }
        switch f.kind {
        case .email: return .email
        case .phone: return .intlPhoneNumber
        case .integer: return .numericOnly
        case .decimal: return .numericWithPeriods
        default: return nil
        }
    }

    /// What the app refuses under the validation `kindValidation` adds, in the person's words.
    static func refused(_ v: NamedValidator) -> String {
        switch v {
        case .email: "an answer that is not an e-mail address"
        case .intlPhoneNumber: "an answer that is not an international phone number"
        case .numericOnly: "an answer that is not a whole number (digits only)"
        default: "an answer that is not a number (digits and periods)"
        }
    }

    /// The element options are written with: `<option>` for drop-downs and value pickers, `<image>`
    /// for image pickers, `<tag>` otherwise.
    static func optionElement(forType type: String?) -> String {
        switch type {
        case "dropDown", "valuePicker": "option"
        case "imagePicker": "image"
        default: "tag"
        }
    }
}
