import FormIR

extension RelationshipAnalysis {
    /// Two relationships on one target, one showing and the other hiding it, whose conditions can hold
    /// together: the target's state then depends on which of them ran last.
    struct VisibilityConflict: Sendable {
        var target: RuleTarget
        var earlier: Rule
        var later: Rule
        /// A condition under which both apply.
        var witness: [ConditionTerm]
    }

    /// How many pairs of relationships one form may compare; past it, later ones are not checked.
    static let conflictPairBudget = 20_000

    /// Every later relationship that contradicts an earlier one on the same target (the first such
    /// earlier one), in relationship order. Only conflicts the analysis proves are listed.
    func visibilityConflicts() -> [VisibilityConflict] {
        var targets: [RuleTarget] = []
        var seen = Set<RuleTarget>()
        for r in form.rules where seen.insert(r.target).inserted { targets.append(r.target) }
        var out: [VisibilityConflict] = []
        var budget = Self.conflictPairBudget
        for target in targets {
            let effects = visibilityEffects(target)
            guard effects.count > 1 else { continue }
            for j in 1..<effects.count where budget >= j {
                budget -= j
                for i in 0..<j {
                    guard let witness = Self.clash(effects[i], effects[j]) else { continue }
                    out.append(VisibilityConflict(target: target, earlier: effects[i].rule, later: effects[j].rule, witness: witness))
                    break
                }
            }
        }
        return out
    }

    /// A condition under which one relationship shows and the other hides, if the analysis proves one.
    private static func clash(_ a: PropertyEffect, _ b: PropertyEffect) -> [ConditionTerm]? {
        for (show, hide) in [(a, b), (b, a)] {
            if case .satisfiable(let w) = Satisfiability.of(branches(show, leaving: true).and(branches(hide, leaving: false))) {
                return w
            }
        }
        return nil
    }

    /// The condition under which the relationship leaves its target shown (`leaving: true`) or hidden.
    static func branches(_ e: PropertyEffect, leaving value: Bool) -> NormalForm {
        var c = NormalForm.never
        if e.then == value { c = c.or(NormalForm(e.rule.condition)) }
        if e.otherwise == value { c = c.or(NormalForm(e.rule.condition, negated: true)) }
        return c
    }
}
