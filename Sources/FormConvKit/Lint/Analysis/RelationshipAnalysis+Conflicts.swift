import FormIR

extension RelationshipAnalysis {
    /// Two relationships on one target, one setting a property and the other clearing it, whose
    /// conditions can (or may) hold together: the target's state then depends on which of them ran last.
    struct Conflict: Sendable {
        /// The property the two relationships fight over.
        enum Property: Sendable {
            /// Shown or hidden (`<show>`/`<hide>`).
            case visibility
            /// Skipped or submitted (`<skip>` against `<force>`/`<submit>`): which one ran last decides
            /// whether the item's value reaches the backend.
            case submission
        }

        var property: Property
        var target: RuleTarget
        var earlier: Rule
        var later: Rule
        /// `.together` with a condition under which both apply, or `.undecided` with why the analysis
        /// cannot tell; never `.exclusive`.
        var overlap: Overlap
    }

    /// How many pairs of relationships one form may compare; past it, later ones are not checked.
    static let conflictPairBudget = 20_000

    /// Every later relationship that contradicts an earlier one on the same target, in relationship
    /// order: the first earlier one it proves to clash with, failing that the first it may clash with.
    func conflicts() -> [Conflict] {
        var targets: [RuleTarget] = []
        var seen = Set<RuleTarget>()
        for r in form.rules where seen.insert(r.target).inserted { targets.append(r.target) }
        var out: [Conflict] = []
        var budget = Self.conflictPairBudget
        for target in targets {
            var properties: [(Conflict.Property, [PropertyEffect])] = [(.visibility, visibilityEffects(target))]
            if case .field = target { properties.append((.submission, flagEffects(target, skip: true))) }
            for (property, effects) in properties where effects.count > 1 {
                // Each relationship's conditions for leaving the property set and clear, converted
                // once for every pair it is in.
                let setting = effects.map { Self.branches($0, leaving: true) }
                let clearing = effects.map { Self.branches($0, leaving: false) }
                for j in 1..<effects.count where budget >= j {
                    budget -= j
                    var undecided: Conflict?
                    for i in 0..<j {
                        let overlap = Self.clash((setting[i], clearing[i]), (setting[j], clearing[j]))
                        guard overlap != .exclusive else { continue }
                        let c = Conflict(property: property, target: target, earlier: effects[i].rule, later: effects[j].rule, overlap: overlap)
                        if case .together = overlap { undecided = nil; out.append(c); break }
                        if undecided == nil { undecided = c }
                    }
                    if let undecided { out.append(undecided) }
                }
            }
        }
        return out
    }

    /// Whether one relationship sets the property while the other clears it: proved with a condition
    /// under which both apply, undecided with why, or exclusive. Each side is a relationship's
    /// `branches` leaving the property set and leaving it clear.
    private static func clash(_ a: (setting: NormalForm, clearing: NormalForm),
                              _ b: (setting: NormalForm, clearing: NormalForm)) -> Overlap {
        var reason: String?
        for (setting, clearing) in [(a.setting, b.clearing), (b.setting, a.clearing)] {
            switch Satisfiability.of(setting.and(clearing)) {
            case .satisfiable(let w): return .together(witness: w)
            case .undecided(let why): reason = reason ?? why
            case .unsatisfiable: break
            }
        }
        return reason.map { .undecided($0) } ?? .exclusive
    }

    /// The condition under which the relationship leaves its property set (`leaving: true`) or clear.
    static func branches(_ e: PropertyEffect, leaving value: Bool) -> NormalForm {
        var c = NormalForm.never
        if e.then == value { c = c.or(NormalForm(e.rule.condition)) }
        if e.otherwise == value { c = c.or(NormalForm(e.rule.condition, negated: true)) }
        return c
    }
}
