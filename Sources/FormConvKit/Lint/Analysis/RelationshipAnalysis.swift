import FormIR

/// Who can be shown, hidden and submitted under which conditions, read from the form's relationships
/// (show/hide, skip/submit/force) and the initial `isHidden`, `skipSubmit` and `forceSubmit` of items,
/// groups and pages. Pure: it reads the IR and answers with values.
///
/// The model follows the MM language document: an item submits when it is shown and not skipped, or
/// hidden and forced; `<skip>` sets skipSubmit and clears forceSubmit, `<force>` the reverse, `<submit>`
/// clears skipSubmit. A property keeps the value of the relationship that set it last (see
/// `StateWay.ways`); required items the user always sees must be set before submitting, so the
/// relationships they drive have run.
struct RelationshipAnalysis: Sendable {
    let form: Form
    /// The relationships that can fire, by what they act on, in document order.
    let rulesByTarget: [RuleTarget: [Rule]]
    let settled: Set<String>
    /// Each page's ways, and each section's with those of a plain item in it (`ContainerWays`).
    private(set) var pageWays: [ContainerWays] = []
    private(set) var sectionWays: [[ContainerWays]] = []
    /// Past this many ways for one item the analysis answers "undecided" rather than grow further.
    static let wayLimit = 32

    init(_ form: Form) {
        self.form = form
        var byTarget: [RuleTarget: [Rule]] = [:]
        // A condition that did not parse never evaluates, so its relationship never fires
        // (`condition-syntax` reports it); one without any condition always applies.
        for r in form.rules where !(r.condition == nil && r.source != nil) { byTarget[r.target, default: []].append(r) }
        rulesByTarget = byTarget
        // Required items the user always sees (never hidden, no show/hide on them or their containers)
        // must be set before submitting.
        func toggled(_ t: RuleTarget?) -> Bool {
            t.map { byTarget[$0]?.contains { $0.eitherBranchContains { $0 == .show || $0 == .hide } } ?? false } ?? false
        }
        var required = Set<String>()
        // Pages, sections and fields read in place, by index: no copy of each.
        for p in form.pages.indices where !form.pages[p].isHidden && !toggled(form.pages[p].id.map(RuleTarget.page)) {
            let sections = form.pages[p].sections
            for s in sections.indices where !sections[s].isHidden && !toggled(sections[s].id.map(RuleTarget.section)) {
                let fields = sections[s].fields
                for f in fields.indices where fields[f].validation.required && !fields[f].isHidden && !toggled(.field(fields[f].id)) {
                    required.insert(fields[f].id)
                }
            }
        }
        settled = required
        pageWays = form.pages.map { p in containerWays(p.id.map(RuleTarget.page), isHidden: p.isHidden) }
        sectionWays = form.pages.indices.map { pi in
            form.pages[pi].sections.map { s in
                var ways = containerWays(s.id.map(RuleTarget.section), isHidden: s.isHidden)
                ways.withPage(pageWays[pi])
                return ways
            }
        }
    }

    /// The ways a page or section (alone) ends shown and hidden; for a section, also the ways an item
    /// in it that no relationship shows or hides, and not hidden itself, is shown (and hidden): all
    /// the items of a section share them, so they are worked out once per form.
    struct ContainerWays: Sendable {
        var shown: [StateWay]
        var hidden: [StateWay]
        /// For a section: the ways a plain item in it is shown, with its page's ways.
        var itemShown: [StateWay] = []
        /// For a section: whether a plain item in it can be shown.
        var itemCanBeShown = false
        /// For a section: the ways a plain item in it is hidden, by its section or its page.
        var itemHidden: [StateWay] = []

        /// Fills in the plain item's ways from the section's own and `page`'s. A plain item alone is
        /// shown always (`[StateWay(.always)]`, which leaves any way it is combined with unchanged) and
        /// never hidden (no way).
        mutating func withPage(_ page: ContainerWays) {
            itemShown = RelationshipAnalysis.capped(StateWay.product(RelationshipAnalysis.capped(shown), page.shown))
            itemCanBeShown = itemShown.contains { $0.satisfiability != .unsatisfiable }
            itemHidden = RelationshipAnalysis.capped(hidden + page.hidden)
        }
    }

