import FormIR

/// A boolean formula over the form's relationship conditions: when a field is visible, submitted,
/// required, or shows an option set. Atoms are indexes into `Form.rules` (the rule's condition).
/// The constructors simplify constants, flatten nesting and remove duplicates, so formulas that mean
/// the same in the common cases compare equal and group into one `if`.
package indirect enum Formula: Hashable, Sendable {
    case constant(Bool)
    /// The condition of `form.rules[i]`.
    case atom(Int)
    case and([Formula])
    case or([Formula])
    case not(Formula)

    package static let `true` = Formula.constant(true)
    package static let `false` = Formula.constant(false)

    package static func all(_ parts: [Formula]) -> Formula {
        var out: [Formula] = []
        for p in parts {
            switch p {
            case .constant(true): continue
            case .constant(false): return .false
            case .and(let xs): for x in xs where !out.contains(x) { out.append(x) }
            default: if !out.contains(p) { out.append(p) }
            }
        }
        for x in out where out.contains(x.negation) { return .false }
        if out.isEmpty { return .true }
        return out.count == 1 ? out[0] : .and(out)
    }

    package static func any(_ parts: [Formula]) -> Formula {
        var out: [Formula] = []
        for p in parts {
            switch p {
            case .constant(false): continue
            case .constant(true): return .true
            case .or(let xs): for x in xs where !out.contains(x) { out.append(x) }
            default: if !out.contains(p) { out.append(p) }
            }
        }
        for x in out where out.contains(x.negation) { return .true }
        if out.isEmpty { return .false }
        return out.count == 1 ? out[0] : .or(out)
    }

    /// The negation, with double negation and constants removed.
    package var negation: Formula {
        switch self {
        case .constant(let b): return .constant(!b)
        case .not(let x): return x
        default: return .not(self)
        }
    }

    /// `cond ? a : b`.
    package static func choose(_ cond: Formula, _ a: Formula, _ b: Formula) -> Formula {
        if a == b { return a }
        return any([all([cond, a]), all([cond.negation, b])])
    }

    /// The rule indexes the formula reads, in first-seen order.
    package var atoms: [Int] {
        var seen: [Int] = []
        func walk(_ f: Formula) {
            switch f {
            case .constant: break
            case .atom(let i): if !seen.contains(i) { seen.append(i) }
            case .and(let xs), .or(let xs): xs.forEach(walk)
            case .not(let x): walk(x)
            }
        }
        walk(self)
        return seen
    }
}

extension Formula {
    /// The formula as an IR expression, `condition(i)` standing for atom `i`. Negations are pushed down
    /// to the comparisons (`Expression.negated`), and the parts of an `AND`/`OR` are put in the order
    /// of the first rule each reads, so a formula prints close to how the rules were written.
    package func expression(_ condition: (Int) -> Expression) -> Expression {
        switch self {
        case .constant(let b): return .literal(.bool(b))
        case .atom(let i): return condition(i)
        case .not(let x): return x.expression(condition).negated
        case .and(let xs): return .and(Self.ordered(xs).map { $0.expression(condition) })
        case .or(let xs): return .or(Self.ordered(xs).map { $0.expression(condition) })
        }
    }

    private static func ordered(_ xs: [Formula]) -> [Formula] {
        xs.enumerated().sorted { a, b in
            let x = a.element.atoms.min() ?? Int.max, y = b.element.atoms.min() ?? Int.max
            return x != y ? x < y : a.offset < b.offset
        }.map(\.element)
    }
}
