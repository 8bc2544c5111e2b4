import FormIR

/// One comparison the analysis reasons about: an item's value against a literal.
struct ValueConstraint: Hashable, Sendable {
    var field: String
    /// One of `==`, `!=`, `<`, `>`, `<=`, `>=` (the operators with an `inverse`); others are opaque terms.
    var relation: ComparisonOperator
    var value: Literal
    var caseInsensitive: Bool

    /// `field == "Male"`, `age > 18`: for messages.
    var text: String {
        let shown: String
        switch value {
        case .string(let s): shown = "\"\(s)\""
        case .number(let n): shown = Value.format(n)
        case .bool(let b): shown = b ? "true" : "false"
        case .null: shown = "nil"
        }
        return "\(field) \(relation.rawValue) \(shown)"
    }
}

/// A part of a condition: a constraint the analysis decides, or one it cannot (with why).
enum ConditionTerm: Hashable, Sendable {
    case constraint(ValueConstraint)
    case opaque(reason: String)

    var text: String {
        switch self {
        case .constraint(let c): c.text
        case .opaque(let reason): "(\(reason))"
        }
    }
}

/// A condition in disjunctive normal form: it holds when every term of one of its conjunctions holds.
/// `[]` is false and `[[]]` is true. Expansion stops at `limit` conjunctions; past it the condition
/// becomes one opaque term, so the analysis answers "undecided" instead of growing without bound.
struct NormalForm: Hashable, Sendable {
    var conjunctions: [[ConditionTerm]]

    static let always = NormalForm(conjunctions: [[]])
    static let never = NormalForm(conjunctions: [])
    static let limit = 256
    static let tooLarge = NormalForm(conjunctions: [[.opaque(reason: "the conditions have too many alternatives to combine")]])

    /// The condition of a relationship; `nil` (no `<condition>`) always holds.
    init(_ expression: Expression?, negated: Bool = false) {
        guard let expression else { self = negated ? .never : .always; return }
        self = Self.convert(expression, negated: negated)
    }

    init(conjunctions: [[ConditionTerm]]) { self.conjunctions = conjunctions }

    /// Both conditions hold.
    func and(_ other: NormalForm) -> NormalForm {
        if conjunctions.count * other.conjunctions.count > Self.limit { return .tooLarge }
        var out: [[ConditionTerm]] = []
        for a in conjunctions { for b in other.conjunctions { out.append(a + b) } }
        return NormalForm(conjunctions: out)
    }

    /// Either condition holds.
    func or(_ other: NormalForm) -> NormalForm {
        if conjunctions.count + other.conjunctions.count > Self.limit { return .tooLarge }
        return NormalForm(conjunctions: conjunctions + other.conjunctions)
    }

    private static func convert(_ e: Expression, negated: Bool) -> NormalForm {
        switch e {
        case .literal(.bool(let b)): return b != negated ? .always : .never
        case .not(let x): return convert(x, negated: !negated)
        case .and(let xs), .or(let xs):
            let isAnd: Bool = { if case .and = e { return true }; return false }()
            let parts = xs.map { convert($0, negated: negated) }
            // De Morgan: a negated AND combines its negated parts with OR, and the other way round.
            if isAnd != negated { return parts.reduce(.always) { $0.and($1) } }
            return parts.reduce(.never) { $0.or($1) }
        case .compare(let l, let op, let r, let options):
            return comparison(l, op, r, options, negated: negated) ?? opaque(e, negated: negated)
        default:
            return opaque(e, negated: negated)
        }
    }

    /// `item OP literal` (either way round), `item IN {literals}` and `item BETWEEN {a, b}`.
    private static func comparison(_ l: Expression, _ op: ComparisonOperator, _ r: Expression, _ options: StringOptions,
                                   negated: Bool) -> NormalForm? {
        var (field, other, swapped) = (l, r, false)
        if case .literal = l, case .field = r { (field, other, swapped) = (r, l, true) }
        guard case .field(let ref) = field, ref.property == .value else { return nil }
        func single(_ rel: ComparisonOperator, _ value: Literal) -> NormalForm {
            let c = ValueConstraint(field: ref.id, relation: negated ? rel.inverse! : rel, value: value,
                                    caseInsensitive: options.caseInsensitive)
            return NormalForm(conjunctions: [[.constraint(c)]])
        }
        if op.inverse != nil, case .literal(let value) = other { return single(swapped ? mirrored(op) : op, value) }
        guard !swapped, case .list(let items) = other else { return nil }
        let literals = items.compactMap { item -> Literal? in if case .literal(let v) = item { return v }; return nil }
        guard literals.count == items.count else { return nil }
        switch op {
        case .in:
            let parts = literals.map { single(.equal, $0) }
            return negated ? parts.reduce(.always) { $0.and($1) } : parts.reduce(.never) { $0.or($1) }
        case .between where literals.count == 2:
            let low = single(.greaterOrEqual, literals[0]), high = single(.lessOrEqual, literals[1])
            return negated ? low.or(high) : low.and(high)
        default: return nil
        }
    }

    /// The operator with its two sides swapped (`5 < x` is `x > 5`).
    private static func mirrored(_ op: ComparisonOperator) -> ComparisonOperator {
        switch op {
        case .less: .greater
        case .greater: .less
        case .lessOrEqual: .greaterOrEqual
        case .greaterOrEqual: .lessOrEqual
        default: op
        }
    }

    private static func opaque(_ e: Expression, negated: Bool) -> NormalForm {
        let reason: String
        if case .compare(_, let op, _, _) = e, op != .equal, op != .notEqual {
            reason = "a \(op.rawValue) comparison is not decided by the analysis"
        } else if e.referencedFields.count > 1, case .compare = e {
            reason = "a comparison between two items (\(e.referencedFields.joined(separator: ", "))) is not decided"
        } else if case .compare(let l, _, let r, _) = e, [l, r].contains(where: { if case .field(let f) = $0 { return f.property != .value }; return false }) {
            reason = "a condition on an item's hidden or disabled state depends on other relationships"
        } else {
            reason = "a condition the analysis cannot decide"
        }
        return NormalForm(conjunctions: [[.opaque(reason: reason)]])
    }
}
