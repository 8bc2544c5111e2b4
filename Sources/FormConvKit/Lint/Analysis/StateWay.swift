import FormIR

/// One way a form can reach a state at submission time: the condition on the items' current values
/// under which it is reached, and what else it depends on.
struct StateWay: Hashable, Sendable {
    /// What a way depends on besides `condition`.
    enum Caveat: Hashable, Sendable {
        /// Reached only while none of these items has been changed, so only if the engine does not apply
        /// relationships when the form opens (the MM language document does not say).
        case beforeFirstChange([String])
        /// Reached only through an order of changes, described for the message.
        case history(String)

        var reason: String {
            switch self {
            case .beforeFirstChange(let items):
                let names = items.map { "'\($0)'" }.joined(separator: ", ")
                return "it depends on the state before \(names) \(items.count == 1 ? "is" : "are") first set, and the "
                    + "MM language document does not say whether relationships run when the form opens"
            case .history(let text): return text
            }
        }
    }

    var condition: NormalForm
    var caveats: [Caveat]
    /// Relationships this way needs to have run, as their conditions' items: at least one item of each
    /// list has been changed.
    var changed: [[String]]

    init(_ condition: NormalForm, caveats: [Caveat] = [], changed: [[String]] = []) {
        self.condition = condition
        self.caveats = caveats
        self.changed = changed
    }

    /// Both ways at once.
    func and(_ other: StateWay) -> StateWay {
        var caveats = self.caveats
        for c in other.caveats where !caveats.contains(c) { caveats.append(c) }
        return StateWay(condition.and(other.condition), caveats: caveats, changed: changed + other.changed)
    }

    /// Whether the form's values can reach this way: its condition can hold, and no relationship it
    /// needs to have run is driven only by items it needs unchanged.
    var satisfiability: Satisfiability {
        for case .beforeFirstChange(let unchanged) in caveats {
            if changed.contains(where: { !$0.isEmpty && $0.allSatisfy(unchanged.contains) }) { return .unsatisfiable }
        }
        return .of(condition)
    }

    /// Every combination of one way from each list (`[]` if a list is empty).
    static func product(_ a: [StateWay], _ b: [StateWay]) -> [StateWay] {
        var out: [StateWay] = []
        for x in a { for y in b { out.append(x.and(y)) } }
        return out
    }
}

/// How one relationship sets a boolean property of its target (hidden, skipSubmit, forceSubmit).
struct PropertyEffect: Sendable {
    var rule: Rule
    /// The value its `if` branch leaves the property at, `nil` when that branch does not touch it.
    var then: Bool?
    var otherwise: Bool?

    /// Relationships written as NSPredicates (row schema, XLForm) are evaluated when the form opens;
    /// an MM relationship runs when an item in its condition changes.
    var runsOnChangeOnly: Bool {
        guard let condition = rule.condition, !condition.referencedFields.isEmpty else { return false }
        return (rule.source?.dialect ?? .mmCondition) == .mmCondition
    }

    var line: String { rule.location.map { "line \($0.line)" } ?? "a relationship" }
    var conditionText: String { rule.source?.text ?? "its condition" }
}

extension StateWay {
    /// The ways a boolean property ends at `value`: it keeps the value of the relationship that set it
    /// last, or its initial value when none has. A relationship evaluated last leaves the value of the
    /// branch its condition picks now; one with no branch for the other case keeps its value after the
    /// condition stops holding (reachable only through that order of changes); the initial value
    /// survives while the relationships that would change it have not run (or picked an empty branch).
    ///
    /// `settled` lists items that must have been changed before submission (required, always shown), so the
    /// relationships they drive have run. `property` says the lasting state for messages ("'x' stays shown"),
    /// made only for a way that needs it.
    static func ways(toReach value: Bool, initial: Bool, effects: [PropertyEffect], settled: Set<String>,
                     property: @autoclosure () -> String) -> [StateWay] {
        var out: [StateWay] = []
        for e in effects {
            let ran = e.runsOnChangeOnly ? [e.rule.condition?.referencedFields ?? []] : []
            if e.then == value { out.append(StateWay(NormalForm(e.rule.condition), changed: ran)) }
            if e.otherwise == value { out.append(StateWay(NormalForm(e.rule.condition, negated: true), changed: ran)) }
            let stuck = e.then == value && e.otherwise == nil ? "held" : e.otherwise == value && e.then == nil ? "failed" : nil
            // It stays only if its condition could hold at some earlier point.
            if let stuck, e.rule.condition != nil,
               Satisfiability.of(NormalForm(e.rule.condition, negated: stuck == "failed")) != .unsatisfiable {
                out.append(StateWay(.always, caveats: [.history(
                    "\(property()) once \(e.conditionText) has \(stuck) (\(e.line)): that relationship has no branch to undo it")],
                    changed: ran))
            }
        }
        guard initial == value else { return out }
        out += untouchedWays(effects: effects, settled: settled)
        return out
    }

    /// The ways no relationship has changed the property: two-sided ones have not run, one-sided ones
    /// picked their empty branch (or have not run either).
    private static func untouchedWays(effects: [PropertyEffect], settled: Set<String>) -> [StateWay] {
        var quiet = NormalForm.always
        var unrun: [String] = [], allUnrun: [String] = []
        for e in effects where e.then != nil || e.otherwise != nil {
            guard e.rule.condition != nil else {
                if e.then != nil { return [] }   // an unconditional relationship always applies its `if`
                continue
            }
            let twoSided = e.then != nil && e.otherwise != nil
            guard e.runsOnChangeOnly else {
                // Evaluated when the form opens: it has run and picked the branch its condition picks now.
                if twoSided { return [] }
                quiet = quiet.and(NormalForm(e.rule.condition, negated: e.then != nil))
                continue
            }
            let sources = e.rule.condition?.referencedFields ?? []
            for f in sources where !allUnrun.contains(f) { allUnrun.append(f) }
            if twoSided {
                for f in sources where !unrun.contains(f) { unrun.append(f) }
            } else {
                quiet = quiet.and(NormalForm(e.rule.condition, negated: e.then != nil))
            }
        }
        var out: [StateWay] = []
        if !unrun.contains(where: settled.contains) {
            out.append(StateWay(quiet, caveats: unrun.isEmpty ? [] : [.beforeFirstChange(unrun)]))
        }
        if allUnrun != unrun, !allUnrun.contains(where: settled.contains) {
            out.append(StateWay(.always, caveats: [.beforeFirstChange(allUnrun)]))
        }
        return out
    }
}
