/// Walks a form and lists every feature it uses, with the IR path and source location of each use.
enum FeatureScan {
    /// `including` filters features before their description is built.
    static func uses(in form: Form, including wanted: (Feature) -> Bool = { _ in true }) -> [FeatureUse] {
        withoutActuallyEscaping(wanted) { wanted in
            var walk = FeatureWalk(sink: FeatureUseList(wanted: wanted))
            walk.form(form)
            return walk.sink.uses
        }
    }

    /// Every extension key in the form whose namespace (`mmxml.`, `xlform.`, …) is not in `keep`.
    static func foreignExtensions(in form: Form, keeping keep: Set<String>) -> [FeatureUse] {
        var out: [FeatureUse] = []
        forEachForeignExtension(in: form, keeping: keep) { key, _, _, place, loc in
            out.append(FeatureUse(feature: .foreignExtension, path: place.path, location: loc, detail: key))
        }
        return out
    }

    /// Calls `body` with each extension key whose namespace is not in `keep`, its node's place and
    /// location, in document order (form, pages, sections, fields, then rules; keys sorted per node), with
    /// the key's namespace (`namespace(of:)`).
    static func forEachForeignExtension(in form: Form, keeping keep: Set<String>, _ body: ForeignExtensionWalk.Body) {
        let walk = ForeignExtensionWalk(keeping: keep)
        walk.form(form, body)
        for pi in form.pages.indices { walk.page(form.pages[pi], index: pi, body) }
        walk.rules(form.rules, body)
    }

    /// The rules whose target or condition names nothing in the form (`relationship.unresolved`), by
    /// index, with the first such name.
    static func unresolvedRules(in form: Form) -> [(index: Int, name: String)] {
        guard !form.rules.isEmpty else { return [] }
        let known = knownNames(form)
        return form.rules.indices.compactMap { i in unresolvedName(in: form.rules[i], known: known).map { (i, $0) } }
    }

    /// What a `relationship.unresolved` loss says of `rule`, whose `name` names nothing.
    static func unresolvedDetail(_ rule: Rule, _ name: String) -> String {
        "relationship on \(rule.target), whose '\(name)' names nothing in the form; it is left out (MM XML and the IR keep it as written)"
    }

    /// The form's field, section and page ids.
    /// Read in place and inserted into sets made with room for them (no list of sections or ids made).
    static func knownNames(_ form: Form) -> (fields: Set<String>, sections: Set<String>, pages: Set<String>) {
        var fieldCount = 0, sectionCount = 0
        for pi in form.pages.indices {
            sectionCount += form.pages[pi].sections.count
            for si in form.pages[pi].sections.indices { fieldCount += form.pages[pi].sections[si].fields.count }
        }
        var fields = Set<String>(minimumCapacity: fieldCount), sections = Set<String>(minimumCapacity: sectionCount)
        var pages = Set<String>(minimumCapacity: form.pages.count)
        for pi in form.pages.indices {
            if let id = form.pages[pi].id { pages.insert(id) }
            for si in form.pages[pi].sections.indices {
                if let id = form.pages[pi].sections[si].id { sections.insert(id) }
                for fi in form.pages[pi].sections[si].fields.indices { fields.insert(form.pages[pi].sections[si].fields[fi].id) }
            }
        }
        return (fields, sections, pages)
    }

    /// The first name `rule`'s target or condition gives that names no node of that kind.
    static func unresolvedName(in rule: Rule, known: (fields: Set<String>, sections: Set<String>, pages: Set<String>)) -> String? {
        switch rule.target {
        case .field(let id) where !known.fields.contains(id): return id
        case .section(let id) where !known.sections.contains(id): return id
        case .page(let id) where !known.pages.contains(id): return id
        default: break
        }
        guard let condition = rule.condition else { return nil }
        return firstUnknownField(in: condition, known: known.fields)
    }

