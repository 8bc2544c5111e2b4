/// What a field's value must satisfy.
///
/// The optional numbers are kept as plain numbers with one bit each saying whether they are set (an
/// `Int?` takes 16 bytes where the number takes 8) and the rarely given date bounds out of line: every
/// field holds a validation, now 128 bytes instead of 225 (2.9 MB less on a form of thirty thousand
/// fields). Equality, hashing and coding are those of the
/// properties as declared (`minLength: Int?`, …), in declaration order.
public struct Validation: Hashable, Codable, Sendable {
    public var required: Bool
    /// Which of the numbers below are set (a `Bit` each).
    private var present: UInt16 = 0
    private var minLengthValue = 0, maxLengthValue = 0
    private var minValueValue = 0.0, maxValueValue = 0.0
    /// Regular expressions (NSRegularExpression syntax) with their messages.
    public var patterns: [PatternRule]
    /// Named validators: `email`, `luhn`, `creditcard`, `usphonenumber`, `numericOnly`, … (see `NamedValidator`).
    public var named: [NamedValidator]
    /// Predicates evaluated against the value (`SELF`), from the row schema's `rules[].predicate`.
    public var predicates: [PredicateRule]
    /// Comparisons with another field (ShinobiForms comparison validators, MM `repeat`).
    public var comparisons: [FieldComparison]
    private var minAgeValue = 0, maxAgeValue = 0, minYearValue = 0, maxYearValue = 0
    /// `minDate` and `maxDate`, out of line: few fields have them (8 bytes where two `String?` took 32).
    /// Inlinable, as are the accessors: emitters ask for the bounds on every field.
    @usableFromInline var dates: DateBounds?
    private var minSelectedValue = 0, maxSelectedValue = 0

    /// The bit of each optional number in `present`.
    private enum Bit {
        static let minLength: UInt16 = 1 << 0, maxLength: UInt16 = 1 << 1
        static let minValue: UInt16 = 1 << 2, maxValue: UInt16 = 1 << 3
        static let minAge: UInt16 = 1 << 4, maxAge: UInt16 = 1 << 5, minYear: UInt16 = 1 << 6, maxYear: UInt16 = 1 << 7
        static let minSelected: UInt16 = 1 << 8, maxSelected: UInt16 = 1 << 9
    }

    @inline(__always) private func number<T>(_ value: T, _ bit: UInt16) -> T? { present & bit != 0 ? value : nil }
    /// Writes `value` into `slot` (0 when `nil`) and its presence into `bit` of `present`.
    @inline(__always) private static func store<T: Numeric>(_ value: T?, _ bit: UInt16, in slot: inout T,
                                                           marking present: inout UInt16) {
        present = value != nil ? present | bit : present & ~bit
        slot = value ?? 0
    }

    public var minLength: Int? {
        get { number(minLengthValue, Bit.minLength) }
        set { Self.store(newValue, Bit.minLength, in: &minLengthValue, marking: &present) }
    }
    public var maxLength: Int? {
        get { number(maxLengthValue, Bit.maxLength) }
        set { Self.store(newValue, Bit.maxLength, in: &maxLengthValue, marking: &present) }
    }
    public var minValue: Double? {
        get { number(minValueValue, Bit.minValue) }
        set { Self.store(newValue, Bit.minValue, in: &minValueValue, marking: &present) }
    }
    public var maxValue: Double? {
        get { number(maxValueValue, Bit.maxValue) }
        set { Self.store(newValue, Bit.maxValue, in: &maxValueValue, marking: &present) }
    }
    /// Date restrictions in years from today / in age (MM dateField).
    public var minAge: Int? {
        get { number(minAgeValue, Bit.minAge) }
        set { Self.store(newValue, Bit.minAge, in: &minAgeValue, marking: &present) }
    }
    public var maxAge: Int? {
        get { number(maxAgeValue, Bit.maxAge) }
        set { Self.store(newValue, Bit.maxAge, in: &maxAgeValue, marking: &present) }
    }
    public var minYear: Int? {
        get { number(minYearValue, Bit.minYear) }
        set { Self.store(newValue, Bit.minYear, in: &minYearValue, marking: &present) }
    }
    public var maxYear: Int? {
        get { number(maxYearValue, Bit.maxYear) }
        set { Self.store(newValue, Bit.maxYear, in: &maxYearValue, marking: &present) }
    }
    /// Date bounds as ISO 8601 text (row schema `value.minimum`/`value.maximum` on dates).
    @inlinable public var minDate: String? {
        get { dates?.minDate }
        set { dates = DateBounds.make(newValue, dates?.maxDate) }
    }
    @inlinable public var maxDate: String? {
        get { dates?.maxDate }
        set { dates = DateBounds.make(dates?.minDate, newValue) }
    }

