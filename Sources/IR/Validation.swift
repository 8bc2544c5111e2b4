/// What a field's value must satisfy.
///
/// What text fields commonly carry (required, named validators, patterns, length bounds) is stored
/// in the value; the rest (number, date, age and selection bounds, predicates, comparisons, the
/// required value) in one `Sparse` side part, allocated only for a field that has any of it. Their
/// accessors are inlinable and read the one constraint in place (`rare.read`), as `FieldTexts`'s are.
public struct Validation: Hashable, Sendable {
    /// Named validators: `email`, `luhn`, `creditcard`, `usphonenumber`, `numericOnly`, … (see `NamedValidator`).
    public var named: [NamedValidator]
    /// Regular expressions (NSRegularExpression syntax) with their messages.
    public var patterns: [PatternRule]
    /// The fewest characters the text may have.
    public var minLength: Int?
    /// Whether the field must have a value. Stored after `minLength`, in the padding of its flag
    /// byte, so the value takes seven words, not eight.
    public var required: Bool
    /// The most characters the text may have.
    public var maxLength: Int?
    /// The constraints few fields have.
    @usableFromInline var rare: Sparse<RareConstraints>

    /// The smallest number allowed.
    @inlinable public var minValue: Double? {
        get { rare.read { $0.minValue } }
        set { rare.wrappedValue.minValue = newValue }
    }
    /// The largest number allowed.
    @inlinable public var maxValue: Double? {
        get { rare.read { $0.maxValue } }
        set { rare.wrappedValue.maxValue = newValue }
    }
    /// Predicates evaluated against the value (`SELF`), from the row schema's `rules[].predicate`.
    @inlinable public var predicates: [PredicateRule] {
        get { rare.read { $0.predicates } }
        set { rare.wrappedValue.predicates = newValue }
    }
    /// Comparisons with another field (ShinobiForms comparison validators, MM `repeat`).
    @inlinable public var comparisons: [FieldComparison] {
        get { rare.read { $0.comparisons } }
        set { rare.wrappedValue.comparisons = newValue }
    }
    /// Date restrictions in years from today / in age (MM dateField).
    @inlinable public var minAge: Int? {
        get { rare.read { $0.minAge } }
        set { rare.wrappedValue.minAge = newValue }
    }
    /// The greatest age, in years, the date may give.
    @inlinable public var maxAge: Int? {
        get { rare.read { $0.maxAge } }
        set { rare.wrappedValue.maxAge = newValue }
    }
    /// The earliest year allowed, in years from today.
    @inlinable public var minYear: Int? {
        get { rare.read { $0.minYear } }
        set { rare.wrappedValue.minYear = newValue }
    }
    /// The latest year allowed, in years from today.
    @inlinable public var maxYear: Int? {
        get { rare.read { $0.maxYear } }
        set { rare.wrappedValue.maxYear = newValue }
    }
    /// Date bounds as ISO 8601 text (row schema `value.minimum`/`value.maximum` on dates).
    @inlinable public var minDate: String? {
        get { rare.read { $0.minDate } }
        set { rare.wrappedValue.minDate = newValue }
    }
    /// The latest date allowed, as ISO 8601 text.
    @inlinable public var maxDate: String? {
        get { rare.read { $0.maxDate } }
        set { rare.wrappedValue.maxDate = newValue }
    }
    /// For multiple choice: how many options must / may be selected.
    @inlinable public var minSelected: Int? {
        get { rare.read { $0.minSelected } }
        set { rare.wrappedValue.minSelected = newValue }
    }
    /// The most options that may be selected.
    @inlinable public var maxSelected: Int? {
        get { rare.read { $0.maxSelected } }
        set { rare.wrappedValue.maxSelected = newValue }
    }
    /// The value the field must have to submit (MM XML `<requiredValue>`: the answer a consent
    /// question must get).
    @inlinable public var requiredValue: Value? {
        get { rare.read { $0.requiredValue } }
        set { rare.wrappedValue.requiredValue = newValue }
    }

