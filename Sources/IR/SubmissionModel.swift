/// One key of the payload a legacy backend receives when the form is submitted.
public struct SubmittedKey: Hashable, Sendable {
    /// How the backend receives the value.
    public enum ValueType: Hashable, Sendable {
        case string
        case integer
        case number
        case boolean
        /// `0` or `1` (MM checkbox/signatureBox with `submitsValue`).
        case zeroOne
        /// MM radioControl `multiple`: the sum of 2^index of the selected options, or an override text.
        case bitmask(optionCount: Int, overrides: [Submission.Override])
        /// Several option values (multiple selectors outside MM XML).
        case array
        /// A date component (day, month, year) as a number.
        case dateComponent(String)
        /// A Unix timestamp.
        case unixTime
        /// A date formatted with an NSDateFormatter pattern.
        case formattedDate(String)
        /// A date/time as ISO 8601 text (formats that submit one date value).
        case isoDate
    }

    /// The payload key.
    public var key: String
    /// The id of the field submitting it.
    public var fieldID: String
    /// The composite component (`address1`, `day`, …) or `partClone`; `nil` for the field's own value.
    public var component: String?
    /// How the value is sent.
    public var valueType: ValueType

    /// Key `key`, submitted by field `fieldID` (or its `component`) as `valueType`.
    public init(key: String, fieldID: String, component: String? = nil, valueType: ValueType) {
        self.key = key
        self.fieldID = fieldID
        self.component = component
        self.valueType = valueType
    }
}

/// The submission model: which keys each field submits, following MM XML's rules (submitName over name,
/// dateField components with prefix/posfix, addressField components, submitsValue, partClone, bitmasks,
/// and skipSubmit/forceSubmit/isHidden precedence).
public enum SubmissionModel {
    /// The address components MM XML submits, in submission-string order.
    static let addressComponents = ["address1", "address2", "city", "postalCode", "stateProv", "country"]
    /// The same, first letter capitalized: their keys after a prefix (`home` + `Address1`).
    static let capitalizedAddressComponents = ["Address1", "Address2", "City", "PostalCode", "StateProv", "Country"]

    /// The key of an address's part `i` (of `addressComponents`): the component, or `prefix` and the
    /// component capitalized.
    public static func addressKey(_ i: Int, prefix: String?) -> String {
        guard let prefix else { return addressComponents[i] }
        return prefix + capitalizedAddressComponents[i]
    }

    /// How many parts an address submits under their own keys (`addressKey`).
    public static var addressPartCount: Int { addressComponents.count }

    /// Whether the field submits at all in its initial state: hidden fields submit only when forced;
    /// visible ones unless skipped. Display-only kinds never submit.
    public static func isSubmitted(_ field: Field, hidden: Bool? = nil) -> Bool {
        if submitsNothing(field) { return false }
        let isHidden = hidden ?? field.isHidden
        return isHidden ? field.submission.force : !field.submission.skip
    }

    /// Whether `field` never submits, whatever its state: display-only kinds, and a checkbox, signature or
    /// photo with `submitsValue="NO"`. No payload holds it and no payload schema names it.
    public static func submitsNothing(_ field: Field) -> Bool {
        field.kind.isDisplayOnly
            || ([.boolean, .signature, .photo].contains(field.kind) && field.submission.submitsValue == false)
    }

    /// The keys `field` submits when it submits (ignores visibility; see `isSubmitted`).
    public static func keys(for field: Field) -> [SubmittedKey] {
        if field.kind.isDisplayOnly { return [] }
        let s = field.submission
        let key = s.key ?? field.id
        var keys: [SubmittedKey] = []
        switch field.kind {
        case .date, .dateTime, .time, .countdown:
            switch s.dateEncoding {
            case .components?:
                for (part, cap) in [("day", "Day"), ("month", "Month"), ("year", "Year")] {
                    let k: String
                    if let posfix = s.posfix { k = "\(part)Of\(posfix)" } else { k = (s.prefix ?? field.id) + cap }
                    keys.append(SubmittedKey(key: k, fieldID: field.id, component: part, valueType: .dateComponent(part)))
                }
            case .unix?: keys.append(SubmittedKey(key: key, fieldID: field.id, valueType: .unixTime))
            case .formatted(let pattern)?:
                keys.append(SubmittedKey(key: key, fieldID: field.id, valueType: .formattedDate(pattern)))
            case nil: keys.append(SubmittedKey(key: key, fieldID: field.id, valueType: .isoDate))
            }
        case .address:
            for (i, c) in addressComponents.enumerated() {
                keys.append(SubmittedKey(key: addressKey(i, prefix: s.prefix), fieldID: field.id, component: c, valueType: .string))
            }
        case .boolean, .signature, .photo:
            keys.append(SubmittedKey(key: key, fieldID: field.id,
                                     valueType: s.submitsValue == true ? .zeroOne : (field.kind == .boolean ? .boolean : .string)))
        case .integer:
            keys.append(SubmittedKey(key: key, fieldID: field.id, valueType: .integer))
        case .decimal, .number, .currency, .percent, .slider, .stepper:
            keys.append(SubmittedKey(key: key, fieldID: field.id, valueType: .number))
        case .multipleChoice where field.presentation == .radio || field.presentation == .imagePicker:
            keys.append(SubmittedKey(key: key, fieldID: field.id,
                                     valueType: .bitmask(optionCount: field.options.count, overrides: s.overrides)))
        case .multipleChoice:
            keys.append(SubmittedKey(key: key, fieldID: field.id, valueType: .array))
        default:
            keys.append(SubmittedKey(key: key, fieldID: field.id, valueType: .string))
        }
        if let pc = s.partClone {
            keys.append(SubmittedKey(key: pc.key, fieldID: field.id, component: "partClone", valueType: .string))
        }
        return keys
    }

    /// Every key the form submits in its initial state, in document order.
    public static func payload(of form: Form) -> [SubmittedKey] {
        var out: [SubmittedKey] = []
        for page in form.pages {
            for section in page.sections {
                for field in section.fields where isSubmitted(field, hidden: field.isHidden || section.isHidden || page.isHidden) {
                    out.append(contentsOf: keys(for: field))
                }
            }
        }
        return out
    }

    /// Keys submitted by more than one field (or twice by one): `[key: [field ids]]`.
    static func collisions(in form: Form) -> [String: [String]] {
        var owners: [String: [String]] = [:]
        for f in form.allFields { for k in keys(for: f) { owners[k.key, default: []].append(f.id) } }
        return owners.filter { $0.value.count > 1 }
    }
}