    /// The date bounds, never changed: a write makes new ones.
    @usableFromInline final class DateBounds: Sendable {
        @usableFromInline let minDate: String?, maxDate: String?
        private init(minDate: String?, maxDate: String?) {
            self.minDate = minDate
            self.maxDate = maxDate
        }
        /// `nil` when neither bound is set.
        @usableFromInline static func make(_ minDate: String?, _ maxDate: String?) -> DateBounds? {
            minDate == nil && maxDate == nil ? nil : DateBounds(minDate: minDate, maxDate: maxDate)
        }
    }

    /// For multiple choice: how many options must / may be selected.
    public var minSelected: Int? {
        get { number(minSelectedValue, Bit.minSelected) }
        set { Self.store(newValue, Bit.minSelected, in: &minSelectedValue, marking: &present) }
    }
    public var maxSelected: Int? {
        get { number(maxSelectedValue, Bit.maxSelected) }
        set { Self.store(newValue, Bit.maxSelected, in: &maxSelectedValue, marking: &present) }
    }

    public init(required: Bool = false, minLength: Int? = nil, maxLength: Int? = nil, minValue: Double? = nil,
                maxValue: Double? = nil, patterns: [PatternRule] = [], named: [NamedValidator] = [],
                predicates: [PredicateRule] = [], comparisons: [FieldComparison] = [], minAge: Int? = nil,
                maxAge: Int? = nil, minYear: Int? = nil, maxYear: Int? = nil, minDate: String? = nil,
                maxDate: String? = nil, minSelected: Int? = nil, maxSelected: Int? = nil) {
        self.required = required
        self.patterns = patterns
        self.named = named
        self.predicates = predicates
        self.comparisons = comparisons
        self.dates = DateBounds.make(minDate, maxDate)
        self.minLength = minLength
        self.maxLength = maxLength
        self.minValue = minValue
        self.maxValue = maxValue
        self.minAge = minAge
        self.maxAge = maxAge
        self.minYear = minYear
        self.maxYear = maxYear
        self.minSelected = minSelected
        self.maxSelected = maxSelected
    }

    // Equality, hashing and coding as the synthesized ones over the declared properties, in order.
    public static func == (a: Validation, b: Validation) -> Bool {
        a.required == b.required && a.minLength == b.minLength && a.maxLength == b.maxLength
            && a.minValue == b.minValue && a.maxValue == b.maxValue && a.patterns == b.patterns && a.named == b.named
            && a.predicates == b.predicates && a.comparisons == b.comparisons && a.minAge == b.minAge
            && a.maxAge == b.maxAge && a.minYear == b.minYear && a.maxYear == b.maxYear && a.minDate == b.minDate
            && a.maxDate == b.maxDate && a.minSelected == b.minSelected && a.maxSelected == b.maxSelected
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(required)
        hasher.combine(minLength)
        hasher.combine(maxLength)
        hasher.combine(minValue)
        hasher.combine(maxValue)
        hasher.combine(patterns)
        hasher.combine(named)
        hasher.combine(predicates)
        hasher.combine(comparisons)
        hasher.combine(minAge)
        hasher.combine(maxAge)
        hasher.combine(minYear)
        hasher.combine(maxYear)
        hasher.combine(minDate)
        hasher.combine(maxDate)
        hasher.combine(minSelected)
        hasher.combine(maxSelected)
    }

