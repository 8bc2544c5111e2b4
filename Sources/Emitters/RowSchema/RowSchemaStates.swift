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
        var located: [(page: Int, section: Int, field: Int)] = []
        for pi in pages.indices {
            for si in pages[pi].sections.indices {
                let fields = pages[pi].sections[si].fields
                sections.append(SectionSpan(page: pages[pi].id, section: pages[pi].sections[si].id, rows: fields.count))
                for fi in fields.indices {
                    canonical.append(firstOrdinal.ordinal(of: fields[fi].id, next: canonical.count))
                    located.append((pi, si, fi))
                }
            }
        }
        hiddenStates = Array(repeating: nil, count: canonical.count)
        disabledStates = Array(repeating: nil, count: canonical.count)
        let kept = keptRules(form.rules, target: target, diagnostics: &diagnostics)
        var lowered = form
        lowered.rules = kept.map { form.rules[$0] }
        let states = RuleStates(form: lowered)
        for ordinal in canonical.indices where canonical[ordinal] == ordinal {
            let (pi, si, fi) = located[ordinal]
            let page = pages[pi], section = page.sections[si], field = section.fields[fi]
            // Visible and enabled as the rules leave each level (docs/ir.md, "Several rules on one
            // target"); a row is hidden when any level hides it, disabled when any level disables it.
            let visible = states.submitting(field, section: section, page: page).visible
            let pageRules = (page.id.map { states.rules(for: .page($0)) } ?? []) + states.rules(for: .form)
            let enabled = Formula.all([
                states.enabled(.field(field.id), disabled: field.isDisabled || form.isDisabled),
                section.id.map { states.enabled(.section($0), disabled: false) } ?? .true,
                states.fold(initial: true, rules: pageRules, effect: RuleStates.enabling),
            ])
            hiddenStates[ordinal] = Self.state(visible.negation, rules: lowered.rules)
            disabledStates[ordinal] = Self.state(enabled.negation, rules: lowered.rules)
        }
    }

    /// The indexes of the rules the row schema can carry; the others are reported as losses (a target
    /// not in the form, a condition no predicate says) and left out of every row's state.
    private func keptRules(_ allRules: [Rule], target: String, diagnostics: inout Diagnostics) -> [Int] {
        var kept: [Int] = []
        for ri in allRules.indices {
            let rule = allRules[ri]
            if rows(of: rule.target).isEmpty {
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
            kept.append(ri)
        }
        return kept
    }

    /// The row property for `formula` (when the row is hidden, or disabled): `nil` when never, `true`
    /// when always, else a predicate; one rule's condition keeps the row-schema text it was read with.
    private static func state(_ formula: Formula, rules: [Rule]) -> State? {
        switch formula {
        case .constant(false): return nil
        case .constant(true): return .always
        case .atom(let i):
            if let source = rules[i].source, source.dialect == .rowPredicate { return .predicate(source.text) }
        default: break
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
