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
    private var firstOrdinal: [String: Int] = [:]
    /// For every ordinal, the ordinal of the first field with the same id.
    private var canonical: [Int] = []
    /// States by canonical ordinal.
    private var hiddenStates: [State?] = []
    private var disabledStates: [State?] = []

    init(form: Form, target: String, diagnostics: inout Diagnostics) {
        // Walked in place (indices, never copies of pages, sections or fields): copying them per field
        // cost more than the rest of the emitter.
        // Each field is read once, for its id and both flags together: the reads of a field's storage miss
        // the cache, and misses in one iteration overlap where misses in separate passes do not.
        let pages = form.pages
        let formDisabled = form.isDisabled
        var count = 0
        for pi in pages.indices { for si in pages[pi].sections.indices { count += pages[pi].sections[si].fields.count } }
        firstOrdinal.reserveCapacity(count)
        canonical.reserveCapacity(count)
        /// Per ordinal: bit 0 when the field or its page or section is hidden, bit 1 when it or the form
        /// is disabled.
        var flags: [UInt8] = []
        flags.reserveCapacity(count)
        for pi in pages.indices {
            for si in pages[pi].sections.indices {
                let containerHidden = pages[pi].isHidden || pages[pi].sections[si].isHidden
                for fi in pages[pi].sections[si].fields.indices {
                    canonical.append(Self.ordinal(of: pages[pi].sections[si].fields[fi].id, next: canonical.count,
                                                  in: &firstOrdinal))
                    var flag: UInt8 = 0
                    if containerHidden || pages[pi].sections[si].fields[fi].isHidden { flag |= 1 }
                    if formDisabled || pages[pi].sections[si].fields[fi].isDisabled { flag |= 2 }
                    flags.append(flag)
                }
            }
        }
        // Two arrays made separately: a copy would be duplicated whole at its first write.
        hiddenStates = Array(repeating: nil, count: canonical.count)
        disabledStates = Array(repeating: nil, count: canonical.count)
        var hideWhen: [Int: [(FormIR.Expression, ConditionSource?)]] = [:]
        var disableWhen: [Int: [(FormIR.Expression, ConditionSource?)]] = [:]
        hideWhen.reserveCapacity(form.rules.count)
        disableWhen.reserveCapacity(form.rules.count)
        for ri in form.rules.indices {
            let rule = form.rules[ri]
            let rows = rows(of: rule.target, in: form)
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
                let c = hides ? condition : condition.negated
                let source = hides && rule.source?.dialect == .rowPredicate ? rule.source : nil
                for row in rows { hideWhen[row, default: []].append((c, source)) }
            }
            if let disables = Self.direction(rule, on: .disable, off: .enable) {
                let c = disables ? condition : condition.negated
                let source = disables && rule.source?.dialect == .rowPredicate ? rule.source : nil
                for row in rows { disableWhen[row, default: []].append((c, source)) }
            }
        }
        for (row, conditions) in hideWhen { hiddenStates[row] = Self.combine(conditions) }
        for (row, conditions) in disableWhen { disabledStates[row] = Self.combine(conditions) }
        for ordinal in canonical.indices {
            let row = canonical[ordinal]
            if flags[ordinal] & 1 != 0, hiddenStates[row] == nil { hiddenStates[row] = .always }
            if flags[ordinal] & 2 != 0, disabledStates[row] == nil { disabledStates[row] = .always }
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
    func hasField(_ id: String) -> Bool { firstOrdinal[id] != nil }

    /// The ordinal of the first field with `id`, recording `next` as that when `id` is new (one hash).
    private static func ordinal(of id: String, next: Int, in table: inout [String: Int]) -> Int {
        func read(_ value: inout Int) -> Int { value }
        return read(&table[id, default: next])
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

    /// The rows a rule acts on (canonical ordinals, in form order).
    private func rows(of target: RuleTarget, in form: Form) -> [Int] {
        switch target {
        case .field(let id): return firstOrdinal[id].map { [$0] } ?? []
        case .section(let id): return rows(in: form) { _, section in section.id == id }
        case .page(let id): return rows(in: form) { page, _ in page.id == id }
        case .form: return canonical
        }
    }

    /// The rows of the sections `matching` accepts.
    private func rows(in form: Form, matching: (Page, Section) -> Bool) -> [Int] {
        var out: [Int] = []
        var ordinal = 0
        for pi in form.pages.indices {
            for si in form.pages[pi].sections.indices {
                let count = form.pages[pi].sections[si].fields.count
                if matching(form.pages[pi], form.pages[pi].sections[si]) { out += canonical[ordinal..<ordinal + count] }
                ordinal += count
            }
        }
        return out
    }
}
