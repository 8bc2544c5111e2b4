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
        forEachForeignExtension(in: form, keeping: keep) { key, _, path, loc in
            out.append(FeatureUse(feature: .foreignExtension, path: path, location: loc, detail: key))
        }
        return out
    }

    /// Calls `body` with each extension key whose namespace is not in `keep`, its node's IR path and
    /// location, in document order (form, pages, sections, fields, then rules; keys sorted per node).
    static func forEachForeignExtension(in form: Form, keeping keep: Set<String>,
                                        _ body: (_ key: String, _ value: Value, _ path: String, _ location: SourceLocation?) -> Void) {
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
    static func knownNames(_ form: Form) -> (fields: Set<String>, sections: Set<String>, pages: Set<String>) {
        let sections = form.pages.flatMap(\.sections)
        return (Set(sections.flatMap { $0.fields.map(\.id) }), Set(sections.compactMap(\.id)), Set(form.pages.compactMap(\.id)))
    }

    /// The first name `rule`'s target or condition gives that names no node of that kind.
    static func unresolvedName(in rule: Rule, known: (fields: Set<String>, sections: Set<String>, pages: Set<String>)) -> String? {
        switch rule.target {
        case .field(let id) where !known.fields.contains(id): return id
        case .section(let id) where !known.sections.contains(id): return id
        case .page(let id) where !known.pages.contains(id): return id
        default: break
        }
        return rule.condition?.referencedFields.first { !known.fields.contains($0) }
    }

    /// The IR path of the field a requirement group is first declared on (else its first field), so
    /// that a loss names the field; `/` when the form has neither.
    static func path(of group: RequirementGroup, in form: Form) -> String {
        for id in group.declaredOn + group.fields {
            for (pi, page) in form.pages.enumerated() {
                for (si, section) in page.sections.enumerated() where section.fields.contains(where: { $0.id == id }) {
                    return "/pages/\(pi)/sections/\(si)/fields/\(id)"
                }
            }
        }
        return "/"
    }

    /// What a loss says of a requirement group.
    static func detail(of group: RequirementGroup) -> String {
        "requirement that at least one of \(group.fields.joined(separator: ", ")) is answered (required=\"\(group.writtenSpelling)\"); each is optional there"
    }

    /// The first non-empty dot-separated part of `key` (`mmxml` of `mmxml.receipt`), or `key` itself
    /// when it has none.
    static func namespace(of key: String) -> String {
        key.split(separator: ".").first.map(String.init) ?? key
    }
}

/// Receives what a `FeatureWalk` finds. The walk asks `wants` of a feature the form uses before it
/// builds any text.
protocol FeatureSink {
    func wants(_ feature: Feature) -> Bool
    mutating func add(_ feature: Feature, _ path: String, _ location: SourceLocation?, _ detail: String)
}

/// Collects uses into `FeatureUse` values (`FeatureScan.uses`).
private struct FeatureUseList: FeatureSink {
    let wanted: (Feature) -> Bool
    var uses: [FeatureUse] = []
    func wants(_ feature: Feature) -> Bool { wanted(feature) }
    mutating func add(_ feature: Feature, _ path: String, _ location: SourceLocation?, _ detail: String) {
        uses.append(FeatureUse(feature: feature, path: path, location: location, detail: detail))
    }
}

/// The walk behind `FeatureScan` and `LossCheck`: every feature use of a form in document order
/// (form, pages, sections, fields, then rules), handed to a sink.
struct FeatureWalk<Sink: FeatureSink> {
    var sink: Sink
    /// The form's field, section and page ids, for `relationship.unresolved` (set by `form(_:)`).
    var known: (fields: Set<String>, sections: Set<String>, pages: Set<String>)?
    /// The locale whose texts the target writes when it writes one language (`EmitOptions.locale`, or
    /// the emitter's fallback); `nil`: each text's default (`LocalizedText.defaultText`).
    var locale: String?
    /// What the rules act on, for the words of their losses (set by `form(_:)` when the form has rules).
    var ruleTargets: RuleTargets?

    init(sink: Sink, locale: String? = nil) {
        self.sink = sink
        self.locale = locale
    }

    mutating func form(_ form: Form) {
        if sink.wants(.ruleUnresolved), !form.rules.isEmpty { known = FeatureScan.knownNames(form) }
        if !form.rules.isEmpty { ruleTargets = RuleTargets(form) }
        formLevel(form)
        for pi in form.pages.indices {
            page(form.pages[pi], pi)
        }
        if sink.wants(.pages) { pageBreaks(form) }
        rules(form.rules)
    }

