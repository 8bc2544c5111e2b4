/// How a field submits its value to the legacy backend. `SubmissionModel` turns these settings into keys.
///
/// What MM XML's date, address and checkbox fields commonly carry (prefix, country, date encoding,
/// the submit flags) is stored in the value; the rest (key, posfix, part clone, overrides, hidden
/// policy) in one `Sparse` side part, allocated only for a field that has any of it. Their accessors
/// are inlinable and read the one setting in place (`rare.read`), as `Validation`'s are.
public struct Submission: Hashable, Sendable {
    /// Key prefix of composite and date components (MM `<prefix>`).
    public var prefix: String?
    /// MM addressField `<desiredCountryCode>`.
    public var countryCode: String?
    /// How a date submits (MM dateField): separate day/month/year keys, one Unix time key, or one formatted key.
    public var dateEncoding: DateEncoding?
    /// MM checkbox/signatureBox `submitsValue`: submit 0/1. `nil` when the source does not say.
    public var submitsValue: Bool?
    /// MM `skipSubmit`: do not submit even when visible.
    public var skip: Bool
    /// MM `forceSubmit`: submit even when hidden.
    public var force: Bool
    /// The settings few fields have. After the flags, which fill the date encoding's last word.
    @usableFromInline var rare: Sparse<RareSettings>

    /// Explicit key (MM `<submitName>`), taking precedence over the id.
    @inlinable public var key: String? {
        get { rare.read { $0.key } }
        set { rare.wrappedValue.key = newValue }
    }
    /// MM dateField `<posfix>`: keys `dayOf<Posfix>`, `monthOf…`, `yearOf…`.
    @inlinable public var posfix: String? {
        get { rare.read { $0.posfix } }
        set { rare.wrappedValue.posfix = newValue }
    }
    /// MM `<partClone>4::newField</partClone>`: also submit part of the value under another key.
    @inlinable public var partClone: PartClone? {
        get { rare.read { $0.partClone } }
        set { rare.wrappedValue.partClone = newValue }
    }
    /// MM radioControl `<override value="15">HOUSE</override>`: submit `text` when the bitmask equals `value`.
    @inlinable public var overrides: [Override] {
        get { rare.read { $0.overrides } }
        set { rare.wrappedValue.overrides = newValue }
    }
    /// What happens to the answer while the field is hidden, where the format says so per field
    /// (MM XML `forceSubmit=YES`: `.submitted`; SurveyJS `clearIfInvisible`); `nil`: the form's policy.
    @inlinable public var whenHidden: HiddenValuePolicy? {
        get { rare.read { $0.whenHidden } }
        set { rare.wrappedValue.whenHidden = newValue }
    }

    /// How a value is submitted; every property left out keeps the default behaviour.
    public init(key: String? = nil, skip: Bool = false, force: Bool = false, dateEncoding: DateEncoding? = nil,
                prefix: String? = nil, posfix: String? = nil, submitsValue: Bool? = nil, partClone: PartClone? = nil,
                overrides: [Override] = [], countryCode: String? = nil, whenHidden: HiddenValuePolicy? = nil) {
        self.prefix = prefix
        self.countryCode = countryCode
        self.dateEncoding = dateEncoding
        self.rare = Sparse(wrappedValue: RareSettings(key: key, posfix: posfix, partClone: partClone,
                                                      overrides: overrides, whenHidden: whenHidden))
        self.submitsValue = submitsValue
        self.skip = skip
        self.force = force
    }

    /// The settings few fields have: `Submission`'s side part.
    @usableFromInline struct RareSettings: SparsePartValue, Sendable {
        @usableFromInline var key: String?
        @usableFromInline var posfix: String?
        @usableFromInline var partClone: PartClone?
        @usableFromInline var overrides: [Override] = []
        @usableFromInline var whenHidden: HiddenValuePolicy?

        @usableFromInline static let emptyPart = RareSettings()
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

// Coded as the flat list of settings it has always been: `skip`, `force` and `overrides` must be
// there and are always written; each optional setting is left out when unset and may be missing.
extension Submission: Codable {
    private enum CodingKeys: String, CodingKey {
        case key, skip, force, dateEncoding, prefix, posfix, submitsValue, partClone, overrides, countryCode, whenHidden
    }

    /// Decodes the settings.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(key: try c.decodeIfPresent(String.self, forKey: .key),
                  skip: try c.decode(Bool.self, forKey: .skip),
                  force: try c.decode(Bool.self, forKey: .force),
                  dateEncoding: try c.decodeIfPresent(DateEncoding.self, forKey: .dateEncoding),
                  prefix: try c.decodeIfPresent(String.self, forKey: .prefix),
                  posfix: try c.decodeIfPresent(String.self, forKey: .posfix),
                  submitsValue: try c.decodeIfPresent(Bool.self, forKey: .submitsValue),
                  partClone: try c.decodeIfPresent(PartClone.self, forKey: .partClone),
                  overrides: try c.decode([Override].self, forKey: .overrides),
                  countryCode: try c.decodeIfPresent(String.self, forKey: .countryCode),
                  whenHidden: try c.decodeIfPresent(HiddenValuePolicy.self, forKey: .whenHidden))
    }

    /// Encodes the settings, leaving out the unset optional ones.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(key, forKey: .key)
        try c.encode(skip, forKey: .skip)
        try c.encode(force, forKey: .force)
        try c.encodeIfPresent(dateEncoding, forKey: .dateEncoding)
        try c.encodeIfPresent(prefix, forKey: .prefix)
        try c.encodeIfPresent(posfix, forKey: .posfix)
        try c.encodeIfPresent(submitsValue, forKey: .submitsValue)
        try c.encodeIfPresent(partClone, forKey: .partClone)
        try c.encode(overrides, forKey: .overrides)
        try c.encodeIfPresent(countryCode, forKey: .countryCode)
        try c.encodeIfPresent(whenHidden, forKey: .whenHidden)
    }
}
