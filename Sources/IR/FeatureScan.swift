/// Walks a form and lists every feature it uses, with the IR path and source location of each use.
public enum FeatureScan {
    /// `including` filters features before their description is built.
    public static func uses(in form: Form, including wanted: (Feature) -> Bool = { _ in true }) -> [FeatureUse] {
        withoutActuallyEscaping(wanted) { wanted in
            var walk = FeatureWalk(sink: FeatureUseList(wanted: wanted))
            walk.form(form)
            return walk.sink.uses
        }
    }

    /// Every extension key in the form whose namespace (`mmxml.`, `xlform.`, …) is not in `keep`.
    public static func foreignExtensions(in form: Form, keeping keep: Set<String>) -> [FeatureUse] {
        var out: [FeatureUse] = []
        forEachForeignExtension(in: form, keeping: keep) { key, path, loc in
            out.append(FeatureUse(feature: .foreignExtension, path: path, location: loc, detail: key))
        }
        return out
    }

    /// Calls `body` with each extension key whose namespace is not in `keep`, its node's IR path and
    /// location, in document order (form, pages, sections, fields, then rules; keys sorted per node).
    static func forEachForeignExtension(in form: Form, keeping keep: Set<String>,
                                        _ body: (_ key: String, _ path: String, _ location: SourceLocation?) -> Void) {
        let walk = ForeignExtensionWalk(keeping: keep)
        walk.form(form, body)
        for pi in form.pages.indices { walk.page(form.pages[pi], index: pi, body) }
        walk.rules(form.rules, body)
    }

    /// The first non-empty dot-separated part of `key` (`mmxml` of `mmxml.receipt`), or `key` itself
    /// when it has none.
    static func namespace(of key: String) -> String {
        key.split(separator: ".").first.map(String.init) ?? key
    }
}

