import FormIR

extension RuleStates {
    /// For each rule used in conditionals (`conditional`, in document order), the earlier rule with the
    /// same condition (`.atom(k)`) or with its negation (`.not(.atom(k))`), the earliest such; `nil` for
    /// a rule whose condition is new, which is its own atom. The negation of `c` is `.not(c)`, or
    /// `c.negated`, or their converse (`d == .not(c)`, `d == c.negated`, `c == .not(d)`,
    /// `c == d.negated`).
    ///
    /// Each condition is hashed once, by `signature`, to the same value as its negations; the rules of
    /// one value are chained by index, and a rule is compared exactly (`==`, `isNegation`) only with
    /// the earlier new conditions of its value. No negation is built and no expression hashed twice.
    static func canonicalConditions(of rules: [Rule], conditional: [Int]) -> [Formula?] {
        var canonical = [Formula?](repeating: nil, count: rules.count)
        // The last new condition of each signature, and for each new condition the one before it
        // with the same signature (-1 at the chain's end): the new conditions of a signature, newest first.
        var newest: [Int: Int] = [:]
        newest.reserveCapacity(conditional.count)
        var previous = [Int](repeating: -1, count: rules.count)
        for i in conditional {
            guard let c = rules[i].condition else { continue }
            var hasher = Hasher()
            _ = signature(c, into: &hasher)
            let key = hasher.finalize()
            var same: Int?, negation: Int?
            var k = newest[key] ?? -1
            while k >= 0 {
                let d = rules[k].condition!
                if d == c { same = k } else if isNegation(d, of: c) || isNegation(c, of: d) { negation = k }
                k = previous[k]
            }
            if let same {
                canonical[i] = .atom(same)
            } else if let negation {
                canonical[i] = .not(.atom(negation))
            } else {
                previous[i] = newest[key] ?? -1
                newest[key] = i
            }
        }
        return canonical
    }

    /// Feeds `hasher` a condition's shape with its polarity taken out, so that a condition and each of
    /// its negations (`.not(e)`, `e.negated`) hash alike; returns the polarity, which they flip.
    /// Comparisons are fed with the operator of their pair (`==`/`!=`, `<`/`>=`, `>`/`<=`) that comes
    /// first, the operands as they are; an `AND` and an `OR` alike, each part with its polarity, the
    /// `OR`'s flipped (De Morgan).
    static func signature(_ e: Expression, into hasher: inout Hasher) -> Bool {
        switch e {
        case .not(let x):
            return !signature(x, into: &hasher)
        case .and(let xs), .or(let xs):
            let isOr: Bool
            if case .or = e { isOr = true } else { isOr = false }
            hasher.combine(1 as UInt8)
            hasher.combine(xs.count)
            for i in xs.indices {
                let polarity = signature(xs[i], into: &hasher)
                hasher.combine(polarity != isOr)
            }
            return isOr
        case .compare(let l, let op, let r, let o):
            hasher.combine(2 as UInt8)
            l.hash(into: &hasher)
            r.hash(into: &hasher)
            hasher.combine(o)
            guard let inverse = op.inverse else {
                hasher.combine(op)
                return false
            }
            let flipped = Self.pairRank(op) > Self.pairRank(inverse)
            hasher.combine(flipped ? inverse : op)
            return flipped
        case .literal(.bool(let b)):
            hasher.combine(3 as UInt8)
            return b
        default:
            hasher.combine(4 as UInt8)
            e.hash(into: &hasher)
            return false
        }
    }

    /// The order of a comparison operator within its negation pair (`==` before `!=`, …).
    private static func pairRank(_ op: ComparisonOperator) -> Int {
        switch op {
        case .equal, .less, .greater: 0
        default: 1
        }
    }

    /// Whether `d == c.negated`, compared in place (no negation built).
    static func isNegation(_ d: Expression, of c: Expression) -> Bool {
        switch c {
        case .not(let x): return d == x
        case .and(let xs):
            guard case .or(let ys) = d, ys.count == xs.count else { return false }
            return xs.indices.allSatisfy { isNegation(ys[$0], of: xs[$0]) }
        case .or(let xs):
            guard case .and(let ys) = d, ys.count == xs.count else { return false }
            return xs.indices.allSatisfy { isNegation(ys[$0], of: xs[$0]) }
        case .compare(let l, let op, let r, let o):
            if let inverse = op.inverse {
                guard case .compare(let l2, let op2, let r2, let o2) = d else { return false }
                return op2 == inverse && o2 == o && l2 == l && r2 == r
            }
            return isNot(d, c)
        case .literal(.bool(let b)):
            return d == .literal(.bool(!b))
        default:
            return isNot(d, c)
        }
    }

    /// Whether `d == .not(c)`.
    private static func isNot(_ d: Expression, _ c: Expression) -> Bool {
        guard case .not(let x) = d else { return false }
        return x == c
    }
}
