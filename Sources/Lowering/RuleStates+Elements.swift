import FormIR

/// When each page, group and field of a form is visible, enabled and required, as formulas over the
/// relationship conditions: the one semantics of several rules on one target (docs/ir.md, "Several
/// rules on one target"). Rules are applied in document order; a rule whose condition holds applies
/// its `then` effects, otherwise its `else` effects; a side without an effect of the kind keeps the
/// state the earlier rules left, so the later rule wins where both say something. Each formula reads
/// only the rules aimed at that element: an engine that nests elements hides an element inside a
/// hidden page or group itself (`submitting` combines the three levels for the payload).
extension RuleStates {
    /// When `target` is visible; `hidden` is its initial state. Rules aimed at the whole form count
    /// for every page.
    package func visible(_ target: RuleTarget, hidden: Bool) -> Formula {
        if case .field = target { return fold(initial: !hidden, rules: rules(for: target), effect: Self.visibility) }
        return containerVisible(target, hidden: hidden)
    }

    /// When `target` is enabled; `disabled` is its initial state.
    package func enabled(_ target: RuleTarget, disabled: Bool) -> Formula {
        fold(initial: !disabled, rules: rules(for: target), effect: Self.enabling)
    }

    /// When `field` must be answered: `required` changed by relationships that set the property
    /// `required` (MM XML `<required>YES</required>` inside `if`/`else`).
    package func required(_ field: Field) -> Formula {
        fold(initial: field.validation.required, rules: rules(for: .field(field.id)), effect: Self.requirement)
    }

    /// The enabled state an effect sets (`enable`, `disable`), or `nil`.
    package static func enabling(_ e: Effect) -> Bool? {
        switch e {
        case .enable: true
        case .disable: false
        default: nil
        }
    }

    /// The requirement an effect sets (`setProperty("required", YES/NO)`), or `nil`.
    package static func requirement(_ e: Effect) -> Bool? {
        guard case .setProperty(let name, let value) = e, isRequiredProperty(name) else { return nil }
        return truth(value)
    }

    /// `true` for the property name that sets the requirement (`required`, any case).
    package static func isRequiredProperty(_ name: String) -> Bool { name.lowercased() == "required" }

    /// A property value as a truth value (`YES`/`NO`, `true`/`false`, `on`/`off`, `1`/`0`), or `nil`.
    package static func truth(_ v: Value) -> Bool? {
        switch v {
        case .bool(let b): return b
        case .int(let i) where i == 0 || i == 1: return i == 1
        case .string(let s):
            switch s.lowercased() {
            case "1", "yes", "true", "on": return true
            case "0", "no", "false", "off": return false
            default: return nil
            }
        default: return nil
        }
    }
}