    /// Constraints; each left out is unset, and `required` is `false`.
    public init(required: Bool = false, minLength: Int? = nil, maxLength: Int? = nil, minValue: Double? = nil,
                maxValue: Double? = nil, patterns: [PatternRule] = [], named: [NamedValidator] = [],
                predicates: [PredicateRule] = [], comparisons: [FieldComparison] = [], minAge: Int? = nil,
                maxAge: Int? = nil, minYear: Int? = nil, maxYear: Int? = nil, minDate: String? = nil,
                maxDate: String? = nil, minSelected: Int? = nil, maxSelected: Int? = nil,
                requiredValue: Value? = nil) {
        self.required = required
        self.minLength = minLength
        self.maxLength = maxLength
        self.patterns = patterns
        self.named = named
        self.rare = Sparse(wrappedValue: RareConstraints(
            minValue: minValue, maxValue: maxValue, predicates: predicates, comparisons: comparisons, minAge: minAge,
            maxAge: maxAge, minYear: minYear, maxYear: maxYear, minDate: minDate, maxDate: maxDate,
            minSelected: minSelected, maxSelected: maxSelected, requiredValue: requiredValue))
    }

    /// The constraints few fields have: `Validation`'s side part.
    @usableFromInline struct RareConstraints: SparsePartValue, Sendable {
        @usableFromInline var minValue: Double?
        @usableFromInline var maxValue: Double?
        @usableFromInline var predicates: [PredicateRule] = []
        @usableFromInline var comparisons: [FieldComparison] = []
        @usableFromInline var minAge: Int?
        @usableFromInline var maxAge: Int?
        @usableFromInline var minYear: Int?
        @usableFromInline var maxYear: Int?
        @usableFromInline var minDate: String?
        @usableFromInline var maxDate: String?
        @usableFromInline var minSelected: Int?
        @usableFromInline var maxSelected: Int?
        @usableFromInline var requiredValue: Value?

        @usableFromInline static let emptyPart = RareConstraints()
    }
}

// Coded as the flat list of constraints it has always been, in the same key order: a required
// constraint is always written and must be there; each optional one is left out when unset.
extension Validation: Codable {
    private enum CodingKeys: String, CodingKey {
        case required, minLength, maxLength, minValue, maxValue, patterns, named, predicates, comparisons, minAge,
             maxAge, minYear, maxYear, minDate, maxDate, minSelected, maxSelected, requiredValue
    }

    /// Decodes the constraints: `required` and the four lists must be there, the rest may be missing or null.
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
                  maxSelected: try c.decodeIfPresent(Int.self, forKey: .maxSelected),
                  requiredValue: try c.decodeIfPresent(Value.self, forKey: .requiredValue))
    }

    /// Encodes every constraint, leaving out the unset optional ones.
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
        try c.encodeIfPresent(requiredValue, forKey: .requiredValue)
    }
}

/// A regular expression the value must match, with the message shown when it does not.
public struct PatternRule: Hashable, Codable, Sendable {
    /// The regular expression (NSRegularExpression syntax), as the source wrote it.
    public var regex: String
    /// The message shown when the rule fails.
    public var message: LocalizedText?
    /// Where the pattern rule starts in its source; not part of equality.
    @Uncompared public var location: SourceLocation?
    /// A rule requiring a match of `regex`, failing with `message`.
    public init(regex: String, message: LocalizedText? = nil, location: SourceLocation? = nil) {
        self.regex = regex
        self.message = message
        self.location = location
    }
}

/// A condition the value must satisfy, with the message shown when it does not.
public struct PredicateRule: Hashable, Codable, Sendable {
    /// The condition, in the IR expression language.
    public var condition: Expression
    /// The message shown when the rule fails.
    public var message: LocalizedText?
    /// Where the predicate rule starts in its source; not part of equality.
    @Uncompared public var location: SourceLocation?
    /// A rule requiring `condition` to hold, failing with `message`.
    public init(condition: Expression, message: LocalizedText? = nil, location: SourceLocation? = nil) {
        self.condition = condition
        self.message = message
        self.location = location
    }
}