    private enum CodingKeys: String, CodingKey {
        case required, minLength, maxLength, minValue, maxValue, patterns, named, predicates, comparisons
        case minAge, maxAge, minYear, maxYear, minDate, maxDate, minSelected, maxSelected
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(required: try c.decode(Bool.self, forKey: .required),
                  minLength: try c.decodeIfPresent(Int.self, forKey: .minLength),
                  maxLength: try c.decodeIfPresent(Int.self, forKey: .maxLength),
                  minValue: try c.decodeIfPresent(Double.self, forKey: .minValue),
                  maxValue: try c.decodeIfPresent(Double.self, forKey: .maxValue),
                  patterns: try c.decode([PatternRule].self, forKey: .patterns),
                  named: try c.decode([NamedValidator].self, forKey: .named),
                  predicates: try c.decode([PredicateRule].self, forKey: .predicates),
                  comparisons: try c.decode([FieldComparison].self, forKey: .comparisons),
                  minAge: try c.decodeIfPresent(Int.self, forKey: .minAge),
                  maxAge: try c.decodeIfPresent(Int.self, forKey: .maxAge),
                  minYear: try c.decodeIfPresent(Int.self, forKey: .minYear),
                  maxYear: try c.decodeIfPresent(Int.self, forKey: .maxYear),
                  minDate: try c.decodeIfPresent(String.self, forKey: .minDate),
                  maxDate: try c.decodeIfPresent(String.self, forKey: .maxDate),
                  minSelected: try c.decodeIfPresent(Int.self, forKey: .minSelected),
                  maxSelected: try c.decodeIfPresent(Int.self, forKey: .maxSelected))
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(required, forKey: .required)
        try c.encodeIfPresent(minLength, forKey: .minLength)
        try c.encodeIfPresent(maxLength, forKey: .maxLength)
        try c.encodeIfPresent(minValue, forKey: .minValue)
        try c.encodeIfPresent(maxValue, forKey: .maxValue)
        try c.encode(patterns, forKey: .patterns)
        try c.encode(named, forKey: .named)
        try c.encode(predicates, forKey: .predicates)
        try c.encode(comparisons, forKey: .comparisons)
        try c.encodeIfPresent(minAge, forKey: .minAge)
        try c.encodeIfPresent(maxAge, forKey: .maxAge)
        try c.encodeIfPresent(minYear, forKey: .minYear)
        try c.encodeIfPresent(maxYear, forKey: .maxYear)
        try c.encodeIfPresent(minDate, forKey: .minDate)
        try c.encodeIfPresent(maxDate, forKey: .maxDate)
        try c.encodeIfPresent(minSelected, forKey: .minSelected)
        try c.encodeIfPresent(maxSelected, forKey: .maxSelected)
    }
}

public struct PatternRule: Hashable, Codable, Sendable {
    public var regex: String
    public var message: LocalizedText?
    @Uncompared public var location: SourceLocation?
    public init(regex: String, message: LocalizedText? = nil, location: SourceLocation? = nil) {
        self.regex = regex
        self.message = message
        self.location = location
    }
}

public struct PredicateRule: Hashable, Codable, Sendable {
    public var condition: Expression
    public var message: LocalizedText?
    @Uncompared public var location: SourceLocation?
    public init(condition: Expression, message: LocalizedText? = nil, location: SourceLocation? = nil) {
        self.condition = condition
        self.message = message
        self.location = location
    }
}

/// A built-in validation known by name. Raw values are MM XML's spellings where MM XML has one.
public struct NamedValidator: OpenEnumeration {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let email = NamedValidator("email")
    public static let luhn = NamedValidator("luhn")
    public static let creditCard = NamedValidator("creditcard")
    public static let usPhoneNumber = NamedValidator("usphonenumber")
    public static let intlPhoneNumber = NamedValidator("intlphonenumber")
    public static let numeric = NamedValidator("numeric")
    public static let numericOnly = NamedValidator("numericOnly")
    public static let numericWithPeriods = NamedValidator("numericWithPeriods")
    public static let lettersOnly = NamedValidator("lettersOnly")
    public static let letters = NamedValidator("letters")
    public static let lettersNumericOnly = NamedValidator("lettersNumericOnly")
    public static let lettersNumeric = NamedValidator("lettersNumeric")
    public static let alphaOnly = NamedValidator("alphaOnly")
    public static let alpha = NamedValidator("alpha")
    public static let alphanumericOnly = NamedValidator("alphanumericOnly")
    public static let alphanumeric = NamedValidator("alphanumeric")
    public static let plain = NamedValidator("plain")
    public static let day = NamedValidator("day")
    public static let month = NamedValidator("month")
    public static let year = NamedValidator("year")
    public static let names = NamedValidator("names")
    public static let namesNumeric = NamedValidator("namesNumeric")
    public static let canadianPostalCode = NamedValidator("canadianPostalCode")
    public static let usPostalCode = NamedValidator("usPostalCode")
    public static let none = NamedValidator("none")
}

/// The value must compare to another field's value as `relation` says.
public struct FieldComparison: Hashable, Codable, Sendable {
    public enum Relation: String, Hashable, Codable, Sendable, CaseIterable {
        case equal, notEqual, greaterThan, lessThan, greaterThanOrEqual, lessThanOrEqual
    }
    /// `text` or `number` (ShinobiForms `comparisonMode`), when given.
    public enum Mode: String, Hashable, Codable, Sendable { case text, number }

    public var otherField: String
    public var relation: Relation
    public var mode: Mode?
    @Uncompared public var location: SourceLocation?

    public init(otherField: String, relation: Relation, mode: Mode? = nil, location: SourceLocation? = nil) {
        self.otherField = otherField
        self.relation = relation
        self.mode = mode
        self.location = location
    }
}
