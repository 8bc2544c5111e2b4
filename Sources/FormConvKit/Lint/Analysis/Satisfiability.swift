import Foundation
import FormIR

/// Whether some values of the form's items make a condition hold.
enum Satisfiability: Hashable, Sendable {
    /// Yes; `witness` is one conjunction that holds (its terms, for messages).
    case satisfiable(witness: [ConditionTerm])
    case unsatisfiable
    /// The analysis cannot tell; the reason says what stopped it.
    case undecided(String)

    /// Decides a condition: satisfiable when one conjunction is, unsatisfiable when every one is.
    static func of(_ condition: NormalForm) -> Satisfiability {
        var firstReason: String?
        for conjunction in condition.conjunctions {
            switch of(conjunction: conjunction) {
            case .satisfiable(let w): return .satisfiable(witness: w)
            case .undecided(let reason): firstReason = firstReason ?? reason
            case .unsatisfiable: break
            }
        }
        return firstReason.map { .undecided($0) } ?? .unsatisfiable
    }

    /// One conjunction: the constraints on each item must leave it some value. Equality with two
    /// different values, equality with a value it must differ from, or numeric bounds that leave no
    /// number are contradictions; a contradiction decides even when opaque terms are present.
    static func of(conjunction terms: [ConditionTerm]) -> Satisfiability {
        var byField: [String: [ValueConstraint]] = [:]
        var opaqueReason: String?
        for t in terms {
            switch t {
            case .constraint(let c): byField[c.field, default: []].append(c)
            case .opaque(let reason): opaqueReason = opaqueReason ?? reason
            }
        }
        for (_, constraints) in byField {
            switch FieldValueSpace(constraints).verdict {
            case .empty: return .unsatisfiable
            case .undecided(let reason): opaqueReason = opaqueReason ?? reason
            case .open: break
            }
        }
        return opaqueReason.map { .undecided($0) } ?? .satisfiable(witness: terms)
    }
}

/// The values one item may take under a conjunction of constraints on it.
struct FieldValueSpace {
    enum Verdict { case open, empty, undecided(String) }
    private(set) var verdict: Verdict = .open

    init(_ constraints: [ValueConstraint]) {
        let equal = constraints.filter { $0.relation == .equal }
        let different = constraints.filter { $0.relation == .notEqual }
        let ordered = constraints.filter { $0.relation != .equal && $0.relation != .notEqual }
        if let first = equal.first {
            if equal.contains(where: { !Self.same($0, first) }) { verdict = .empty; return }
            if different.contains(where: { Self.same($0, first) }) { verdict = .empty; return }
        }
        guard !ordered.isEmpty else { return }
        // Numeric bounds: the greatest lower and the least upper bound, each maybe strict.
        var low: (Double, strict: Bool)?, high: (Double, strict: Bool)?
        for c in ordered {
            guard let n = Self.number(c.value) else {
                verdict = .undecided("'\(c.text)' orders a value that is not a number"); return
            }
            switch c.relation {
            case .greater, .greaterOrEqual:
                let strict = c.relation == .greater
                if low == nil || n > low!.0 || (n == low!.0 && strict) { low = (n, strict) }
            default:
                let strict = c.relation == .less
                if high == nil || n < high!.0 || (n == high!.0 && strict) { high = (n, strict) }
            }
        }
        if let low, let high, low.0 > high.0 || (low.0 == high.0 && (low.strict || high.strict)) { verdict = .empty; return }
        if let first = equal.first {
            guard let n = Self.number(first.value) else {
                verdict = .undecided("'\(first.text)' is compared both as text and as a number"); return
            }
            if let low, n < low.0 || (n == low.0 && low.strict) { verdict = .empty }
            if let high, n > high.0 || (n == high.0 && high.strict) { verdict = .empty }
        } else if let low, let high, low.0 == high.0,
                  different.contains(where: { Self.number($0.value) == low.0 }) {
            verdict = .empty
        }
    }

    /// Two constraint values name the same value: numbers numerically when both read as numbers and
    /// one is a number literal, text exactly (or ignoring case when either comparison says `[c]`).
    static func same(_ a: ValueConstraint, _ b: ValueConstraint) -> Bool {
        let anyNumber: Bool = { if case .number = a.value { return true }; if case .number = b.value { return true }; return false }()
        if anyNumber, let x = number(a.value), let y = number(b.value) { return x == y }
        let (s, t) = (text(a.value), text(b.value))
        return a.caseInsensitive || b.caseInsensitive ? s.lowercased() == t.lowercased() : s == t
    }

    static func number(_ v: Literal) -> Double? {
        switch v {
        case .number(let n): n
        case .string(let s): numberIgnoringSpaces(s)
        default: nil
        }
    }

    /// `s` as a number once spaces and tabs around it are trimmed. Trimming (Foundation's, thousands of
    /// instructions a call) runs only when it can change something: a number parses without it (the
    /// parse rejects any space around the digits), and text that starts and ends with a printable
    /// ASCII character has nothing to trim.
    private static func numberIgnoringSpaces(_ s: String) -> Double? {
        if let n = Double(s) { return n }
        guard let first = s.utf8.first, let last = s.utf8.last,
              !((0x21...0x7E).contains(first) && (0x21...0x7E).contains(last)) else { return nil }
        return Double(s.trimmingCharacters(in: .whitespaces))
    }

    static func text(_ v: Literal) -> String {
        switch v {
        case .string(let s): s
        case .number(let n): Value.format(n)
        case .bool(let b): b ? "true" : "false"
        case .null: "\u{0}nil"
        }
    }
}
