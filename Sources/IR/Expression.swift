/// The condition language every format's conditions parse into: MM XML conditions, NSPredicate format
/// strings in the row-schema and XLForm dialects. Printers live in the Expressions module.
public indirect enum Expression: Hashable, Codable, Sendable {
    case literal(Literal)
    /// A field's value, hidden state or disabled state.
    case field(FieldReference)
    /// The value being validated (`SELF`).
    case selfValue
    /// `{a, b, …}`: the right side of `IN` and `BETWEEN`.
    case list([Expression])
    case compare(Expression, ComparisonOperator, Expression, StringOptions)
    case and([Expression])
    case or([Expression])
    case not(Expression)

    /// `l op r`, the comparison the parsers build.
    public static func compare(_ l: Expression, _ op: ComparisonOperator, _ r: Expression) -> Expression {
        .compare(l, op, r, StringOptions())
    }

    /// Every field id the expression reads, in first-seen order.
    public var referencedFields: [String] { referencedFields(reading: nil) }

    /// The field ids whose `property` the expression reads (every property when `nil`), in first-seen order.
    public func referencedFields(reading property: FieldReference.Property?) -> [String] {
        var seen: [String] = []
        func walk(_ e: Expression) {
            switch e {
            case .field(let r): if property.map({ r.property == $0 }) ?? true, !seen.contains(r.id) { seen.append(r.id) }
            case .list(let xs), .and(let xs), .or(let xs): xs.forEach(walk)
            case .compare(let l, _, let r, _): walk(l); walk(r)
            case .not(let x): walk(x)
            case .literal, .selfValue: break
            }
        }
        walk(self)
        return seen
    }

    /// The logical negation, pushing `not` inward where it has a direct form (`==` ↔ `!=`, De Morgan).
    public var negated: Expression {
        switch self {
        case .not(let x): return x
        case .and(let xs): return .or(xs.map(\.negated))
        case .or(let xs): return .and(xs.map(\.negated))
        case .compare(let l, let op, let r, let o):
            if let inv = op.inverse { return .compare(l, inv, r, o) }
            return .not(self)
        case .literal(.bool(let b)): return .literal(.bool(!b))
        default: return .not(self)
        }
    }
}

/// A constant in an expression.
public enum Literal: Hashable, Codable, Sendable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
}

/// A reference to a field's value, or to whether it is hidden or disabled.
public struct FieldReference: Hashable, Codable, Sendable {
    /// What of the field is read.
    public enum Property: String, Hashable, Codable, Sendable { case value, isHidden, isDisabled }
    /// The id of the field read.
    public var id: String
    /// What is read: the value, hidden or disabled.
    public var property: Property
    /// A reference to field `id`'s value, or to the `property` given.
    public init(_ id: String, property: Property = .value) {
        self.id = id
        self.property = property
    }
}

/// A comparison between two values.
public enum ComparisonOperator: String, Hashable, Codable, Sendable, CaseIterable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case greater = ">"
    case lessOrEqual = "<="
    case greaterOrEqual = ">="
    case between = "BETWEEN"
    case `in` = "IN"
    case contains = "CONTAINS"
    case beginsWith = "BEGINSWITH"
    case endsWith = "ENDSWITH"
    case like = "LIKE"
    case matches = "MATCHES"

    /// The operator for the negated comparison, where one exists.
    public var inverse: ComparisonOperator? {
        switch self {
        case .equal: .notEqual
        case .notEqual: .equal
        case .less: .greaterOrEqual
        case .greaterOrEqual: .less
        case .greater: .lessOrEqual
        case .lessOrEqual: .greater
        default: nil
        }
    }
}

/// NSPredicate's `[c]` (case-insensitive) and `[d]` (diacritic-insensitive) flags.
public struct StringOptions: Hashable, Codable, Sendable {
    /// `[c]`: letter case is ignored.
    public var caseInsensitive: Bool
    /// `[d]`: diacritics are ignored.
    public var diacriticInsensitive: Bool
    /// Options with the given flags (none by default).
    public init(caseInsensitive: Bool = false, diacriticInsensitive: Bool = false) {
        self.caseInsensitive = caseInsensitive
        self.diacriticInsensitive = diacriticInsensitive
    }
    /// Whether no flag is set.
    public var isEmpty: Bool { !caseInsensitive && !diacriticInsensitive }
}

/// Which language a condition was written in, so emitters and lint can speak of it in its own terms.
public enum ExpressionDialect: String, Hashable, Codable, Sendable {
    /// MM XML `<condition>`: `AND`, `OR`, `==`, `!=`, `BT`, `LT`, parentheses.
    case mmCondition
    /// NSPredicate where `$tag` is the row's value (the row schema, Eureka-style).
    case rowPredicate
    /// NSPredicate where XLForm appends `.value` to `$tag` unless `.isHidden`/`.isDisabled` follows.
    case xlformPredicate
}
