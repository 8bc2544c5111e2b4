import FormIR
import Expressions

/// The `hidden` and `disabled` value of every row: a literal, or a predicate made from the form's
/// show/hide and enable/disable rules (OR of every condition that hides or disables the row).
///
/// Rows are numbered by their ordinal: their place among all the form's fields, pages then sections
/// in order. Fields sharing an id share their states (those of the first field with the id).
struct RowSchemaStates {
    /// A row property's value: `true`, a predicate string, or `never` (a rule says the row is always
    /// shown or enabled, which overrides a hidden or disabled flag: nothing is written).
    enum State: Equatable { case always, never, predicate(String) }

    /// The ordinal of the first field with each id.
    private var firstOrdinal = RowIDTable(capacity: 0)
    /// For every ordinal, the ordinal of the first field with the same id.
    private var canonical: [Int] = []
    /// States by canonical ordinal.
    private var hiddenStates: [State?] = []
    private var disabledStates: [State?] = []
    /// Each section's page id, own id and number of rows, in order: the rows a rule on a page or a
    /// group acts on.
    private var sections: [SectionSpan] = []

    /// The ids a section's rows are found by.
    struct SectionSpan: Sendable {
        var page: String?
        var section: String?
        var rows: Int
    }

    init(form: Form, target: String, diagnostics: inout Diagnostics) {
        let pages = form.pages
        let formDisabled = form.isDisabled
        var count = 0
        for pi in pages.indices { for si in pages[pi].sections.indices { count += pages[pi].sections[si].fields.count } }
        firstOrdinal = RowIDTable(capacity: count)
        canonical.reserveCapacity(count)
        /// Per ordinal: bit 0 when the field or its page or section is hidden, bit 1 when it or the form
        /// is disabled.
        var flags: [UInt8] = []
        flags.reserveCapacity(count)
        for pi in pages.indices {
            for si in pages[pi].sections.indices {
                let fields = pages[pi].sections[si].fields
                sections.append(SectionSpan(page: pages[pi].id, section: pages[pi].sections[si].id, rows: fields.count))
                let containerHidden = pages[pi].isHidden || pages[pi].sections[si].isHidden
                for fi in fields.indices {
                    canonical.append(firstOrdinal.ordinal(of: fields[fi].id, next: canonical.count))
                    flags.append(Self.flags(fields[fi], containerHidden: containerHidden, formDisabled: formDisabled))
                }
            }
        }
        resolve(form.rules, target: target, diagnostics: &diagnostics)
        for ordinal in canonical.indices {
            let row = canonical[ordinal]
            if flags[ordinal] & 1 != 0, hiddenStates[row] == nil { hiddenStates[row] = .always }
            if flags[ordinal] & 2 != 0, disabledStates[row] == nil { disabledStates[row] = .always }
        }
    }

    /// A row's flags: bit 0 when it or its page or section is hidden, bit 1 when it or the form is disabled.
    static func flags(_ field: Field, containerHidden: Bool, formDisabled: Bool) -> UInt8 {
        var flag: UInt8 = 0
        if containerHidden || field.isHidden { flag |= 1 }
        if formDisabled || field.isDisabled { flag |= 2 }
        return flag
    }

    /// The states the rules give, by canonical row.
    private mutating func resolve(_ allRules: [Rule], target: String, diagnostics: inout Diagnostics) {
        // Two arrays made separately: a copy would be duplicated whole at its first write.
        hiddenStates = Array(repeating: nil, count: canonical.count)
        disabledStates = Array(repeating: nil, count: canonical.count)
        // What each rule does to each of its rows, in rule order; grouped by row below. A flat list of
        // plain values: per-row dictionaries of condition lists cost more to build, to free, and (their
        // tuple types instantiated at run time) to set up than the rest of this initializer.
        var effects: [RowEffect] = []
        for ri in allRules.indices {
            let rule = allRules[ri]
            let rows = rows(of: rule.target)
            if rows.isEmpty {
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
                for row in rows { effects.append(RowEffect(row: row, rule: ri, disables: false, positive: hides)) }
            }
            if let disables = Self.direction(rule, on: .disable, off: .enable) {
                for row in rows { effects.append(RowEffect(row: row, rule: ri, disables: true, positive: disables)) }
            }
        }
        // By row, then in the order found (the order of the conditions in a combined predicate).
        var order = Array(effects.indices)
        order.sort { a, b in effects[a].row != effects[b].row ? effects[a].row < effects[b].row : a < b }
        var conditions: [Condition] = []
        var k = 0
        while k < order.count {
            let row = effects[order[k]].row
            // Hide conditions of the row, then its disable conditions: each list in rule order.
            for pass in 0..<2 {
                let disables = pass == 1
                while !conditions.isEmpty { conditions.removeLast() }  // keeps the storage; removeAll went through the generic range replacement
                var j = k
                while j < order.count, effects[order[j]].row == row {
                    let e = effects[order[j]]
                    j += 1
                    guard e.disables == disables else { continue }
                    let rule = allRules[e.rule]
                    let condition = rule.condition ?? .literal(.bool(true))
                    let source = e.positive && rule.source?.dialect == .rowPredicate ? rule.source : nil
                    conditions.append(Condition(expression: e.positive ? condition : condition.negated, source: source))
                }
                guard !conditions.isEmpty else { continue }
                if disables { disabledStates[row] = Self.combine(conditions) } else { hiddenStates[row] = Self.combine(conditions) }
            }
            while k < order.count, effects[order[k]].row == row { k += 1 }
        }
    }

