import FormIR

/// When each page, group and field of a form is visible and enabled, as formulas over the relationship
/// conditions (the same fold as the JSON Schema emitter's `RuleStates`: rules in document order, a rule
/// whose condition holds applies its `then` effects, otherwise its `else` effects). Web libraries attach
/// a condition to every element, so each element's formula reads only the rules aimed at it; the
/// library hides an element inside a hidden page or panel itself.
struct WebRuleStates {
    let form: Form
    let states: RuleStates

    init(form: Form) {
        self.form = form
        self.states = RuleStates(form: form)
    }

    /// When `target` is visible; `hidden` is its initial state. Rules aimed at the whole form count
    /// for every page.
    func visible(_ target: RuleTarget, hidden: Bool) -> Formula {
        var rules = states.rules(for: target)
        if case .page = target { rules += states.rules(for: .form) }
        return states.fold(initial: !hidden, rules: rules, effect: RuleStates.visibility)
    }

    /// When `target` is enabled; `disabled` is its initial state.
    func enabled(_ target: RuleTarget, disabled: Bool) -> Formula {
        states.fold(initial: !disabled, rules: states.rules(for: target)) { e in
            switch e {
            case .enable: true
            case .disable: false
            default: nil
            }
        }
    }

    /// The condition formula of rule `i` (`true` for an unconditional rule).
    func condition(_ i: Int) -> Formula { states.condition(i) }

    /// The indexes of the rules aimed at `target`, in document order.
    func rules(for target: RuleTarget) -> [Int] { states.rules(for: target) }
}