    /// The form's own uses, which come first.
    mutating func formLevel(_ form: Form) {
        if form.title != nil, sink.wants(.formTitle) { sink.add(.formTitle, "/", form.location, "form title") }
        if form.isDisabled, sink.wants(.formDisabled) { sink.add(.formDisabled, "/", form.location, "form disabled") }
        if !form.layout.isEmpty, sink.wants(.formLayout) {
            sink.add(.formLayout, "/", form.location, "page width and margins")
        }
        if form.requiredItemColor != nil || form.optionalItemColor != nil, sink.wants(.formColors) {
            sink.add(.formColors, "/", form.location, "colours of required and optional items")
        }
        if !form.validationGroups.isEmpty, sink.wants(.validationGroups) {
            sink.add(.validationGroups, "/", form.location, "validation groups")
        }
        if !form.requirementGroups.isEmpty, sink.wants(.requirementGroup) {
            for g in form.requirementGroups { sink.add(.requirementGroup, FeatureScan.path(of: g, in: form), g.location, FeatureScan.detail(of: g)) }
        }
        if form.title != nil, sink.wants(.localization) {
            var lost = LostTranslations(locale: locale)
            lost.add("title", form.title)
            if !lost.isEmpty { sink.add(.localization, "/", form.location, lost.detail(of: "the form")) }
        }
    }

    /// A target without pages shows every page's sections on one long page: one `structure.pages` use
    /// per page of a form with more than one, naming the sections that lose their page.
    mutating func pageBreaks(_ form: Form) {
        let explicit = form.pages.indices.filter { !form.pages[$0].isImplicit }
        guard explicit.count > 1 else { return }
        var previous: String?
        for pi in explicit {
            let page = form.pages[pi]
            let name = ContainerName.page(page, at: pi)
            let sections = page.sections.indices.map { "'\(ContainerName.section(page.sections[$0], at: $0, onPage: name))'" }
            let held = sections.isEmpty ? "it holds no section"
                : "its section\(sections.count == 1 ? "" : "s") \(LostTranslations.list(sections))"
            let detail = previous.map {
                "page break before page '\(name)' (\(held) follow\(sections.count == 1 ? "s" : "") those of page '\($0)' on one long page)"
            } ?? "pages (page '\(name)' and the \(explicit.count - 1) after it are one long page, \(held) first)"
            sink.add(.pages, "/pages/\(pi)", page.location ?? form.location, detail)
            previous = name
        }
    }

    mutating func rules(_ rules: [Rule]) {
        for ri in rules.indices { rule(rules[ri], ri) }
    }

    mutating func page(_ page: Page, _ pi: Int) {
        if page.title != nil, sink.wants(.pageTitle) { sink.add(.pageTitle, "/pages/\(pi)", page.location, "page title") }
        if page.title != nil, sink.wants(.localization) {
            var lost = LostTranslations(locale: locale)
            lost.add("title", page.title)
            if !lost.isEmpty {
                sink.add(.localization, "/pages/\(pi)", page.location, lost.detail(of: "page '\(ContainerName.page(page, at: pi))'"))
            }
        }
        if let c = page.backgroundColor, sink.wants(.formColors) {
            sink.add(.formColors, "/pages/\(pi)", page.location, "background colour \(c) of page \(page.id ?? String(pi))")
        }
        if page.isHidden, sink.wants(.hiddenPage) {
            sink.add(.hiddenPage, "/pages/\(pi)", page.location, "page \(page.id ?? String(pi)) hidden")
        }
        for si in page.sections.indices {
            let section = page.sections[si]
            let sp = { "/pages/\(pi)/sections/\(si)" }
            if section.title != nil, sink.wants(.sectionTitle) { sink.add(.sectionTitle, sp(), section.location, "section title") }
            if section.title != nil || section.footer != nil, sink.wants(.localization) {
                var lost = LostTranslations(locale: locale)
                lost.add("title", section.title)
                lost.add("footer", section.footer)
                if !lost.isEmpty {
                    let name = ContainerName.section(section, at: si, onPage: ContainerName.page(page, at: pi))
                    sink.add(.localization, sp(), section.location, lost.detail(of: "group '\(name)'"))
                }
            }
            if section.footer != nil, sink.wants(.sectionFooter) {
                sink.add(.sectionFooter, sp(), section.location, "section footer")
            }
            if section.isHidden, sink.wants(.hiddenSection) {
                sink.add(.hiddenSection, sp(), section.location, "section \(section.id ?? String(si)) hidden")
            }
            if section.dynamic != nil, sink.wants(.dynamicSection) {
                sink.add(.dynamicSection, sp(), section.location, "dynamic section")
            }
            if !section.style.isEmpty, sink.wants(.sectionStyle) { sink.add(.sectionStyle, sp(), section.location, "section style") }
            if !section.appBinding.isEmpty { appBinding(section.appBinding, sp(), section.location) }
            // By index, each field read in place: `for f in` copies every field, and a closure capturing
            // it another time; the path closure captures only the id.
            for fi in section.fields.indices {
                let id = section.fields[fi].id
                field(section.fields[fi], path: { "/pages/\(pi)/sections/\(si)/fields/\(id)" })
            }
        }
    }

