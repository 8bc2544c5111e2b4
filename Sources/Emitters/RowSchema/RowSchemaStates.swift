import FormIR
import Expressions
import Lowering

/// The `hidden` and `disabled` value of every row: a literal, or a predicate saying when the row is
/// hidden or disabled, from the lowering's formulas (`RuleStates`: rules on one target applied in
/// document order, the later winning where both apply; a row is hidden when it, its section or its
/// page is). The row schema has no `else`, but a predicate states any such formula exactly.
///
/// Rows are numbered by their ordinal: their place among all the form's fields, pages then sections
/// in order. Fields sharing an id share their states (those of the first field with the id).
struct RowSchemaStates {
    /// A row property's value: `true`, or a predicate string.
    enum State: Equatable { case always, predicate(String) }

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
        var count = 0
        for pi in pages.indices { for si in pages[pi].sections.indices { count += pages[pi].sections[si].fields.count } }
        firstOrdinal = RowIDTable(capacity: count)
        canonical.reserveCapacity(count)
        for pi in pages.indices {
            for si in pages[pi].sections.indices {
                let fields = pages[pi].sections[si].fields
                sections.append(SectionSpan(page: pages[pi].id, section: pages[pi].sections[si].id, rows: fields.count))
                for fi in fields.indices {
                    canonical.append(firstOrdinal.ordinal(of: fields[fi].id, next: canonical.count))
                }
            }
        }
        hiddenStates = Array(repeating: nil, count: canonical.count)
        disabledStates = Array(repeating: nil, count: canonical.count)
        // The kept rules aimed at each field, by the field's canonical ordinal: each field's rules are
        // found by its place, once, not by hashing its id for every state.
        var fieldRules = [[Int]](repeating: [], count: canonical.count)
        let kept = keptRules(form.rules, target: target, fieldRules: &fieldRules, diagnostics: &diagnostics)
        var lowered = form
        lowered.rules = kept.map { form.rules[$0] }
        let states = RuleStates(form: lowered)
        let formRules = states.rules(for: .form)
        var printed = Printed(rules: lowered.rules)
        var ordinal = 0
        for pi in pages.indices {
            // Visible and enabled as the rules leave each level (docs/ir.md, "Several rules on one
            // target"), each level's state computed once for all its rows; a row is hidden when any
            // level hides it, disabled when any level disables it.
            let pageRules = (pages[pi].id.map { states.rules(for: .page($0)) } ?? []) + formRules
            let pageVisible = states.fold(initial: !pages[pi].isHidden, rules: pageRules, effect: RuleStates.visibility)
            let pageEnabled = states.fold(initial: true, rules: pageRules, effect: RuleStates.enabling)
            for si in pages[pi].sections.indices {
                let sectionRules = pages[pi].sections[si].id.map { states.rules(for: .section($0)) } ?? []
                let sectionVisible = states.fold(initial: !pages[pi].sections[si].isHidden, rules: sectionRules,
                                                 effect: RuleStates.visibility)
                let sectionEnabled = pages[pi].sections[si].id == nil
                    ? Formula.true : states.fold(initial: true, rules: sectionRules, effect: RuleStates.enabling)
                for fi in pages[pi].sections[si].fields.indices {
                    defer { ordinal += 1 }
                    guard canonical[ordinal] == ordinal else { continue }
                    let rules = fieldRules[ordinal]
                    let isHidden = pages[pi].sections[si].fields[fi].isHidden
                    let isDisabled = pages[pi].sections[si].fields[fi].isDisabled || form.isDisabled
                    let visible = Formula.all([
                        states.fold(initial: !isHidden, rules: rules, effect: RuleStates.visibility),
                        sectionVisible, pageVisible,
                    ])
                    let enabled = Formula.all([
                        states.fold(initial: !isDisabled, rules: rules, effect: RuleStates.enabling),
                        sectionEnabled, pageEnabled,
                    ])
                    hiddenStates[ordinal] = printed.state(visible.negation)
                    disabledStates[ordinal] = printed.state(enabled.negation)
                }
            }
        }
    }

    /// The indexes of the rules the row schema can carry; the others are reported as losses (a target
    /// not in the form, a condition no predicate says) and left out of every row's state. A kept rule
    /// aimed at a field is listed in `fieldRules` at the field's ordinal, by its place among the kept.
    private func keptRules(_ allRules: [Rule], target: String, fieldRules: inout [[Int]],
                           diagnostics: inout Diagnostics) -> [Int] {
        var kept: [Int] = []
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
            if case .field = rule.target { fieldRules[rows[0]].append(kept.count) }
            kept.append(ri)
        }
        return kept
    }

    /// The row properties already printed, by formula: rows that share a state (every row of a
    /// section hidden by the same rules) print its predicate once.
    private struct Printed {
        let rules: [Rule]
        var states: [Formula: State] = [:]

        mutating func state(_ formula: Formula) -> State? {
            switch formula {
            case .constant(false): return nil
            case .constant(true): return .always
            default: break
            }
            if let known = states[formula] { return known }
            let new = RowSchemaStates.state(formula, rules: rules)
            states[formula] = new
            return new
        }
    }

    /// The row property for a formula that is not a constant (when the row is hidden, or disabled): a
    /// predicate; one rule's condition keeps the row-schema text it was read with.
    private static func state(_ formula: Formula, rules: [Rule]) -> State {
        if case .atom(let i) = formula, let source = rules[i].source, source.dialect == .rowPredicate {
            return .predicate(source.text)
        }
        let e = formula.expression { rules[$0].condition ?? .literal(.bool(true)) }
        return .predicate(Expressions.Predicate.print(e, dialect: .rowPredicate))
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
