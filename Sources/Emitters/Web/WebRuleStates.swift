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

    /// When `field` must be answered: `required` changed by relationships that set the property
    /// `required` (MM XML `<required>YES</required>` inside `if`/`else`).
    func required(_ field: Field) -> Formula {
        states.fold(initial: field.validation.required, rules: states.rules(for: .field(field.id))) { e in
            guard case .setProperty(let name, let value) = e, Self.isRequiredProperty(name) else { return nil }
            return Self.truth(value)
        }
    }

    static func isRequiredProperty(_ name: String) -> Bool { name.lowercased() == "required" }

    /// A property value as a truth value (`YES`/`NO`, `true`/`false`, `1`/`0`), or `nil`.
    static func truth(_ v: Value) -> Bool? {
        switch v {
        case .bool(let b): return b
        case .int(let i) where i == 0 || i == 1: return i == 1
        case .string(let s): return SurveyJSExpression.truth(.string(s))
        default: return nil
        }
    }

    /// The condition formula of rule `i` (`true` for an unconditional rule).
    func condition(_ i: Int) -> Formula { states.condition(i) }

    /// The indexes of the rules aimed at `target`, in document order.
    func rules(for target: RuleTarget) -> [Int] { states.rules(for: target) }
}