    private mutating func rule(_ rule: Rule, _ ri: Int) {
        let loc = rule.location
        if rule.condition == nil, sink.wants(.ruleUnconditional) {
            sink.add(.ruleUnconditional, "/rules/\(ri)", loc, "relationship on \(rule.target) without a condition")
        }
        if let known, let name = FeatureScan.unresolvedName(in: rule, known: known) {
            sink.add(.ruleUnresolved, "/rules/\(ri)", loc, FeatureScan.unresolvedDetail(rule, name))
        }
        // One use per feature per rule: `show` in `then` and `hide` in `otherwise` are one show/hide.
        var seen: [Feature] = []
        let targets = ruleTargets
        for (list, holds) in [(rule.then, true), (rule.otherwise, false)] {
            for effect in list {
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
                guard sink.wants(f), !seen.contains(f) else { continue }
                seen.append(f)
                let words = (targets ?? RuleTargets(Form())).words(effect, of: rule, holds: holds)
                sink.add(f, "/rules/\(ri)", loc, words)
            }
        }
    }

    /// The parts the app supplies (`AppBinding`), each its own `app.*` feature.
    private mutating func appBinding(_ b: AppBinding, _ path: String, _ loc: SourceLocation?) {
        for use in b.uses where sink.wants(use.feature) { sink.add(use.feature, path, loc, use.what) }
    }

    private mutating func field(_ f: Field, path: () -> String) {
        let loc = f.location
        let id = f.id
        if !f.appBinding.isEmpty { appBinding(f.appBinding, path(), loc) }
        if f.kind.isCustom, sink.wants(.customKind) {
            sink.add(.customKind, path(), loc, "custom kind \(f.kind.rawValue) of '\(id)'")
        }
        if let p = f.presentation, sink.wants(.presentation) {
            sink.add(.presentation, path(), loc, "presentation \(p.rawValue) of '\(id)'")
        }
        if f.defaultValue != nil, sink.wants(.defaultValue) { sink.add(.defaultValue, path(), loc, "default value of '\(id)'") }
        if f.isHidden, sink.wants(.hidden) { sink.add(.hidden, path(), loc, "'\(id)' hidden") }
        if f.isDisabled, sink.wants(.disabled) { sink.add(.disabled, path(), loc, "'\(id)' not editable") }
        texts(f.texts, id, loc, path)
        if sink.wants(.localization) { translations(f, id, loc, path) }
        if !f.options.isEmpty, sink.wants(.options) { sink.add(.options, path(), loc, "options of '\(id)'") }
        if f.options.contains(where: { $0.label != nil && $0.label?.defaultText != $0.value.displayText }),
           sink.wants(.optionLabels) {
            sink.add(.optionLabels, path(), loc, "option labels of '\(id)'")
        }
        if f.options.contains(where: { $0.image != nil }), sink.wants(.optionImages) {
            sink.add(.optionImages, path(), loc, "option images of '\(id)'")
        }
        if f.optionRange != nil, sink.wants(.optionRange) { sink.add(.optionRange, path(), loc, "option range of '\(id)'") }
        if f.allowsMultiple, sink.wants(.multipleSelection) {
            sink.add(.multipleSelection, path(), loc, "multiple selection of '\(id)'")
        }
        validation(f.validation, id, loc, path)
        layout(f.layout, id, loc, path)
        style(f.style, id, loc, path)
        if !f.formatting.isEmpty, sink.wants(.formatting) {
            sink.add(.formatting, path(), loc, "formatting of '\(id)'")
        }
        for a in f.actions {
            switch a {
            case .notify:
                if sink.wants(.actionNotify) { sink.add(.actionNotify, path(), loc, "itemShouldNotify action of '\(id)'") }
            case .linksTo(let t):
                if sink.wants(.actionLinksTo) { sink.add(.actionLinksTo, path(), loc, "linksTo::\(t) action of '\(id)'") }
            case .sumItems:
                if sink.wants(.actionSumItems) { sink.add(.actionSumItems, path(), loc, "SumItems action of '\(id)'") }
            case .navigate:
                if sink.wants(.actionNavigate) { sink.add(.actionNavigate, path(), loc, "navigation action of '\(id)'") }
            case .submit:
                if sink.wants(.actionSubmit) { sink.add(.actionSubmit, path(), loc, "submit action of '\(id)'") }
            case .openURL:
                if sink.wants(.actionOpenURL) { sink.add(.actionOpenURL, path(), loc, "open-URL action of '\(id)'") }
            case .targetAction:
                if sink.wants(.actionTargetAction) {
                    sink.add(.actionTargetAction, path(), loc, "target/selector action of '\(id)'")
                }
            case .client(let n, _):
                if sink.wants(.actionClient) { sink.add(.actionClient, path(), loc, "client action \(n) of '\(id)'") }
            }
        }
        submission(f.submission, id, loc, path)
    }

