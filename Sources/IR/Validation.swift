/// What a field's value must satisfy.
public struct Validation: Hashable, Codable, Sendable {
    /// Whether the field must have a value.
    public var required: Bool
    /// The fewest characters the text may have.
    public var minLength: Int?
    /// The most characters the text may have.
    public var maxLength: Int?
    /// The smallest number allowed.
    public var minValue: Double?
    /// The largest number allowed.
    public var maxValue: Double?
    /// Regular expressions (NSRegularExpression syntax) with their messages.
    public var patterns: [PatternRule]
    /// Named validators: `email`, `luhn`, `creditcard`, `usphonenumber`, `numericOnly`, … (see `NamedValidator`).
    public var named: [NamedValidator]
    /// Predicates evaluated against the value (`SELF`), from the row schema's `rules[].predicate`.
    public var predicates: [PredicateRule]
    /// Comparisons with another field (ShinobiForms comparison validators, MM `repeat`).
    public var comparisons: [FieldComparison]
    /// Date restrictions in years from today / in age (MM dateField).
    public var minAge: Int?
    /// The greatest age, in years, the date may give.
    public var maxAge: Int?
    /// The earliest year allowed, in years from today.
    public var minYear: Int?
    /// The latest year allowed, in years from today.
    public var maxYear: Int?
    /// Date bounds as ISO 8601 text (row schema `value.minimum`/`value.maximum` on dates).
    public var minDate: String?
    /// The latest date allowed, as ISO 8601 text.
    public var maxDate: String?
    /// For multiple choice: how many options must / may be selected.
    public var minSelected: Int?
    /// The most options that may be selected.
    public var maxSelected: Int?
    /// The value the field must have to submit (MM XML `<requiredValue>`: the answer a consent
    /// question must get).
    public var requiredValue: Value?

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
        self.minValue = minValue
        self.maxValue = maxValue
        self.patterns = patterns
        self.named = named
        self.predicates = predicates
        self.comparisons = comparisons
        self.minAge = minAge
        self.maxAge = maxAge
        self.minYear = minYear
        self.maxYear = maxYear
        self.minDate = minDate
        self.maxDate = maxDate
        self.minSelected = minSelected
        self.maxSelected = maxSelected
        self.requiredValue = requiredValue
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
