import FormIR

/// What the relationships do to each field, as formulas over their conditions: whether the field is
/// visible, skipped or forced (so whether it submits), and which option set it shows. Rules are folded
/// in document order: a rule whose condition holds applies its `then` effects, otherwise its `else`
/// effects; a side without an effect of the kind keeps the state the earlier rules left.
package struct RuleStates: Sendable {
    package let form: Form

    /// For each rule used in conditionals, the earlier rule with the same condition (or its negation),
    /// so equal conditions are one atom and complementary ones share an `if`/`else`; by rule index,
    /// `nil` for the rule's own atom.
    private let canonical: [Formula?]
    /// Rule indexes per target, in document order.
    private let byTarget: [RuleTarget: [Int]]
    /// When each section and page that rules act on is visible, from either initial state, folded once
    /// for all the fields it holds (a page's own rules, then the form's); `.form` for a page no rule
    /// names, which only the form's rules change.
    private var containers: [RuleTarget: Levels] = [:]

    /// A container's visibility when it starts shown and when it starts hidden.
    private struct Levels: Sendable {
        var shown: Formula
        var hidden: Formula
        subscript(hidden hidden: Bool) -> Formula { hidden ? self.hidden : shown }
    }

    package init(form: Form) {
        self.form = form
        var byTarget: [RuleTarget: [Int]] = [:]
        for i in form.rules.indices { byTarget[form.rules[i].target, default: []].append(i) }
        self.byTarget = byTarget
        // The first rule with each condition, and by the negation of each (`canonicalConditions`):
        // hashed lookups, where comparing every rule with every earlier one was quadratic (3,000
        // relationships: 7 s).
        let canonical = Self.canonicalConditions(of: form.rules, conditional: Self.conditionalRules(of: form))
        self.canonical = canonical
        let formRules = byTarget[.form] ?? []
        var containers: [RuleTarget: Levels] = [:]
        for (target, rules) in byTarget {
            let folded: [Int]
            switch target {
            case .field: continue
            case .section, .form: folded = rules
            case .page: folded = rules + formRules
            }
            containers[target] = Levels(shown: fold(initial: true, rules: folded, effect: Self.visibility),
                                        hidden: fold(initial: false, rules: folded, effect: Self.visibility))
        }
        self.containers = containers
    }

    /// When a section or page (`.form`: a page no rule names) that starts `hidden` is visible.
    func containerVisible(_ target: RuleTarget, hidden: Bool) -> Formula {
        if containers.isEmpty { return .constant(!hidden) }
        if case .page = target, let levels = containers[target] ?? containers[.form] { return levels[hidden: hidden] }
        return containers[target]?[hidden: hidden] ?? .constant(!hidden)
    }

    /// The formula of rule `i`'s condition (`true` for an unconditional rule).
    package func condition(_ i: Int) -> Formula {
        form.rules[i].condition == nil ? .true : canonical[i] ?? .atom(i)
    }

    /// When a field is shown, skipped and forced, as formulas.
    package struct Submitting: Equatable {
        package var visible: Formula
        package var skip: Formula
        package var force: Formula
        /// When the key is sent: visible and not skipped, or hidden and forced.
        package var submitted: Formula { .any([.all([visible, skip.negation]), .all([visible.negation, force])]) }
        /// When the legacy app validates the item before sending it: visible and not skipped.
        package var validated: Formula { .all([visible, skip.negation]) }
    }

    /// When `field` (in `section` of `page`) is shown, skipped and forced, in any state the rules can reach.
    package func submitting(_ field: Field, section: Section, page: Page) -> Submitting {
        let targets = rules(for: .field(field.id))
        let visible = Formula.all([
            fold(initial: !field.isHidden, rules: targets, effect: Self.visibility),
            section.id.map { containerVisible(.section($0), hidden: section.isHidden) } ?? .constant(!section.isHidden),
            containerVisible(page.id.map { .page($0) } ?? .form, hidden: page.isHidden),
        ])
        let submission = field.submission
        let skip = fold(initial: submission.skip, rules: targets) { e in
            if case .submission(let p) = e { return p == .skip }
            return nil
        }
        let force = fold(initial: submission.force, rules: targets) { e in
            if case .submission(let p) = e { return p == .skip ? false : (p == .force ? true : nil) }
            return nil
        }
        return Submitting(visible: visible, skip: skip, force: force)
    }

    /// The option sets `field` shows, each with the formula of when it shows; one case with `true`
    /// when no rule changes them.
    package func optionCases(_ field: Field) -> [(options: [Option], when: Formula)] {
        var cases: [(options: [Option], when: Formula)] = [(field.options, .true)]
        for i in rules(for: .field(field.id)) {
            let r = form.rules[i]
            let thenSet = Self.options(in: r.then), elseSet = Self.options(in: r.otherwise)
            guard thenSet != nil || elseSet != nil else { continue }
            let c = condition(i)
            var next: [(options: [Option], when: Formula)] = []
            func add(_ o: [Option], _ f: Formula) {
                if f == .false { return }
                if let k = next.firstIndex(where: { $0.options == o }) { next[k].when = .any([next[k].when, f]) }
                else { next.append((o, f)) }
            }
            if let thenSet { add(thenSet, c) }
            for old in cases where thenSet == nil { add(old.options, .all([old.when, c])) }
            if let elseSet { add(elseSet, c.negation) }
            for old in cases where elseSet == nil { add(old.options, .all([old.when, c.negation])) }
            cases = next
        }
        return cases
    }

    /// Indexes of the rules aimed at `target`, in document order.
    package func rules(for target: RuleTarget) -> [Int] { byTarget[target] ?? [] }

    /// Indexes of the rules whose effects this emitter turns into conditionals (show/hide, submission,
    /// option sets).
    package var conditionalRules: [Int] { Self.conditionalRules(of: form) }

    private static func conditionalRules(of form: Form) -> [Int] {
        func conditional(_ e: Effect) -> Bool {
            switch e {
            case .show, .hide, .submission, .setOptions: true
            default: false
            }
        }
        return form.rules.indices.filter { i in
            form.rules[i].then.contains(where: conditional) || form.rules[i].otherwise.contains(where: conditional)
        }
    }

    /// `initial`, changed by each of `rules` (in order) that has an effect `effect` maps to a state: the
    /// last such effect on the side the rule's condition picks.
    package func fold(initial: Bool, rules: [Int], effect: (Effect) -> Bool?) -> Formula {
        var state = Formula.constant(initial)
        for i in rules {
            let thenValue = Self.last(form.rules[i].then, effect), elseValue = Self.last(form.rules[i].otherwise, effect)
            guard thenValue != nil || elseValue != nil else { continue }
            state = .choose(condition(i), thenValue.map(Formula.constant) ?? state,
                            elseValue.map(Formula.constant) ?? state)
        }
        return state
    }

    /// The state the last of `effects` that `effect` maps to sets, or `nil`.
    private static func last(_ effects: [Effect], _ effect: (Effect) -> Bool?) -> Bool? {
        for e in effects.reversed() { if let v = effect(e) { return v } }
        return nil
    }

    package static func visibility(_ e: Effect) -> Bool? {
        switch e {
        case .show: true
        case .hide: false
        default: nil
        }
    }

    private static func options(in effects: [Effect]) -> [Option]? {
        effects.compactMap { e -> [Option]? in
            if case .setOptions(let o) = e { return o }
            return nil
        }.last
    }
}