    /// The first field id `e` reads (in `Expression.referencedFields`'s order) that `known` lacks,
    /// found without a list of the ids.
    private static func firstUnknownField(in e: Expression, known: Set<String>) -> String? {
        switch e {
        case .field(let r): return known.contains(r.id) ? nil : r.id
        case .list(let xs), .and(let xs), .or(let xs):
            for i in xs.indices { if let name = firstUnknownField(in: xs[i], known: known) { return name } }
            return nil
        case .compare(let l, _, let r, _): return firstUnknownField(in: l, known: known) ?? firstUnknownField(in: r, known: known)
        case .not(let x): return firstUnknownField(in: x, known: known)
        case .literal, .selfValue: return nil
        }
    }

    /// The field a requirement group is first declared on (else its first field), so that a loss names
    /// the field; the form when it has neither.
    static func place(of group: RequirementGroup, in form: Form) -> FeaturePlace {
        for id in group.declaredOn + group.fields {
            for (pi, page) in form.pages.enumerated() {
                for (si, section) in page.sections.enumerated() where section.fields.contains(where: { $0.id == id }) {
                    return .field(page: pi, section: si, id: id)
                }
            }
        }
        return .form
    }

    /// What a loss says of a requirement group.
    static func detail(of group: RequirementGroup) -> String {
        "requirement that at least one of \(group.fields.joined(separator: ", ")) is answered (required=\"\(group.writtenSpelling)\"); each is optional there"
    }

    /// The first non-empty dot-separated part of `key` (`mmxml` of `mmxml.receipt`), or `key` itself
    /// when it has none. Found on the key's bytes, no list of its parts made.
    static func namespace(of key: String) -> String {
        let dot = UInt8(ascii: ".")
        let bytes = key.utf8
        guard let start = bytes.firstIndex(where: { $0 != dot }) else { return key }
        let end = bytes[start...].firstIndex(of: dot) ?? bytes.endIndex
        return String(key[start..<end])
    }
}

/// Receives what a `FeatureWalk` finds. The walk asks `wants` of a feature the form uses before it
/// builds any text, and hands over the use's words unwritten: the sink writes them where it keeps
/// them (a loss's message), so no string of them alone is made.
protocol FeatureSink {
    func wants(_ feature: Feature) -> Bool
    mutating func add<Detail: UseWords>(_ feature: Feature, _ place: FeaturePlace, _ location: SourceLocation?,
                                        _ detail: Detail)
}

/// What a feature use says (`label of 'city'`), written into a text that holds more: counted first
/// (`utf8Count`, to size that text once), then written (`write(to:)`), or kept as a loss keeps it
/// (`stored`) and written when the loss's message is read.
protocol UseWords {
    /// About as many UTF-8 bytes as `write(to:)` writes (the room made for them).
    var utf8Count: Int { get }
    /// Appends the words to `text`.
    func write<Out: TextOut>(to text: inout Out)
    /// The words as a loss keeps them, unwritten when they are not one string already.
    var stored: LossWords { get }
}

extension UseWords {
    /// The words alone, as a string.
    var text: String {
        var text = String()
        text.reserveCapacity(utf8Count)
        write(to: &text)
        return text
    }
}

extension String: UseWords {
    var utf8Count: Int { utf8.count }
    func write<Out: TextOut>(to text: inout Out) { text += self }
    var stored: LossWords { .text(self) }
}

/// Words of up to five pieces, written one after the other (`label of '`, a field's id, `'`): what
/// the walk says of a use is mostly set words around an id. The first three pieces are kept as they
/// are, the fourth and fifth in a list (empty, so no allocation, when they are).
struct Words: UseWords, Sendable {
    let a: String, b: String, c: String
    let more: [String]

    init(_ a: String, _ b: String = "", _ c: String = "", _ d: String = "", _ e: String = "") {
        (self.a, self.b, self.c) = (a, b, c)
        more = d.isEmpty && e.isEmpty ? [] : [d, e]
    }

    var utf8Count: Int {
        var n = a.utf8.count + b.utf8.count + c.utf8.count
        for i in more.indices { n += more[i].utf8.count }
        return n
    }

    func write<Out: TextOut>(to text: inout Out) {
        text += a
        if !b.isEmpty { text += b }
        if !c.isEmpty { text += c }
        for i in more.indices where !more[i].isEmpty { text += more[i] }
    }

    var stored: LossWords { .words(self) }
}