    private mutating func texts(_ t: FieldTexts, _ id: String, _ loc: SourceLocation?, _ path: () -> String) {
        if t.label != nil, sink.wants(.label) { sink.add(.label, path(), loc, "label of '\(id)'") }
        if t.detail != nil, sink.wants(.detailLabel) {
            sink.add(.detailLabel, path(), loc, "detail label of '\(id)'")
        }
        if t.inlineLabel != nil, sink.wants(.inlineLabel) {
            sink.add(.inlineLabel, path(), loc, "inline label of '\(id)'")
        }
        if t.placeholder != nil, sink.wants(.placeholder) {
            sink.add(.placeholder, path(), loc, "placeholder of '\(id)'")
        }
        if t.missingMessage != nil, sink.wants(.missingMessage) {
            sink.add(.missingMessage, path(), loc, "missing-value message of '\(id)'")
        }
        if t.body != nil, sink.wants(.bodyText) { sink.add(.bodyText, path(), loc, "text of '\(id)'") }
        if t.emptyText != nil, sink.wants(.emptyText) {
            sink.add(.emptyText, path(), loc, "empty text of '\(id)'")
        }
        if t.selectorTitle != nil, sink.wants(.selectorTitle) {
            sink.add(.selectorTitle, path(), loc, "selector title of '\(id)'")
        }
    }

    /// One `text.localization` use per field whose texts (its own, its options', its validation
    /// messages') have translations.
    private mutating func translations(_ f: Field, _ id: String, _ loc: SourceLocation?, _ path: () -> String) {
        var lost = LostTranslations(locale: locale)
        for (role, text) in f.texts.all { lost.add(LostTranslations.roleWords[role] ?? role, text) }
        for o in f.options { lost.add("option labels", o.label) }
        for p in f.validation.patterns { lost.add("pattern messages", p.message) }
        for p in f.validation.predicates { lost.add("validation messages", p.message) }
        if !lost.isEmpty { sink.add(.localization, path(), loc, lost.detail(of: "'\(id)'")) }
    }

    private mutating func validation(_ v: Validation, _ id: String, _ loc: SourceLocation?, _ path: () -> String) {
        if v.required, sink.wants(.required) {
            sink.add(.required, path(), loc, "'\(id)' required")
        }
        if v.minLength != nil || v.maxLength != nil, sink.wants(.length) {
            sink.add(.length, path(), loc, "length limits of '\(id)'")
        }
        if v.minValue != nil || v.maxValue != nil, sink.wants(.valueRange) {
            sink.add(.valueRange, path(), loc, "value range of '\(id)'")
        }
        if !v.patterns.isEmpty, sink.wants(.pattern) || sink.wants(.patternMessage) {
            for p in v.patterns {
                if sink.wants(.pattern) { sink.add(.pattern, path(), p.location ?? loc, "regex \(p.regex) of '\(id)'") }
                if p.message != nil, sink.wants(.patternMessage) {
                    sink.add(.patternMessage, path(), p.location ?? loc, "regex message of '\(id)'")
                }
            }
        }
        if !v.named.isEmpty, sink.wants(.namedValidator) {
            for n in v.named where n != .none {
                sink.add(.namedValidator, path(), loc, "\(n.rawValue) validation of '\(id)'")
            }
        }
        if !v.predicates.isEmpty, sink.wants(.predicateValidation) {
            for p in v.predicates {
                sink.add(.predicateValidation, path(), p.location ?? loc, "predicate rule of '\(id)'")
            }
        }
        if !v.comparisons.isEmpty, sink.wants(.comparison) {
            for c in v.comparisons {
                sink.add(.comparison, path(), c.location ?? loc, "comparison of '\(id)' with '\(c.otherField)'")
            }
        }
        if v.minAge != nil || v.maxAge != nil || v.minYear != nil || v.maxYear != nil, sink.wants(.dateRestriction) {
            sink.add(.dateRestriction, path(), loc, "age/year restriction of '\(id)'")
        }
        if v.minDate != nil || v.maxDate != nil, sink.wants(.dateBounds) {
            sink.add(.dateBounds, path(), loc, "date bounds of '\(id)'")
        }
        if let r = v.requiredValue, sink.wants(.requiredValue) {
            sink.add(.requiredValue, path(), loc, "required value \(r.displayText) of '\(id)'")
        }
        if v.minSelected != nil || v.maxSelected != nil, sink.wants(.selectionCount) {
            sink.add(.selectionCount, path(), loc, "selection count of '\(id)'")
        }
    }