/// A built-in validation known by name. Raw values are MM XML's spellings where MM XML has one.
public struct NamedValidator: OpenEnumeration {
    /// The name as the IR document spells it.
    public var rawValue: String
    /// The value named `rawValue`: any string, since the set is open.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// An email address, checked for basic validity.
    public static let email = NamedValidator("email")
    /// Digits passing the Luhn checksum.
    public static let luhn = NamedValidator("luhn")
    /// A credit card number, checked with Luhn's algorithm.
    public static let creditCard = NamedValidator("creditcard")
    /// A phone number in the US format.
    public static let usPhoneNumber = NamedValidator("usphonenumber")
    /// An international phone number: digits, parentheses and dashes.
    public static let intlPhoneNumber = NamedValidator("intlphonenumber")
    /// Digits with spaces, dashes and other punctuation.
    public static let numeric = NamedValidator("numeric")
    /// Digits only: no spaces or other characters.
    public static let numericOnly = NamedValidator("numericOnly")
    /// Digits and periods only.
    public static let numericWithPeriods = NamedValidator("numericWithPeriods")
    /// Letters of most western languages; no spaces or punctuation.
    public static let lettersOnly = NamedValidator("lettersOnly")
    /// Letters with spaces and punctuation.
    public static let letters = NamedValidator("letters")
    /// Letters and digits; no spaces or punctuation.
    public static let lettersNumericOnly = NamedValidator("lettersNumericOnly")
    /// Letters and digits with spaces and punctuation.
    public static let lettersNumeric = NamedValidator("lettersNumeric")
    /// `A`–`Z` and `a`–`z` only: no spaces or punctuation.
    public static let alphaOnly = NamedValidator("alphaOnly")
    /// `A`–`Z` and `a`–`z` with spaces and punctuation.
    public static let alpha = NamedValidator("alpha")
    /// `A`–`Z`, `a`–`z` and digits; no spaces, dashes or apostrophes.
    public static let alphanumericOnly = NamedValidator("alphanumericOnly")
    /// `A`–`Z`, `a`–`z` and digits with spaces and punctuation.
    public static let alphanumeric = NamedValidator("alphanumeric")
    /// `A`–`Z`, `a`–`z` and spaces.
    public static let plain = NamedValidator("plain")
    /// A day of the month (1–31).
    public static let day = NamedValidator("day")
    /// A month (1–12).
    public static let month = NamedValidator("month")
    /// A year between 1900 and 2100.
    public static let year = NamedValidator("year")
    /// A name: letters with spaces and punctuation, every word capitalised.
    public static let names = NamedValidator("names")
    /// Like `names`, digits allowed.
    public static let namesNumeric = NamedValidator("namesNumeric")
    /// A Canadian postal code (`A1A 1A1`).
    public static let canadianPostalCode = NamedValidator("canadianPostalCode")
    /// A US ZIP code (5 or 9 digits).
    public static let usPostalCode = NamedValidator("usPostalCode")
    /// No validation at all.
    public static let none = NamedValidator("none")
    /// MM XML `repeat`: equal to the item its name repeats (`repeatEmail` → `email`).
    public static let `repeat` = NamedValidator("repeat")
}

/// The value must compare to another field's value as `relation` says.
public struct FieldComparison: Hashable, Codable, Sendable {
    /// How the two values must compare.
    public enum Relation: String, Hashable, Codable, Sendable, CaseIterable {
        case equal, notEqual, greaterThan, lessThan, greaterThanOrEqual, lessThanOrEqual
    }
    /// `text` or `number` (ShinobiForms `comparisonMode`), when given.
    public enum Mode: String, Hashable, Codable, Sendable { case text, number }

    /// The id of the field compared with.
    public var otherField: String
    /// How the values must compare.
    public var relation: Relation
    /// Whether to compare as text or as numbers, when the source says.
    public var mode: Mode?
    /// Where the field comparison starts in its source; not part of equality.
    @Uncompared public var location: SourceLocation?

    /// The value must compare to `otherField`'s as `relation` says, as `mode` when given.
    public init(otherField: String, relation: Relation, mode: Mode? = nil, location: SourceLocation? = nil) {
        self.otherField = otherField
        self.relation = relation
        self.mode = mode
        self.location = location
    }
}