/// What a `structure.pages` use says of the page `name` holding `sections` (by name), unwritten: the
/// first page (`previous` nil) that it and the `after` pages after it are one long page, each later one
/// that its sections follow those of the page `previous`.
struct PageBreakWords: UseWords, Sendable {
    let name: String, sections: [String], previous: String?, after: Int

    var utf8Count: Int {
        var n = 100 + name.utf8.count + (previous?.utf8.count ?? 0)
        for i in sections.indices { n += sections[i].utf8.count + 6 }
        return n
    }

    var stored: LossWords { .pageBreak(self) }

    func write<Out: TextOut>(to text: inout Out) {
        if let previous {
            text += "page break before page '"
            text += name
            text += "' ("
            writeSections(to: &text)
            text += sections.count == 1 ? " follows those of page '" : " follow those of page '"
            text += previous
            text += "' on one long page)"
        } else {
            text += "pages (page '"
            text += name
            text += "' and the "
            text += String(after)
            text += " after it are one long page, "
            writeSections(to: &text)
            text += " first)"
        }
    }

    /// `its sections 'a' and 'b'`, `its section 'a'`, `it holds no section`.
    private func writeSections<Out: TextOut>(to text: inout Out) {
        guard !sections.isEmpty else {
            text += "it holds no section"
            return
        }
        text += sections.count == 1 ? "its section " : "its sections "
        for i in sections.indices {
            if i > 0 { text += i == sections.count - 1 ? " and " : ", " }
            text += "'"
            text += sections[i]
            text += "'"
        }
    }
}

/// Collects uses into `FeatureUse` values (`FeatureScan.uses`).
private struct FeatureUseList: FeatureSink {
    let wanted: (Feature) -> Bool
    var uses: [FeatureUse] = []
    func wants(_ feature: Feature) -> Bool { wanted(feature) }
    mutating func add<Detail: UseWords>(_ feature: Feature, _ place: FeaturePlace, _ location: SourceLocation?,
                                        _ detail: Detail) {
        uses.append(FeatureUse(feature: feature, path: place.path, location: location, detail: detail.text))
    }
}

/// The walk behind `FeatureScan` and `LossCheck`: every feature use of a form in document order
/// (form, pages, sections, fields, then rules), handed to a sink.
struct FeatureWalk<Sink: FeatureSink> {
    var sink: Sink
    /// The form's field, section and page ids, for `relationship.unresolved` (set by `form(_:)`).
    var known: (fields: Set<String>, sections: Set<String>, pages: Set<String>)?
    /// What a node's texts lose of their translations, made for the locale whose texts the target
    /// writes when it writes one language (`EmitOptions.locale`, or the emitter's fallback; `nil`: each
    /// text's default, `LocalizedText.defaultText`): one value for the walk, reset for each node.
    var lost: LostTranslations
    /// What the rules act on, for the words of their losses: made for the first rule the sink wants
    /// a use of, so a target that writes every rule's effects never makes it.
    var ruleTargets: RuleTargets?
    /// `sink.wants` of each feature, by `Feature.ordinal`: asked once per walk, so that a test of a
    /// feature is a load, not a `Set` lookup.
    private let wanted: [Bool]
    /// Whether the sink wants any feature of a field's part: a part none of whose features is wanted
    /// is not read (a `Sparse` part's read copies it out of its side allocation).
    let wantsAppBinding: Bool, wantsValidation: Bool, wantsLayout: Bool, wantsStyle: Bool, wantsAction: Bool,
        wantsSubmission: Bool, wantsTexts: Bool