/// Receives what a `FeatureWalk` finds. The walk asks `wants` before it tests a feature or builds any
/// text.
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

    mutating func form(_ form: Form) {
        formLevel(form, locales: sink.wants(.localization) ? form.locales : [],
                  explicitPages: form.pages.reduce(0) { $0 + ($1.isImplicit ? 0 : 1) })
        for pi in form.pages.indices {
            page(form.pages[pi], pi)
        }
        rules(form.rules)
    }

    /// The form's own uses, which come first: `locales` are the form's (`Form.locales`), and
    /// `explicitPages` how many of its pages are not implicit.
    mutating func formLevel(_ form: Form, locales: [String], explicitPages: Int) {
        if sink.wants(.formTitle), form.title != nil { sink.add(.formTitle, "/", form.location, "form title") }
        if sink.wants(.formDisabled), form.isDisabled { sink.add(.formDisabled, "/", form.location, "form disabled") }
        if sink.wants(.formLayout), !form.layout.isEmpty {
            sink.add(.formLayout, "/", form.location, "page width and margins")
        }
        if sink.wants(.validationGroups), !form.validationGroups.isEmpty {
            sink.add(.validationGroups, "/", form.location, "validation groups")
        }
        if sink.wants(.localization), locales.count > 1 {
            sink.add(.localization, "/", form.location, "texts in \(locales.joined(separator: ", "))")
        }
        if sink.wants(.pages), explicitPages > 1 { sink.add(.pages, "/pages", form.location, "\(explicitPages) pages") }
    }

    mutating func rules(_ rules: [Rule]) {
        for ri in rules.indices { rule(rules[ri], ri) }
    }

    mutating func page(_ page: Page, _ pi: Int) {
        if sink.wants(.pageTitle), page.title != nil { sink.add(.pageTitle, "/pages/\(pi)", page.location, "page title") }
        if sink.wants(.hiddenPage), page.isHidden {
            sink.add(.hiddenPage, "/pages/\(pi)", page.location, "page \(page.id ?? String(pi)) hidden")
        }
        for si in page.sections.indices {
            let section = page.sections[si]
            let sp = { "/pages/\(pi)/sections/\(si)" }
            if sink.wants(.sectionTitle), section.title != nil { sink.add(.sectionTitle, sp(), section.location, "section title") }
            if sink.wants(.sectionFooter), section.footer != nil {
                sink.add(.sectionFooter, sp(), section.location, "section footer")
            }
            if sink.wants(.hiddenSection), section.isHidden {
                sink.add(.hiddenSection, sp(), section.location, "section \(section.id ?? String(si)) hidden")
            }
            if sink.wants(.dynamicSection), section.dynamic != nil {
                sink.add(.dynamicSection, sp(), section.location, "dynamic section")
            }
            if sink.wants(.sectionStyle), !section.style.isEmpty { sink.add(.sectionStyle, sp(), section.location, "section style") }
            for f in section.fields {
                field(f, path: "/pages/\(pi)/sections/\(si)/fields/\(f.id)")
            }
        }
    }

    private mutating func rule(_ rule: Rule, _ ri: Int) {
        let loc = rule.location
        if sink.wants(.ruleUnconditional), rule.condition == nil {
            sink.add(.ruleUnconditional, "/rules/\(ri)", loc, "relationship on \(rule.target) without a condition")
        }
        // One use per feature per rule: `show` in `then` and `hide` in `otherwise` are one show/hide.
        var seen: [Feature] = []
        func note(_ sink: inout Sink, _ f: Feature, _ detail: () -> String) {
            guard sink.wants(f), !seen.contains(f) else { return }
            seen.append(f)
            sink.add(f, "/rules/\(ri)", loc, detail())
        }
        for list in [rule.then, rule.otherwise] {
            for effect in list {
                switch effect {
                case .show, .hide:
                    switch rule.target {
                    case .field: note(&sink, .ruleShowHideField) { "show/hide of \(rule.target)" }
                    case .section: note(&sink, .ruleShowHideSection) { "show/hide of \(rule.target)" }
                    case .page, .form: note(&sink, .ruleShowHidePage) { "show/hide of \(rule.target)" }
                    }
                case .enable, .disable: note(&sink, .ruleEnableDisable) { "enable/disable of \(rule.target)" }
                case .evaluate: note(&sink, .ruleEvaluate) { "evaluate into \(rule.target)" }
                case .copy: note(&sink, .ruleCopy) { "copy into \(rule.target)" }
                case .setOptions: note(&sink, .ruleSetOptions) { "option change of \(rule.target)" }
                case .submission(let p): note(&sink, .ruleSubmission) { "\(p.rawValue) submission of \(rule.target)" }
                case .setText: note(&sink, .ruleSetText) { "text change of \(rule.target)" }
                case .setChecked: note(&sink, .ruleSetChecked) { "check/uncheck of \(rule.target)" }
                case .setProperty(let name, _): note(&sink, .ruleSetProperty) { "\(name) change of \(rule.target)" }
                }
            }
        }
    }

    private mutating func field(_ f: Field, path: String) {
        let loc = f.location
        let id = f.id
        if sink.wants(.customKind), f.kind.isCustom {
            sink.add(.customKind, path, loc, "custom kind \(f.kind.rawValue) of '\(id)'")
        }
        if sink.wants(.presentation), let p = f.presentation {
            sink.add(.presentation, path, loc, "presentation \(p.rawValue) of '\(id)'")
        }
        if sink.wants(.defaultValue), f.defaultValue != nil { sink.add(.defaultValue, path, loc, "default value of '\(id)'") }
        if sink.wants(.hidden), f.isHidden { sink.add(.hidden, path, loc, "'\(id)' hidden") }
        if sink.wants(.disabled), f.isDisabled { sink.add(.disabled, path, loc, "'\(id)' not editable") }
        texts(f.texts, id, loc, path)
        if sink.wants(.options), !f.options.isEmpty { sink.add(.options, path, loc, "options of '\(id)'") }
        if sink.wants(.optionLabels),
           f.options.contains(where: { $0.label != nil && $0.label?.defaultText != $0.value.displayText }) {
            sink.add(.optionLabels, path, loc, "option labels of '\(id)'")
        }
        if sink.wants(.optionImages), f.options.contains(where: { $0.image != nil }) {
            sink.add(.optionImages, path, loc, "option images of '\(id)'")
        }
        if sink.wants(.optionRange), f.optionRange != nil { sink.add(.optionRange, path, loc, "option range of '\(id)'") }
        if sink.wants(.multipleSelection), f.allowsMultiple {
            sink.add(.multipleSelection, path, loc, "multiple selection of '\(id)'")
        }
        validation(f.validation, id, loc, path)
        layout(f.layout, id, loc, path)
        style(f.style, id, loc, path)
        if sink.wants(.formatting), !f.formatting.isEmpty {
            sink.add(.formatting, path, loc, "formatting of '\(id)'")
        }
        for a in f.actions {
            switch a {
            case .notify:
                if sink.wants(.actionNotify) { sink.add(.actionNotify, path, loc, "itemShouldNotify action of '\(id)'") }
            case .linksTo(let t):
                if sink.wants(.actionLinksTo) { sink.add(.actionLinksTo, path, loc, "linksTo::\(t) action of '\(id)'") }
            case .sumItems:
                if sink.wants(.actionSumItems) { sink.add(.actionSumItems, path, loc, "SumItems action of '\(id)'") }
            case .navigate:
                if sink.wants(.actionNavigate) { sink.add(.actionNavigate, path, loc, "navigation action of '\(id)'") }
            case .submit:
                if sink.wants(.actionSubmit) { sink.add(.actionSubmit, path, loc, "submit action of '\(id)'") }
            case .openURL:
                if sink.wants(.actionOpenURL) { sink.add(.actionOpenURL, path, loc, "open-URL action of '\(id)'") }
            case .targetAction:
                if sink.wants(.actionTargetAction) {
                    sink.add(.actionTargetAction, path, loc, "target/selector action of '\(id)'")
                }
            case .client(let n, _):
                if sink.wants(.actionClient) { sink.add(.actionClient, path, loc, "client action \(n) of '\(id)'") }
            }
        }
        submission(f.submission, id, loc, path)
    }

    private mutating func texts(_ t: FieldTexts, _ id: String, _ loc: SourceLocation?, _ path: String) {
        if sink.wants(.label), t.label != nil { sink.add(.label, path, loc, "label of '\(id)'") }
        if sink.wants(.detailLabel), t.detail != nil {
            sink.add(.detailLabel, path, loc, "detail label of '\(id)'")
        }
        if sink.wants(.inlineLabel), t.inlineLabel != nil {
            sink.add(.inlineLabel, path, loc, "inline label of '\(id)'")
        }
        if sink.wants(.placeholder), t.placeholder != nil {
            sink.add(.placeholder, path, loc, "placeholder of '\(id)'")
        }
        if sink.wants(.missingMessage), t.missingMessage != nil {
            sink.add(.missingMessage, path, loc, "missing-value message of '\(id)'")
        }
        if sink.wants(.bodyText), t.body != nil { sink.add(.bodyText, path, loc, "text of '\(id)'") }
        if sink.wants(.emptyText), t.emptyText != nil {
            sink.add(.emptyText, path, loc, "empty text of '\(id)'")
        }
        if sink.wants(.selectorTitle), t.selectorTitle != nil {
            sink.add(.selectorTitle, path, loc, "selector title of '\(id)'")
        }
    }

    private mutating func validation(_ v: Validation, _ id: String, _ loc: SourceLocation?, _ path: String) {
        if sink.wants(.required), v.required {
            sink.add(.required, path, loc, "'\(id)' required")
        }
        if sink.wants(.length), v.minLength != nil || v.maxLength != nil {
            sink.add(.length, path, loc, "length limits of '\(id)'")
        }
        if sink.wants(.valueRange), v.minValue != nil || v.maxValue != nil {
            sink.add(.valueRange, path, loc, "value range of '\(id)'")
        }
        if sink.wants(.pattern) || sink.wants(.patternMessage) {
            for p in v.patterns {
                if sink.wants(.pattern) { sink.add(.pattern, path, p.location ?? loc, "regex \(p.regex) of '\(id)'") }
                if sink.wants(.patternMessage), p.message != nil {
                    sink.add(.patternMessage, path, p.location ?? loc, "regex message of '\(id)'")
                }
            }
        }
        if sink.wants(.namedValidator) {
            for n in v.named where n != .none {
                sink.add(.namedValidator, path, loc, "\(n.rawValue) validation of '\(id)'")
            }
        }
        if sink.wants(.predicateValidation) {
            for p in v.predicates {
                sink.add(.predicateValidation, path, p.location ?? loc, "predicate rule of '\(id)'")
            }
        }
        if sink.wants(.comparison) {
            for c in v.comparisons {
                sink.add(.comparison, path, c.location ?? loc, "comparison of '\(id)' with '\(c.otherField)'")
            }
        }
        if sink.wants(.dateRestriction), v.minAge != nil || v.maxAge != nil
            || v.minYear != nil || v.maxYear != nil {
            sink.add(.dateRestriction, path, loc, "age/year restriction of '\(id)'")
        }
        if sink.wants(.dateBounds), v.minDate != nil || v.maxDate != nil {
            sink.add(.dateBounds, path, loc, "date bounds of '\(id)'")
        }
        if sink.wants(.selectionCount),
           v.minSelected != nil || v.maxSelected != nil {
            sink.add(.selectionCount, path, loc, "selection count of '\(id)'")
        }
    }

    private mutating func layout(_ l: Layout, _ id: String, _ loc: SourceLocation?, _ path: String) {
        if sink.wants(.position), let p = l.position { sink.add(.position, path, loc, "position \(p) of '\(id)'") }
        if sink.wants(.size), l.size != nil || l.sizeY != nil || l.width != nil || l.height != nil {
            sink.add(.size, path, loc, "size of '\(id)'")
        }
        if sink.wants(.columns), l.columns != nil { sink.add(.columns, path, loc, "columns of '\(id)'") }
        if sink.wants(.bleeds), l.bleeds != nil { sink.add(.bleeds, path, loc, "bleeds of '\(id)'") }
        if sink.wants(.lines), l.numberOfLines != nil { sink.add(.lines, path, loc, "number of lines of '\(id)'") }
        if sink.wants(.buttonPosition), l.buttonPosition != nil {
            sink.add(.buttonPosition, path, loc, "button position of '\(id)'")
        }
    }

    private mutating func style(_ s: Style, _ id: String, _ loc: SourceLocation?, _ path: String) {
        if sink.wants(.colors), s.textColor != nil || s.backgroundColor != nil || s.detailTextColor != nil
            || s.placeholderColor != nil || !s.platformColors.isEmpty {
            sink.add(.colors, path, loc, "colors of '\(id)'")
        }
        if sink.wants(.textSize), s.textSize != nil { sink.add(.textSize, path, loc, "text size of '\(id)'") }
        if sink.wants(.alignment), s.alignment != nil { sink.add(.alignment, path, loc, "alignment of '\(id)'") }
        if sink.wants(.keyboard), s.keyboard != nil { sink.add(.keyboard, path, loc, "keyboard of '\(id)'") }
        if sink.wants(.cssClass), s.cssClass != nil { sink.add(.cssClass, path, loc, "class of '\(id)'") }
    }

    private mutating func submission(_ sub: Submission, _ id: String, _ loc: SourceLocation?, _ path: String) {
        if sink.wants(.submitKey), sub.key != nil { sink.add(.submitKey, path, loc, "submit name of '\(id)'") }
        if sink.wants(.submitPolicy), sub.skip || sub.force {
            sink.add(.submitPolicy, path, loc, "skipSubmit/forceSubmit of '\(id)'")
        }
        if sink.wants(.dateEncoding), sub.dateEncoding != nil {
            sink.add(.dateEncoding, path, loc, "date submission format of '\(id)'")
        }
        if sink.wants(.submitPrefix), sub.prefix != nil || sub.posfix != nil {
            sink.add(.submitPrefix, path, loc, "submission prefix of '\(id)'")
        }
        if sink.wants(.submitsValue), sub.submitsValue != nil {
            sink.add(.submitsValue, path, loc, "submitsValue of '\(id)'")
        }
        if sink.wants(.partClone), sub.partClone != nil { sink.add(.partClone, path, loc, "partClone of '\(id)'") }
        if sink.wants(.overrides), !sub.overrides.isEmpty {
            sink.add(.overrides, path, loc, "override values of '\(id)'")
        }
        if sink.wants(.countryCode), sub.countryCode != nil {
            sink.add(.countryCode, path, loc, "country code of '\(id)'")
        }
    }
}