    private func containerWays(_ target: RuleTarget?, isHidden: Bool) -> ContainerWays {
        ContainerWays(shown: ways(target, visible: true, initiallyHidden: isHidden),
                      hidden: ways(target, visible: false, initiallyHidden: isHidden))
    }

    /// Whether the item starts shown and no relationship shows or hides it: its section's and page's
    /// ways alone decide whether it is shown.
    private func isPlain(_ e: LintChecks.FieldEntry) -> Bool {
        !form[e].isHidden && !(rulesByTarget[.field(form[e].id)] ?? []).contains { r in
            r.then.contains { $0 == .show || $0 == .hide } || r.otherwise.contains { $0 == .show || $0 == .hide }
        }
    }

    // MARK: Visibility

    /// The relationships that show or hide `target`, as `visible` values of each branch.
    func visibilityEffects(_ target: RuleTarget) -> [PropertyEffect] {
        func visible(_ effects: [Effect]) -> Bool? {
            effects.last { $0 == .show || $0 == .hide }.map { $0 == .show }
        }
        return (rulesByTarget[target] ?? []).compactMap { r in
            let e = PropertyEffect(rule: r, then: visible(r.then), otherwise: visible(r.otherwise))
            return e.then == nil && e.otherwise == nil ? nil : e
        }
    }

    /// The ways `target` alone (not its containers) ends shown (`visible`) or hidden.
    func ways(_ target: RuleTarget?, visible: Bool, initiallyHidden: Bool) -> [StateWay] {
        guard let target else { return initiallyHidden != visible ? [StateWay(.always)] : [] }
        return StateWay.ways(toReach: visible, initial: !initiallyHidden, effects: visibilityEffects(target),
                             settled: settled, property: "'\(Self.name(target))' stays \(visible ? "shown" : "hidden")")
    }

    /// The ways an item is shown: it, its group and its page are all shown.
    func shownWays(_ e: LintChecks.FieldEntry) -> [StateWay] {
        let section = sectionWays[e.page][e.section]
        if isPlain(e) { return section.itemShown }
        let out = ways(.field(form[e].id), visible: true, initiallyHidden: form[e].isHidden)
        return Self.capped(StateWay.product(Self.capped(StateWay.product(out, section.shown)), pageWays[e.page].shown))
    }

    /// The ways an item is hidden: it, its group or its page is hidden.
    func hiddenWays(_ e: LintChecks.FieldEntry) -> [StateWay] {
        let section = sectionWays[e.page][e.section]
        if isPlain(e) { return section.itemHidden }
        return Self.capped(ways(.field(form[e].id), visible: false, initiallyHidden: form[e].isHidden)
            + section.hidden + pageWays[e.page].hidden)
    }

    /// Whether some relationship (or the initial state) can show the item.
    func canBeShown(_ e: LintChecks.FieldEntry) -> Bool {
        if isPlain(e) { return sectionWays[e.page][e.section].itemCanBeShown }
        return shownWays(e).contains { $0.satisfiability != .unsatisfiable }
    }

    /// The relationships that would show the item, its group or its page: when the item can never be
    /// shown, none of them ever takes effect.
    func showingRules(_ e: LintChecks.FieldEntry) -> [Rule] {
        let (page, section) = containers(e)
        let targets = [RuleTarget.field(form[e].id)] + [section.target, page.target].compactMap { $0 }
        return targets.flatMap { t in visibilityEffects(t).filter { $0.then == true || $0.otherwise == true }.map(\.rule) }
    }

    // MARK: Submission

    /// The ways the item's skipSubmit (`skip: true`) or forceSubmit (`skip: false`) flag ends `value`.
    func flagWays(_ e: LintChecks.FieldEntry, skip: Bool, value: Bool) -> [StateWay] {
        let effects = flagEffects(.field(form[e].id), skip: skip)
        let initial = skip ? form[e].submission.skip : form[e].submission.force
        return StateWay.ways(toReach: value, initial: initial, effects: effects, settled: settled,
                             property: "'\(form[e].id)' stays " + (skip ? (value ? "skipped" : "submitted when shown")
                                                                    : (value ? "force-submitted" : "not force-submitted")))
    }