    init(sink: Sink, locale: String? = nil) {
        self.sink = sink
        lost = LostTranslations(locale: locale)
        let wanted = Feature.allCases.map { sink.wants($0) }
        self.wanted = wanted
        func any(_ features: [Feature]) -> Bool { features.contains { wanted[$0.ordinal] } }
        wantsAppBinding = any([.appOptions, .appLabel, .appEnabled, .appProperty, .appCellClass])
        wantsValidation = any([.required, .length, .valueRange, .pattern, .patternMessage, .namedValidator,
                               .predicateValidation, .comparison, .dateRestriction, .dateBounds, .requiredValue,
                               .selectionCount])
        wantsLayout = any([.position, .size, .columns, .bleeds, .lines, .buttonPosition])
        wantsStyle = any([.colors, .textSize, .alignment, .keyboard, .cssClass])
        wantsAction = any([.actionNotify, .actionLinksTo, .actionSumItems, .actionNavigate, .actionSubmit,
                           .actionOpenURL, .actionTargetAction, .actionClient])
        wantsTexts = any([.label, .detailLabel, .inlineLabel, .placeholder, .missingMessage, .bodyText, .emptyText,
                          .selectorTitle, .localization])
        wantsSubmission = any([.submitKey, .submitPolicy, .dateEncoding, .submitPrefix, .submitsValue, .partClone,
                               .overrides, .countryCode, .fieldHiddenValue])
    }

    /// Whether the sink wants uses of `feature` (`FeatureSink.wants`, asked once per walk).
    func wants(_ feature: Feature) -> Bool { wanted[feature.ordinal] }

    mutating func form(_ form: Form) {
        if wants(.ruleUnresolved), !form.rules.isEmpty { known = FeatureScan.knownNames(form) }
        formLevel(form)
        for pi in form.pages.indices {
            page(form.pages[pi], pi)
        }
        if wants(.pages) { pageBreaks(form) }
        rules(of: form)
    }

    /// The form's own uses, which come first.
    mutating func formLevel(_ form: Form) {
        if wants(.formTitle), form.title != nil { sink.add(.formTitle, .form, form.location, "form title") }
        if wants(.formDisabled), form.isDisabled { sink.add(.formDisabled, .form, form.location, "form disabled") }
        if wants(.formLayout), !form.layout.isEmpty {
            sink.add(.formLayout, .form, form.location, "page width and margins")
        }
        if wants(.formColors), form.requiredItemColor != nil || form.optionalItemColor != nil {
            sink.add(.formColors, .form, form.location, "colours of required and optional items")
        }
        if wants(.validationGroups), !form.validationGroups.isEmpty {
            sink.add(.validationGroups, .form, form.location, "validation groups")
        }
        if wants(.requirementGroup), !form.requirementGroups.isEmpty {
            for g in form.requirementGroups { sink.add(.requirementGroup, FeatureScan.place(of: g, in: form), g.location, FeatureScan.detail(of: g)) }
        }
        if wants(.localization), form.title != nil {
            lost.reset()
            lost.add(.title, form.title)
            if !lost.isEmpty { sink.add(.localization, .form, form.location, lost.detail(of: Words("the form"))) }
        }
    }

    /// A target without pages shows every page's sections on one long page: one `structure.pages` use
    /// per page of a form with more than one, naming the sections that lose their page.
    mutating func pageBreaks(_ form: Form) {
        var explicit = 0
        for pi in form.pages.indices where !form.pages[pi].isImplicit { explicit += 1 }
        guard explicit > 1 else { return }
        var previous: String?
        for pi in form.pages.indices where !form.pages[pi].isImplicit {
            let name = ContainerName.page(form.pages[pi], at: pi)
            let sections = form.pages[pi].sections.indices.map {
                ContainerName.section(form.pages[pi].sections[$0], at: $0, onPage: name)
            }
            sink.add(.pages, .page(pi), form.pages[pi].location ?? form.location,
                     PageBreakWords(name: name, sections: sections, previous: previous, after: explicit - 1))
            previous = name
        }
    }

    mutating func rules(of form: Form) {
        for ri in form.rules.indices { rule(form.rules[ri], ri, in: form) }
    }