    /// The row's `hidden` value; `nil` when nothing hides it.
    func hidden(_ ordinal: Int) -> State? { hiddenStates[canonical[ordinal]] }
    /// The row's `disabled` value; `nil` when nothing disables it.
    func disabled(_ ordinal: Int) -> State? { disabledStates[canonical[ordinal]] }
    /// `true` when an earlier field has the same id as the field at `ordinal`.
    func repeatsAnID(_ ordinal: Int) -> Bool { canonical[ordinal] != ordinal }
    /// How many fields the form has.
    var rowCount: Int { canonical.count }
    /// `true` when the form has a field with `id`.
    func hasField(_ id: String) -> Bool { firstOrdinal.ordinal(of: id) != nil }

    /// `true` when the rule's `then` applies `on` (or its `otherwise` applies `off`), `false` for the
    /// opposite, `nil` when the rule does neither.
    private static func direction(_ rule: Rule, on: Toggle, off: Toggle) -> Bool? {
        if contains(rule.then, on) { return true }
        if contains(rule.then, off) { return false }
        if contains(rule.otherwise, on) { return false }
        if contains(rule.otherwise, off) { return true }
        return nil
    }

    /// The payload-free effects `direction` looks for.
    private enum Toggle { case show, hide, enable, disable }

    /// `effects.contains(toggle)`, matched by case: `Effect`'s `==` compares payloads generically.
    private static func contains(_ effects: [Effect], _ toggle: Toggle) -> Bool {
        effects.contains { effect in
            switch (effect, toggle) {
            case (.show, .show), (.hide, .hide), (.enable, .enable), (.disable, .disable): true
            default: false
            }
        }
    }

    /// One rule's effect on one row (a canonical ordinal): hiding or disabling it when its condition
    /// holds (`positive`) or when it does not.
    private struct RowEffect {
        var row: Int
        var rule: Int
        var disables: Bool
        var positive: Bool
    }

    /// A condition that hides or disables a row, and its text when that can be written as it is.
    private struct Condition {
        var expression: FormIR.Expression
        var source: ConditionSource?
    }

    /// The state the OR of `conditions` gives. (A struct, not a tuple, for the condition: a list of
    /// tuples of these types had its type built at run time from its mangled name.)
    private static func combine(_ conditions: [Condition]) -> State {
        if conditions.count == 1 {  // the usual case, without the list of unique conditions
            let c = conditions[0].expression
            if c == .literal(.bool(true)) { return .always }
            if c == .literal(.bool(false)) { return .never }
            if let source = conditions[0].source { return .predicate(source.text) }
            return .predicate(Expressions.Predicate.print(c, dialect: .rowPredicate))
        }
        if conditions.contains(where: { $0.expression == .literal(.bool(true)) }) { return .always }
        var unique: [Condition] = []
        for c in conditions where c.expression != .literal(.bool(false))
            && !unique.contains(where: { $0.expression == c.expression }) { unique.append(c) }
        let conditions = unique
        if conditions.isEmpty { return .never }
        if conditions.count == 1, let source = conditions[0].source { return .predicate(source.text) }
        let expression: FormIR.Expression = conditions.count == 1 ? conditions[0].expression : .or(conditions.map(\.expression))
        return .predicate(Expressions.Predicate.print(expression, dialect: .rowPredicate))
    }

    /// The rows a rule acts on (canonical ordinals, in form order).
    private func rows(of target: RuleTarget) -> [Int] {
        switch target {
        case .field(let id): return firstOrdinal.ordinal(of: id).map { [$0] } ?? []
        case .section(let id): return rows { $0.section == id }
        case .page(let id): return rows { $0.page == id }
        case .form: return canonical
        }
    }

    /// The rows of the sections `matching` accepts.
    private func rows(matching: (SectionSpan) -> Bool) -> [Int] {
        var out: [Int] = []
        var ordinal = 0
        for span in sections {
            if matching(span) { out += canonical[ordinal..<ordinal + span.rows] }
            ordinal += span.rows
        }
        return out
    }
}
