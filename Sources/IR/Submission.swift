/// How a field submits its value to the legacy backend. `SubmissionModel` turns these settings into keys.
public struct Submission: Hashable, Codable, Sendable {
    /// Explicit key (MM `<submitName>`), taking precedence over the id.
    public var key: String?
    /// MM `skipSubmit`: do not submit even when visible.
    public var skip: Bool
    /// MM `forceSubmit`: submit even when hidden.
    public var force: Bool
    /// How a date submits (MM dateField): separate day/month/year keys, one Unix time key, or one formatted key.
    public var dateEncoding: DateEncoding?
    /// Key prefix of composite and date components (MM `<prefix>`).
    public var prefix: String?
    /// MM dateField `<posfix>`: keys `dayOf<Posfix>`, `monthOf…`, `yearOf…`.
    public var posfix: String?
    /// MM checkbox/signatureBox `submitsValue`: submit 0/1. `nil` when the source does not say.
    public var submitsValue: Bool?
    /// MM `<partClone>4::newField</partClone>`: also submit part of the value under another key.
    public var partClone: PartClone?
    /// MM radioControl `<override value="15">HOUSE</override>`: submit `text` when the bitmask equals `value`.
    public var overrides: [Override]
    /// MM addressField `<desiredCountryCode>`.
    public var countryCode: String?
    /// What happens to the answer while the field is hidden, where the format says so per field
    /// (MM XML `forceSubmit=YES`: `.submitted`; SurveyJS `clearIfInvisible`); `nil`: the form's policy.
    public var whenHidden: HiddenValuePolicy?

    /// How a value is submitted; every property left out keeps the default behaviour.
    public init(key: String? = nil, skip: Bool = false, force: Bool = false, dateEncoding: DateEncoding? = nil,
                prefix: String? = nil, posfix: String? = nil, submitsValue: Bool? = nil, partClone: PartClone? = nil,
                overrides: [Override] = [], countryCode: String? = nil, whenHidden: HiddenValuePolicy? = nil) {
        self.key = key
        self.skip = skip
        self.force = force
        self.dateEncoding = dateEncoding
        self.prefix = prefix
        self.posfix = posfix
        self.submitsValue = submitsValue
        self.partClone = partClone
        self.overrides = overrides
        self.countryCode = countryCode
        self.whenHidden = whenHidden
    }

    /// How a date value is submitted.
    public enum DateEncoding: Hashable, Codable, Sendable {
        /// `<prefix|name>Day`, `…Month`, `…Year` (the default).
        case components
        /// One key holding a Unix timestamp (MM `<unix>`); the tag's text is kept.
        case unix(String)
        /// One key holding the date formatted with an NSDateFormatter pattern (MM `<string>`).
        case formatted(String)
    }

    /// A part of the value submitted again under another key.
    public struct PartClone: Hashable, Codable, Sendable {
        /// Characters to copy: positive from the start, negative from the end, 0 the whole value.
        public var count: Int
        /// The key the part is submitted under.
        public var key: String
        /// `count` characters of the value (see `count`) submitted again under `key`.
        public init(count: Int, key: String) { self.count = count; self.key = key }
    }

    /// A submitted value replaced by another text.
    public struct Override: Hashable, Codable, Sendable {
        /// The value replaced.
        public var value: String
        /// The text submitted instead.
        public var text: String
        /// Submit `text` instead of `value`.
        public init(value: String, text: String) { self.value = value; self.text = text }
    }
}