    mutating func page(_ page: Page, _ pi: Int) {
        if wants(.pageTitle), page.title != nil { sink.add(.pageTitle, .page(pi), page.location, "page title") }
        if wants(.localization), page.title != nil {
            lost.reset()
            lost.add(.title, page.title)
            if !lost.isEmpty {
                sink.add(.localization, .page(pi), page.location, lost.detail(of: Words("page '", ContainerName.page(page, at: pi), "'")))
            }
        }
        if wants(.formColors), let c = page.backgroundColor {
            sink.add(.formColors, .page(pi), page.location, "background colour \(c) of page \(page.id ?? String(pi))")
        }
        if wants(.hiddenPage), page.isHidden {
            sink.add(.hiddenPage, .page(pi), page.location, "page \(page.id ?? String(pi)) hidden")
        }
        for si in page.sections.indices {
            section(page, pi, si)
            // By index, each field read in place (`field(_:_:_:)`); its place holds only the indices and
            // the id, from which the sink builds the path and subject of what it reports.
            let fields = page.sections[si].fields
            for fi in fields.indices { field(fields, fi, .field(page: pi, section: si, id: fields[fi].id)) }
        }
    }

    /// A section's own uses, read in place (`page.sections[si]`), which come before its fields'.
    private mutating func section(_ page: Page, _ pi: Int, _ si: Int) {
        let sp = FeaturePlace.section(page: pi, si)
        let section = page.sections[si]
        if wants(.sectionTitle), section.title != nil { sink.add(.sectionTitle, sp, section.location, "section title") }
        if wants(.localization), section.title != nil || section.footer != nil {
            lost.reset()
            lost.add(.title, section.title)
            lost.add(.footer, section.footer)
            if !lost.isEmpty {
                let name = ContainerName.section(section, at: si, onPage: ContainerName.page(page, at: pi))
                sink.add(.localization, sp, section.location, lost.detail(of: Words("group '", name, "'")))
            }
        }
        if wants(.sectionFooter), section.footer != nil {
            sink.add(.sectionFooter, sp, section.location, "section footer")
        }
        if wants(.hiddenSection), section.isHidden {
            sink.add(.hiddenSection, sp, section.location, "section \(section.id ?? String(si)) hidden")
        }
        if wants(.dynamicSection), section.dynamic != nil {
            sink.add(.dynamicSection, sp, section.location, "dynamic section")
        }
        if wants(.sectionStyle), !section.style.isEmpty { sink.add(.sectionStyle, sp, section.location, "section style") }
        if wantsAppBinding, !section.appBinding.isEmpty { appBinding(section.appBinding, sp, section.location) }
    }

    private mutating func rule(_ rule: Rule, _ ri: Int, in form: Form) {
        let loc = rule.location
        if wants(.ruleUnconditional), rule.condition == nil {
            sink.add(.ruleUnconditional, .rule(ri), loc, "relationship on \(rule.target) without a condition")
        }
        if let known, let name = FeatureScan.unresolvedName(in: rule, known: known) {
            sink.add(.ruleUnresolved, .rule(ri), loc, FeatureScan.unresolvedDetail(rule, name))
        }
        // One use per feature per rule: `show` in `then` and `hide` in `otherwise` are one show/hide.
        // The rule features are declared one after the other: one bit each, from `ruleShowHideField`'s.
        var seen: UInt32 = 0
        for holds in [true, false] {
            let effects = holds ? rule.then : rule.otherwise
            for ei in effects.indices {
                let effect = effects[ei]
                let f: Feature
                switch effect {
                case .show, .hide:
                    switch rule.target {
                    case .field: f = .ruleShowHideField
                    case .section: f = .ruleShowHideSection
                    case .page, .form: f = .ruleShowHidePage
                    }
                case .enable, .disable: f = .ruleEnableDisable
                case .evaluate: f = .ruleEvaluate
                case .copy: f = .ruleCopy
                case .setOptions: f = .ruleSetOptions
                case .submission: f = .ruleSubmission
                case .setText: f = .ruleSetText
                case .setChecked: f = .ruleSetChecked
                case .setProperty(let name, _): f = name.lowercased() == "required" ? .ruleRequired : .ruleSetProperty
                }
                let bit: UInt32 = 1 << UInt32(f.ordinal - Feature.ruleShowHideField.ordinal)
                guard wants(f), seen & bit == 0 else { continue }
                seen |= bit
                if ruleTargets == nil { ruleTargets = RuleTargets(form) }
                sink.add(f, .rule(ri), loc, ruleTargets!.words(effect, of: rule, holds: holds))
            }
        }
    }
}