    private mutating func layout(_ l: Layout, _ id: String, _ loc: SourceLocation?, _ path: () -> String) {
        if let p = l.position, sink.wants(.position) { sink.add(.position, path(), loc, "position \(p) of '\(id)'") }
        if l.size != nil || l.sizeY != nil || l.width != nil || l.height != nil, sink.wants(.size) {
            sink.add(.size, path(), loc, "size of '\(id)'")
        }
        if l.columns != nil, sink.wants(.columns) { sink.add(.columns, path(), loc, "columns of '\(id)'") }
        if l.bleeds != nil, sink.wants(.bleeds) { sink.add(.bleeds, path(), loc, "bleeds of '\(id)'") }
        if l.numberOfLines != nil, sink.wants(.lines) { sink.add(.lines, path(), loc, "number of lines of '\(id)'") }
        if l.buttonPosition != nil, sink.wants(.buttonPosition) {
            sink.add(.buttonPosition, path(), loc, "button position of '\(id)'")
        }
    }

    private mutating func style(_ s: Style, _ id: String, _ loc: SourceLocation?, _ path: () -> String) {
        if s.textColor != nil || s.backgroundColor != nil || s.detailTextColor != nil || s.placeholderColor != nil
            || !s.platformColors.isEmpty, sink.wants(.colors) {
            sink.add(.colors, path(), loc, "colors of '\(id)'")
        }
        if s.textSize != nil, sink.wants(.textSize) { sink.add(.textSize, path(), loc, "text size of '\(id)'") }
        if s.alignment != nil, sink.wants(.alignment) { sink.add(.alignment, path(), loc, "alignment of '\(id)'") }
        if s.keyboard != nil, sink.wants(.keyboard) { sink.add(.keyboard, path(), loc, "keyboard of '\(id)'") }
        if s.cssClass != nil, sink.wants(.cssClass) { sink.add(.cssClass, path(), loc, "class of '\(id)'") }
    }

    private mutating func submission(_ sub: Submission, _ id: String, _ loc: SourceLocation?, _ path: () -> String) {
        if sub.key != nil, sink.wants(.submitKey) { sink.add(.submitKey, path(), loc, "submit name of '\(id)'") }
        if sub.skip || sub.force, sink.wants(.submitPolicy) {
            sink.add(.submitPolicy, path(), loc, "skipSubmit/forceSubmit of '\(id)'")
        }
        if sub.dateEncoding != nil, sink.wants(.dateEncoding) {
            sink.add(.dateEncoding, path(), loc, "date submission format of '\(id)'")
        }
        if sub.prefix != nil || sub.posfix != nil, sink.wants(.submitPrefix) {
            sink.add(.submitPrefix, path(), loc, "submission prefix of '\(id)'")
        }
        if sub.submitsValue != nil, sink.wants(.submitsValue) {
            sink.add(.submitsValue, path(), loc, "submitsValue of '\(id)'")
        }
        if sub.partClone != nil, sink.wants(.partClone) { sink.add(.partClone, path(), loc, "partClone of '\(id)'") }
        if !sub.overrides.isEmpty, sink.wants(.overrides) {
            sink.add(.overrides, path(), loc, "override values of '\(id)'")
        }
        if sub.countryCode != nil, sink.wants(.countryCode) {
            sink.add(.countryCode, path(), loc, "country code of '\(id)'")
        }
        if let w = sub.whenHidden, sink.wants(.fieldHiddenValue) {
            sink.add(.fieldHiddenValue, path(), loc, "policy of '\(id)' for its answer while hidden (\(w.rawValue))")
        }
    }
}
