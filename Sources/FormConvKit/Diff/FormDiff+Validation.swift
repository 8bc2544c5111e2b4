import FormIR
import Expressions
import Emitters
import Lowering

extension DiffCollector {
    /// Required, limits, patterns, named validators, predicates and comparisons: a constraint added or
    /// tightened rejects answers OLD accepted (breaking); one dropped or loosened accepts answers OLD
    /// rejected (warning).
    mutating func compareValidation(_ o: Validation, _ n: Validation, _ name: String, kinds: (FieldKind, FieldKind),
                                    _ ol: SourceLocation?, _ nl: SourceLocation?) {
        let (kind, newKind) = kinds
        if o.required != n.required {
            if n.required {
                add("required.added", .breaking, name, old: "optional", new: "required",
                    "'\(name)' is now required: answers that left it empty are rejected", ol, nl)
            } else {
                add("required.removed", .warning, name, old: "required", new: "optional",
                    "'\(name)' is no longer required: NEW accepts answers without it", ol, nl)
            }
        }
        var c = LimitComparison(name: name)
        // Lengths, patterns and named validations spelt differently (a length limit or a named check
        // written as the pattern it lowers to) accept the same texts: no change.
        let rewritten = LoweredConstraints(implied(o, kind)) == LoweredConstraints(implied(n, newKind))
        if !rewritten {
            c.lower("minimum length", o.minLength, n.minLength)
            c.upper("maximum length", o.maxLength, n.maxLength)
            c.set("pattern", o.patterns.map(\.regex), n.patterns.map(\.regex))
            c.set("validator", implied(o, kind).named.map(\.rawValue).filter { $0 != "none" },
                  implied(n, newKind).named.map(\.rawValue).filter { $0 != "none" })
        }
        c.lower("minimum value", o.minValue.map(Value.format), n.minValue.map(Value.format), o.minValue, n.minValue)
        c.upper("maximum value", o.maxValue.map(Value.format), n.maxValue.map(Value.format), o.maxValue, n.maxValue)
        c.lower("minimum age", o.minAge, n.minAge)
        c.upper("maximum age", o.maxAge, n.maxAge)
        c.lower("earliest year", o.minYear, n.minYear)
        c.upper("latest year", o.maxYear, n.maxYear)
        c.lower("earliest date", o.minDate, n.minDate)
        c.upper("latest date", o.maxDate, n.maxDate)
        c.lower("fewest selected options", o.minSelected, n.minSelected)
        c.upper("most selected options", o.maxSelected, n.maxSelected)
        c.set("condition", conditions(o, rename: renamedIDs), conditions(n, rename: [:]))
        if o.requiredValue != n.requiredValue {
            c.found.append((n.requiredValue == nil ? false : true, "required value",
                            o.requiredValue?.displayText, n.requiredValue?.displayText))
        }
        for (stricter, what, was, now) in c.found {
            if was != nil && now != nil && c.replaced.contains(what) {
                add("validation.changed", .breaking, name, old: was, new: now,
                    "validation of '\(name)' changed: \(what) \(was!) replaced by \(now!); NEW may reject answers OLD accepted", ol, nl)
                continue
            }
            let change = stricter ? "stricter" : "looser"
            let detail = was == nil ? "\(what) \(now ?? "") added" : now == nil ? "\(what) \(was ?? "") removed"
                : "\(what) changed from \(was!) to \(now!)"
            add("validation.\(change)", stricter ? .breaking : .warning, name, old: was, new: now,
                "validation of '\(name)' is \(change): \(detail)", ol, nl)
        }
        // Messages of rules kept: texts only.
        for (op, np) in zip(o.patterns, n.patterns) where op.regex == np.regex && op.message != np.message {
            compareTexts(op.message.map { [("pattern message", $0)] } ?? [], np.message.map { [("pattern message", $0)] } ?? [],
                         owner: name, op.location ?? ol, np.location ?? nl)
        }
    }
}

/// Limits compared one by one; each change is stricter or looser.
struct LimitComparison {
    let name: String
    /// Stricter or not, what, old, new.
    var found: [(Bool, String, String?, String?)] = []
    /// Rule kinds (`pattern`, `condition`) where one rule was replaced by another: neither stricter
    /// nor looser can be told.
    var replaced: Set<String> = []

    /// A lower bound: raising it (or adding it) is stricter.
    mutating func lower<T: Comparable & CustomStringConvertible>(_ what: String, _ a: T?, _ b: T?) {
        lower(what, a?.description, b?.description, a, b)
    }
    mutating func lower<T: Comparable>(_ what: String, _ sa: String?, _ sb: String?, _ a: T?, _ b: T?) {
        guard a != b else { return }
        let stricter: Bool = switch (a, b) { case (nil, _): true; case (_, nil): false; case let (x?, y?): y > x }
        found.append((stricter, what, sa, sb))
    }
    /// An upper bound: lowering it (or adding it) is stricter.
    mutating func upper<T: Comparable & CustomStringConvertible>(_ what: String, _ a: T?, _ b: T?) {
        upper(what, a?.description, b?.description, a, b)
    }
    mutating func upper<T: Comparable>(_ what: String, _ sa: String?, _ sb: String?, _ a: T?, _ b: T?) {
        guard a != b else { return }
        let stricter: Bool = switch (a, b) { case (nil, _): true; case (_, nil): false; case let (x?, y?): y < x }
        found.append((stricter, what, sa, sb))
    }
    /// Rules that all must hold: one added is stricter, one removed looser; one replaced by another
    /// is `validation.changed` (NEW may reject what OLD accepted).
    mutating func set(_ what: String, _ a: [String], _ b: [String]) {
        let sa = Set(a), sb = Set(b)
        guard sa != sb else { return }
        let removed = a.filter { !sb.contains($0) }, added = b.filter { !sa.contains($0) }
        if !removed.isEmpty && !added.isEmpty {
            replaced.insert(what)
            found.append((true, what, removed.joined(separator: ", "), added.joined(separator: ", ")))
        } else if !added.isEmpty {
            found.append((true, what, nil, added.joined(separator: ", ")))
        } else {
            found.append((false, what, removed.joined(separator: ", "), nil))
        }
    }
}

/// `v` with the check its kind implies: an e-mail field validates as an e-mail address.
func implied(_ v: Validation, _ kind: FieldKind) -> Validation {
    guard kind == .email, !v.named.contains(.email) else { return v }
    var out = v
    out.named.append(.email)
    return out
}

/// Predicates and comparisons with other fields, both as predicates over `SELF` (a comparison with
/// `email` is `SELF == $email`), field ids mapped through `rename`.
func conditions(_ v: Validation, rename: [String: String]) -> [String] {
    let ops: [FieldComparison.Relation: ComparisonOperator] = [
        .equal: .equal, .notEqual: .notEqual, .greaterThan: .greater, .lessThan: .less,
        .greaterThanOrEqual: .greaterOrEqual, .lessThanOrEqual: .lessOrEqual]
    let compared = v.comparisons.map { c in
        Expression.compare(.selfValue, ops[c.relation]!, .field(FieldReference(rename[c.otherField] ?? c.otherField)))
    }
    return (v.predicates.map { renamed($0.condition, rename) } + compared).map {
        Predicate.print(normalizedLiterals($0.simplified), dialect: .rowPredicate)
    }
}
