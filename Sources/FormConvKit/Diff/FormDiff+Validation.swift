import FormIR
import Expressions
import Emitters

extension DiffCollector {
    /// Required, limits, patterns, named validators, predicates and comparisons: a constraint added or
    /// tightened rejects answers OLD accepted (breaking); one dropped or loosened accepts answers OLD
    /// rejected (warning).
    mutating func compareValidation(_ o: Validation, _ n: Validation, _ name: String,
                                    _ ol: SourceLocation?, _ nl: SourceLocation?) {
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
        let rewritten = LoweredConstraints(o) == LoweredConstraints(n)
        if !rewritten {
            c.lower("minimum length", o.minLength, n.minLength)
            c.upper("maximum length", o.maxLength, n.maxLength)
            c.set("pattern", o.patterns.map(\.regex), n.patterns.map(\.regex))
            c.set("validator", o.named.map(\.rawValue).filter { $0 != "none" }, n.named.map(\.rawValue).filter { $0 != "none" })
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
        c.set("condition", o.predicates.map { Predicate.print($0.condition.simplified, dialect: .rowPredicate) },
              n.predicates.map { Predicate.print($0.condition.simplified, dialect: .rowPredicate) })
        c.set("comparison", o.comparisons.map { "\($0.relation.rawValue) \(renamedIDs[$0.otherField] ?? $0.otherField)" },
              n.comparisons.map { "\($0.relation.rawValue) \($0.otherField)" })
        if o.requiredValue != n.requiredValue {
            c.found.append((n.requiredValue == nil ? false : true, "required value",
                            o.requiredValue?.displayText, n.requiredValue?.displayText))
        }
        for (stricter, what, was, now) in c.found {
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
    /// counts as stricter (NEW may reject what OLD accepted).
    mutating func set(_ what: String, _ a: [String], _ b: [String]) {
        let sa = Set(a), sb = Set(b)
        guard sa != sb else { return }
        let removed = a.filter { !sb.contains($0) }, added = b.filter { !sa.contains($0) }
        if !removed.isEmpty && !added.isEmpty {
            found.append((true, what, removed.joined(separator: ", "), added.joined(separator: ", ")))
        } else if !added.isEmpty {
            found.append((true, what, nil, added.joined(separator: ", ")))
        } else {
            found.append((false, what, removed.joined(separator: ", "), nil))
        }
    }
}