    /// The relationships that set `target`'s skipSubmit (`skip: true`) or forceSubmit flag, as the value
    /// each branch leaves it at: `<skip>` sets skipSubmit and clears forceSubmit, `<force>` the reverse,
    /// `<submit>` clears skipSubmit.
    func flagEffects(_ target: RuleTarget, skip: Bool) -> [PropertyEffect] {
        func flag(_ effects: [Effect]) -> Bool? {
            var result: Bool?
            for case .submission(let p) in effects {
                switch p {
                case .skip: result = skip
                case .force: result = !skip
                case .submit: if skip { result = false }
                }
            }
            return result
        }
        return (rulesByTarget[target] ?? []).compactMap { r -> PropertyEffect? in
            let pe = PropertyEffect(rule: r, then: flag(r.then), otherwise: flag(r.otherwise))
            return pe.then == nil && pe.otherwise == nil ? nil : pe
        }
    }

    /// The ways the item submits its value: shown and not skipped, or hidden and forced.
    func submitWays(_ e: LintChecks.FieldEntry) -> [StateWay] {
        // Kinds that never submit (labels, a checkbox with submitsValue="NO") stay out whatever the flags.
        var probe = form[e]
        probe.submission.skip = false
        guard SubmissionModel.isSubmitted(probe, hidden: false) else { return [] }
        let shown = StateWay.product(shownWays(e), flagWays(e, skip: true, value: false))
        return Self.capped(shown + forcedHiddenWays(e))
    }

    /// The ways the item is hidden and still submits (forceSubmit).
    func forcedHiddenWays(_ e: LintChecks.FieldEntry) -> [StateWay] {
        Self.capped(StateWay.product(hiddenWays(e), flagWays(e, skip: false, value: true)))
    }

    /// Whether a relationship or a default gives the item a value without the user.
    func isFilledWithoutUser(_ f: Field) -> Bool {
        f.defaultValue != nil || isSetByRelationship(f.id)
    }

    /// Whether a relationship sets the item's value (`<copy>`, `<evaluate>`, `<text>`, `<check>`, a value
    /// property): it may then hold a value the user could not pick.
    func isSetByRelationship(_ id: String) -> Bool {
        (rulesByTarget[.field(id)] ?? []).contains { r in
            r.eitherBranchContains { effect in
                switch effect {
                case .evaluate, .copy, .setText, .setChecked: return true
                case .setProperty(let name, _): return ["defaultvalue", "value", "text"].contains(name.lowercased())
                default: return false
                }
            }
        }
    }

    /// The options relationships give the item (`<option>`/`<tag>` lists in `<if>`/`<else>`), in order.
    func optionsSetByRelationships(_ id: String) -> [Option] {
        (rulesByTarget[.field(id)] ?? []).flatMap { r in
            (r.then + r.otherwise).flatMap { effect -> [Option] in
                if case .setOptions(let options) = effect { return options }
                return []
            }
        }
    }

    // MARK: Helpers

    /// What the item's page and section are as relationship targets (`nil` without an id), and whether
    /// each starts hidden: read in place, not copies of the page and section.
    private func containers(_ e: LintChecks.FieldEntry) -> (page: (target: RuleTarget?, isHidden: Bool),
                                                            section: (target: RuleTarget?, isHidden: Bool)) {
        ((form.pages[e.page].id.map(RuleTarget.page), form.pages[e.page].isHidden),
         (form.pages[e.page].sections[e.section].id.map(RuleTarget.section), form.pages[e.page].sections[e.section].isHidden))
    }

    static func name(_ t: RuleTarget) -> String {
        switch t {
        case .field(let id), .section(let id), .page(let id): id
        case .form: "form"
        }
    }

    static func capped(_ ways: [StateWay]) -> [StateWay] {
        guard ways.count > wayLimit else { return ways }
        return [StateWay(.tooLarge, caveats: ways.flatMap(\.caveats).prefix(1).map { $0 })]
    }
}

extension Rule {
    /// Whether the `if` or the `else` branch has an effect matching `predicate`: the branches are
    /// searched where they are, not joined into a new list.
    func eitherBranchContains(_ predicate: (Effect) -> Bool) -> Bool {
        then.contains(where: predicate) || otherwise.contains(where: predicate)
    }
}
