/// What a field's value must satisfy.
public struct Validation: Hashable, Codable, Sendable {
    public var required: Bool
    public var minLength: Int?
    public var maxLength: Int?
    public var minValue: Double?
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
    public var maxAge: Int?
    public var minYear: Int?
    public var maxYear: Int?
    /// Date bounds as ISO 8601 text (row schema `value.minimum`/`value.maximum` on dates).
    public var minDate: String?
    public var maxDate: String?
    /// For multiple choice: how many options must / may be selected.
    public var minSelected: Int?
    public var maxSelected: Int?
    /// The value the field must have to submit (MM XML `<requiredValue>`: the answer a consent
    /// question must get).
    public var requiredValue: Value?

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
    /// MM XML `repeat`: equal to the item its name repeats (`repeatEmail` → `email`).
    public static let `repeat` = NamedValidator("repeat")
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
