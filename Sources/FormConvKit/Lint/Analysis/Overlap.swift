/// Whether two states (two items submitting, a show and a hide) can hold at the same time.
enum Overlap: Hashable, Sendable {
    /// Yes, in the current values alone; `witness` is a condition under which they do (empty: always).
    case together(witness: [ConditionTerm])
    /// Maybe: only through an order of changes, or under conditions the analysis does not decide.
    case undecided(String)
    case exclusive

    /// Compares every way of reaching one state with every way of reaching the other.
    static func of(_ a: [StateWay], _ b: [StateWay]) -> Overlap {
        var reason: String?
        for x in a {
            for y in b {
                let both = x.and(y)
                switch both.satisfiability {
                case .satisfiable(let witness):
                    if let caveat = both.caveats.first { reason = reason ?? caveat.reason }
                    else { return .together(witness: witness) }
                case .undecided(let why): reason = reason ?? why
                case .unsatisfiable: break
                }
            }
        }
        return reason.map { .undecided($0) } ?? .exclusive
    }

    /// " when gender == \"Male\" AND …", or "" when the witness is unconditional.
    static func when(_ witness: [ConditionTerm]) -> String {
        // `x == "US"` already says `x != "CA"`: leave such inequalities out.
        let fixed = Set(witness.compactMap { t -> String? in
            if case .constraint(let c) = t, c.relation == .equal { return c.field }; return nil
        })
        var terms: [String] = []
        for t in witness where !terms.contains(t.text) {
            if case .constraint(let c) = t, c.relation == .notEqual, fixed.contains(c.field) { continue }
            terms.append(t.text)
        }
        return terms.isEmpty ? "" : " when " + terms.joined(separator: " AND ")
    }
}
