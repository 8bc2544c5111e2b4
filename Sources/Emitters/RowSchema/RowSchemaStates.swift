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
    /// Each row's `hidden` and `disabled` value, as a `Code` (by ordinal, a repeated id's row holding
    /// its first row's): a row no rule names holds its section's code, nothing of its own.
    private var hiddenCodes: [Code] = []
    private var disabledCodes: [Code] = []
    /// The predicates the codes name, each printed once.
    private var predicates: [String] = []
    /// Each section's page id, own id and number of rows, in order: the rows a rule on a page or a
    /// group acts on.
    private var sections: [SectionSpan] = []

    /// A row property's value: `none` (no value), `always` (`true`), or the index of a predicate in
    /// `predicates` plus `firstPredicate`.
    private typealias Code = UInt32
    private static let none: Code = 0, always: Code = 1, firstPredicate: Code = 2

    /// The ids a section's rows are found by.
    struct SectionSpan: Sendable {
        var page: String?
        var section: String?
        var rows: Int
    }

    /// The code of a row no rule names: `always` when it starts hidden (or read-only), else `levels`
    /// (its section's and page's state), printed for the section's first such row and kept in `cached`.
    private static func levelCode(startsSo: Bool, _ cached: inout Code?, _ printed: inout Printed,
                                  _ levels: @autoclosure () -> Formula) -> Code {
        if startsSo { return always }
        if let code = cached { return code }
        let code = printed.code(levels())
        cached = code
        return code
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
        // The kept rules aimed at each field: `ruleList[ordinal]` is the field's list in `fieldRules`
        // (by canonical ordinal), -1 for a field no kept rule names, which is most of them.
        var ruleList = [Int32](repeating: -1, count: count)
        var fieldRules: [[Int]] = []
        let kept = keptRules(form.rules, target: target, ruleList: &ruleList, fieldRules: &fieldRules,
                             diagnostics: &diagnostics)
        var lowered = form
        if kept.count != form.rules.count { lowered.rules = kept.map { form.rules[$0] } }
        let states = RuleStates(form: lowered)
        let formRules = states.rules(for: .form)
        var printed = Printed(rules: lowered.rules)
        defer { predicates = printed.predicates }
        hiddenCodes = Array(repeating: Self.none, count: count)
        disabledCodes = Array(repeating: Self.none, count: count)
        let formDisabled = form.isDisabled
        var ordinal = 0
        for pi in pages.indices {
            // Visible and enabled as the rules leave each level (docs/ir.md, "Several rules on one
            // target"), each level's state computed once for all its rows; a row is hidden when any
            // level hides it, disabled when any level disables it.
            let pageRules = (pages[pi].id.map { states.rules(for: .page($0)) } ?? []) + formRules
            let pageVisible = states.fold(initial: !pages[pi].isHidden, rules: pageRules, effect: RuleStates.visibility)
            let pageEnabled = states.fold(initial: true, rules: pageRules, effect: RuleStates.enabling)
            for si in pages[pi].sections.indices {
                let section = pages[pi].sections[si]
                let sectionRules = section.id.map { states.rules(for: .section($0)) } ?? []
                let sectionVisible = states.fold(initial: !section.isHidden, rules: sectionRules,
                                                 effect: RuleStates.visibility)
                let sectionEnabled = section.id == nil
                    ? Formula.true : states.fold(initial: true, rules: sectionRules, effect: RuleStates.enabling)
                // The codes of a row no rule names that starts shown and editable (one that starts
                // hidden or read-only is `always` hidden or disabled): its section's and page's state,
                // printed for the first such row.
                var shownCode: Code?, enabledCode: Code?
                for fi in section.fields.indices {
                    defer { ordinal += 1 }
                    let first = canonical[ordinal]
                    guard first == ordinal else {
                        hiddenCodes[ordinal] = hiddenCodes[first]
                        disabledCodes[ordinal] = disabledCodes[first]
                        continue
                    }
                    let isHidden = section.fields[fi].isHidden
                    let isDisabled = section.fields[fi].isDisabled || formDisabled
                    let list = ruleList[ordinal]
                    guard list >= 0 else {
                        hiddenCodes[ordinal] = Self.levelCode(startsSo: isHidden, &shownCode, &printed,
                                                               Formula.all([sectionVisible, pageVisible]).negation)
                        disabledCodes[ordinal] = Self.levelCode(startsSo: isDisabled, &enabledCode, &printed,
                                                                Formula.all([sectionEnabled, pageEnabled]).negation)
                        continue
                    }
                    let rules = fieldRules[Int(list)]
                    let visible = Formula.all([
                        states.fold(initial: !isHidden, rules: rules, effect: RuleStates.visibility),
                        sectionVisible, pageVisible,
                    ])
                    let enabled = Formula.all([
                        states.fold(initial: !isDisabled, rules: rules, effect: RuleStates.enabling),
                        sectionEnabled, pageEnabled,
                    ])
                    hiddenCodes[ordinal] = printed.code(visible.negation)
                    disabledCodes[ordinal] = printed.code(enabled.negation)
                }
            }
        }
    }

    /// The indexes of the rules the row schema can carry; the others are reported as losses (a target
    /// not in the form, a condition no predicate says) and left out of every row's state. A kept rule
    /// aimed at a field is listed, by its place among the kept, in the field's list of `fieldRules`
    /// (`ruleList` at the field's ordinal gives the list, made for the field's first rule).
    private func keptRules(_ allRules: [Rule], target: String, ruleList: inout [Int32], fieldRules: inout [[Int]],
                           diagnostics: inout Diagnostics) -> [Int] {
        var kept: [Int] = []
        for ri in allRules.indices {
            let rule = allRules[ri]
            let row: Int?
            switch rule.target {
            case .field(let id): row = firstOrdinal.ordinal(of: id)
            case .section(let id): row = firstRow { $0.section == id }
            case .page(let id): row = firstRow { $0.page == id }
            case .form: row = canonical.isEmpty ? nil : 0
            }
            guard let row else {
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
            if case .field = rule.target {
                if ruleList[row] < 0 {
                    ruleList[row] = Int32(fieldRules.count)
                    fieldRules.append([])
                }
                fieldRules[Int(ruleList[row])].append(kept.count)
            }
            kept.append(ri)
        }
        return kept
    }

    /// The codes of the row properties already printed, by formula: rows that share a state (every
    /// row of a section hidden by the same rules) print its predicate once.
    private struct Printed {
        let rules: [Rule]
        var codes: [Formula: Code] = [:]
        var predicates: [String] = []

        mutating func code(_ formula: Formula) -> Code {
            switch formula {
            case .constant(false): return RowSchemaStates.none
            case .constant(true): return RowSchemaStates.always
            default: break
            }
            if let known = codes[formula] { return known }
            let new = RowSchemaStates.firstPredicate + Code(predicates.count)
            predicates.append(RowSchemaStates.predicate(formula, rules: rules))
            codes[formula] = new
            return new
        }
    }

    /// The predicate for a formula that is not a constant (when the row is hidden, or disabled); one
    /// rule's condition keeps the row-schema text it was read with.
    private static func predicate(_ formula: Formula, rules: [Rule]) -> String {
        if case .atom(let i) = formula, let source = rules[i].source, source.dialect == .rowPredicate {
            return source.text
        }
        let e = formula.expression { rules[$0].condition ?? .literal(.bool(true)) }
        return Expressions.Predicate.print(e, dialect: .rowPredicate)
    }

    private func state(_ code: Code) -> State? {
        switch code {
        case Self.none: nil
        case Self.always: .always
        default: .predicate(predicates[Int(code - Self.firstPredicate)])
        }
    }

    /// The row's `hidden` value; `nil` when nothing hides it.
    func hidden(_ ordinal: Int) -> State? { state(hiddenCodes[ordinal]) }
    /// The row's `disabled` value; `nil` when nothing disables it.
    func disabled(_ ordinal: Int) -> State? { state(disabledCodes[ordinal]) }
    /// `true` when an earlier field has the same id as the field at `ordinal`.
    func repeatsAnID(_ ordinal: Int) -> Bool { canonical[ordinal] != ordinal }
    /// How many fields the form has.
    var rowCount: Int { canonical.count }
    /// `true` when the form has a field with `id`.
    func hasField(_ id: String) -> Bool { firstOrdinal.ordinal(of: id) != nil }

    /// The first row of the sections `matching` accepts, `nil` when they hold none.
    private func firstRow(matching: (SectionSpan) -> Bool) -> Int? {
        var ordinal = 0
        for span in sections {
            if matching(span), span.rows > 0 { return ordinal }
            ordinal += span.rows
        }
        return nil
    }
}
