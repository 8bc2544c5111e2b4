import FormIR
import Expressions

/// The `hidden` and `disabled` value of every row: a literal, or a predicate made from the form's
/// show/hide and enable/disable rules (OR of every condition that hides or disables the row).
struct RowSchemaStates {
    /// A row property's value: `true`, a predicate string, or `never` (a rule says the row is always
    /// shown or enabled, which overrides a hidden or disabled flag: nothing is written).
    enum State: Equatable { case always, never, predicate(String) }

    private(set) var hidden: [String: State] = [:]
    private(set) var disabled: [String: State] = [:]

    init(form: Form, target: String, diagnostics: inout Diagnostics) {
        var hideWhen: [String: [(FormIR.Expression, ConditionSource?)]] = [:]
        var disableWhen: [String: [(FormIR.Expression, ConditionSource?)]] = [:]
        var known = Set<String>()
        for page in form.pages { for section in page.sections { for field in section.fields { known.insert(field.id) } } }
        for (ri, rule) in form.rules.enumerated() {
            let ids = Self.fields(of: rule.target, in: form, known: known)
            if ids.isEmpty {
                diagnostics.loss("relationship.target", target: target,
                                 "the relationship's target \(rule.target) is not in the form; it is dropped",
                                 at: rule.location, path: "/rules/\(ri)")
                continue
            }
            let condition = rule.condition ?? .literal(.bool(true))
            if !Expressions.Predicate.expressible(condition, dialect: .rowPredicate) {
                diagnostics.loss("condition", target: target,
                                 "\(target) cannot say the condition of the relationship on \(rule.target) as a predicate",
                                 at: rule.source?.location ?? rule.location, path: "/rules/\(ri)")
                continue
            }
            if let hides = Self.direction(rule, on: .hide, off: .show) {
                let c = hides ? condition : condition.negated
                let source = hides && rule.source?.dialect == .rowPredicate ? rule.source : nil
                for id in ids { hideWhen[id, default: []].append((c, source)) }
            }
            if let disables = Self.direction(rule, on: .disable, off: .enable) {
                let c = disables ? condition : condition.negated
                let source = disables && rule.source?.dialect == .rowPredicate ? rule.source : nil
                for id in ids { disableWhen[id, default: []].append((c, source)) }
            }
        }
        for (id, conditions) in hideWhen { hidden[id] = Self.combine(conditions) }
        for (id, conditions) in disableWhen { disabled[id] = Self.combine(conditions) }
        // Walked in place: copying (page, section, field) tuples per field cost more than the rest of the emitter.
        for page in form.pages {
            for section in page.sections {
                for field in section.fields {
                    if hidden[field.id] == nil, page.isHidden || section.isHidden || field.isHidden { hidden[field.id] = .always }
                    if disabled[field.id] == nil, form.isDisabled || field.isDisabled { disabled[field.id] = .always }
                }
            }
        }
    }

    /// `true` when the rule's `then` applies `on` (or its `otherwise` applies `off`), `false` for the
    /// opposite, `nil` when the rule does neither.
    private static func direction(_ rule: Rule, on: Effect, off: Effect) -> Bool? {
        if rule.then.contains(on) { return true }
        if rule.then.contains(off) { return false }
        if rule.otherwise.contains(on) { return false }
        if rule.otherwise.contains(off) { return true }
        return nil
    }

    private static func combine(_ conditions: [(FormIR.Expression, ConditionSource?)]) -> State {
        if conditions.contains(where: { $0.0 == .literal(.bool(true)) }) { return .always }
        var unique: [(FormIR.Expression, ConditionSource?)] = []
        for c in conditions where c.0 != .literal(.bool(false)) && !unique.contains(where: { $0.0 == c.0 }) { unique.append(c) }
        let conditions = unique
        if conditions.isEmpty { return .never }
        if conditions.count == 1, let source = conditions[0].1 { return .predicate(source.text) }
        let expression: FormIR.Expression = conditions.count == 1 ? conditions[0].0 : .or(conditions.map(\.0))
        return .predicate(Expressions.Predicate.print(expression, dialect: .rowPredicate))
    }

    /// The ids of the rows a rule acts on.
    static func fields(of target: RuleTarget, in form: Form, known: Set<String>) -> [String] {
        switch target {
        case .field(let id): return known.contains(id) ? [id] : []
        case .section(let id):
            return form.pages.flatMap { $0.sections.filter { $0.id == id }.flatMap { $0.fields.map(\.id) } }
        case .page(let id): return form.pages.filter { $0.id == id }.flatMap { $0.sections.flatMap { $0.fields.map(\.id) } }
        case .form: return form.pages.flatMap { $0.sections.flatMap { $0.fields.map(\.id) } }
        }
    }
}
