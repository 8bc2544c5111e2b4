/// Walks a form and lists every feature it uses, with the IR path and source location of each use.
public enum FeatureScan {
    /// `including` filters features before their description is built (loss reports ask only for the
    /// features a target lacks; building every detail text was a tenth of a conversion).
    public static func uses(in form: Form, including wanted: (Feature) -> Bool = { _ in true }) -> [FeatureUse] {
        var out: [FeatureUse] = []
        func add(_ f: Feature, _ path: @autoclosure () -> String, _ loc: SourceLocation?, _ detail: @autoclosure () -> String) {
            guard wanted(f) else { return }
            out.append(FeatureUse(feature: f, path: path(), location: loc, detail: detail()))
        }
        if form.title != nil { add(.formTitle, "/", form.location, "form title") }
        if form.isDisabled { add(.formDisabled, "/", form.location, "form disabled") }
        if !form.layout.isEmpty { add(.formLayout, "/", form.location, "page width and margins") }
        if !form.validationGroups.isEmpty { add(.validationGroups, "/", form.location, "validation groups") }
        if form.locales.count > 1 { add(.localization, "/", form.location, "texts in \(form.locales.joined(separator: ", "))") }
        let explicitPages = form.pages.filter { !$0.isImplicit }
        if explicitPages.count > 1 { add(.pages, "/pages", form.location, "\(explicitPages.count) pages") }
        for (pi, page) in form.pages.enumerated() {
            let pp = "/pages/\(pi)"
            if page.title != nil { add(.pageTitle, pp, page.location, "page title") }
            if page.isHidden { add(.hiddenPage, pp, page.location, "page \(page.id ?? String(pi)) hidden") }
            for (si, section) in page.sections.enumerated() {
                let sp = "\(pp)/sections/\(si)"
                if section.title != nil { add(.sectionTitle, sp, section.location, "section title") }
                if section.footer != nil { add(.sectionFooter, sp, section.location, "section footer") }
                if section.isHidden { add(.hiddenSection, sp, section.location, "section \(section.id ?? String(si)) hidden") }
                if section.dynamic != nil { add(.dynamicSection, sp, section.location, "dynamic section") }
                if !section.style.isEmpty { add(.sectionStyle, sp, section.location, "section style") }
                for field in section.fields { scan(field, "\(sp)/fields/\(field.id)", add) }
            }
        }
        for (ri, rule) in form.rules.enumerated() {
            let rp = "/rules/\(ri)"
            let loc = rule.location
            if rule.condition == nil { add(.ruleUnconditional, rp, loc, "relationship on \(rule.target) without a condition") }
            // One use per feature per rule: `show` in `then` and `hide` in `otherwise` are one show/hide.
            var seen = Set<Feature>()
            func ruleAdd(_ f: Feature, _ p: String, _ l: SourceLocation?, _ d: @autoclosure () -> String) {
                if seen.insert(f).inserted { add(f, p, l, d()) }
            }
            for effect in rule.then + rule.otherwise {
                switch effect {
                case .show, .hide:
                    switch rule.target {
                    case .field: ruleAdd(.ruleShowHideField, rp, loc, "show/hide of \(rule.target)")
                    case .section: ruleAdd(.ruleShowHideSection, rp, loc, "show/hide of \(rule.target)")
                    case .page, .form: ruleAdd(.ruleShowHidePage, rp, loc, "show/hide of \(rule.target)")
                    }
                case .enable, .disable: ruleAdd(.ruleEnableDisable, rp, loc, "enable/disable of \(rule.target)")
                case .evaluate: ruleAdd(.ruleEvaluate, rp, loc, "evaluate into \(rule.target)")
                case .copy: ruleAdd(.ruleCopy, rp, loc, "copy into \(rule.target)")
                case .setOptions: ruleAdd(.ruleSetOptions, rp, loc, "option change of \(rule.target)")
                case .submission(let p): ruleAdd(.ruleSubmission, rp, loc, "\(p.rawValue) submission of \(rule.target)")
                case .setText: ruleAdd(.ruleSetText, rp, loc, "text change of \(rule.target)")
                case .setChecked: ruleAdd(.ruleSetChecked, rp, loc, "check/uncheck of \(rule.target)")
                case .setProperty(let name, _): ruleAdd(.ruleSetProperty, rp, loc, "\(name) change of \(rule.target)")
                }
            }
        }
        return out
    }

    private static func scan(_ f: Field, _ path: String,
                             _ add: (Feature, @autoclosure () -> String, SourceLocation?, @autoclosure () -> String) -> Void) {
        let loc = f.location
        let name = "'\(f.id)'"
        if f.kind.isCustom { add(.customKind, path, loc, "custom kind \(f.kind.rawValue) of \(name)") }
        if let p = f.presentation { add(.presentation, path, loc, "presentation \(p.rawValue) of \(name)") }
        if f.defaultValue != nil { add(.defaultValue, path, loc, "default value of \(name)") }
        if f.isHidden { add(.hidden, path, loc, "\(name) hidden") }
        if f.isDisabled { add(.disabled, path, loc, "\(name) not editable") }
        let t = f.texts
        if t.label != nil { add(.label, path, loc, "label of \(name)") }
        if t.detail != nil { add(.detailLabel, path, loc, "detail label of \(name)") }
        if t.inlineLabel != nil { add(.inlineLabel, path, loc, "inline label of \(name)") }
        if t.placeholder != nil { add(.placeholder, path, loc, "placeholder of \(name)") }
        if t.missingMessage != nil { add(.missingMessage, path, loc, "missing-value message of \(name)") }
        if t.body != nil { add(.bodyText, path, loc, "text of \(name)") }
        if t.emptyText != nil { add(.emptyText, path, loc, "empty text of \(name)") }
        if t.selectorTitle != nil { add(.selectorTitle, path, loc, "selector title of \(name)") }
        if !f.options.isEmpty { add(.options, path, loc, "options of \(name)") }
        if f.options.contains(where: { $0.label != nil && $0.label?.defaultText != $0.value.displayText }) {
            add(.optionLabels, path, loc, "option labels of \(name)")
        }
        if f.options.contains(where: { $0.image != nil }) { add(.optionImages, path, loc, "option images of \(name)") }
        if f.optionRange != nil { add(.optionRange, path, loc, "option range of \(name)") }
        if f.allowsMultiple { add(.multipleSelection, path, loc, "multiple selection of \(name)") }
        let v = f.validation
        if v.required { add(.required, path, loc, "\(name) required") }
        if v.minLength != nil || v.maxLength != nil { add(.length, path, loc, "length limits of \(name)") }
        if v.minValue != nil || v.maxValue != nil { add(.valueRange, path, loc, "value range of \(name)") }
        for p in v.patterns {
            add(.pattern, path, p.location ?? loc, "regex \(p.regex) of \(name)")
            if p.message != nil { add(.patternMessage, path, p.location ?? loc, "regex message of \(name)") }
        }
        for n in v.named where n != .none { add(.namedValidator, path, loc, "\(n.rawValue) validation of \(name)") }
        for p in v.predicates { add(.predicateValidation, path, p.location ?? loc, "predicate rule of \(name)") }
        for c in v.comparisons { add(.comparison, path, c.location ?? loc, "comparison of \(name) with '\(c.otherField)'") }
        if v.minAge != nil || v.maxAge != nil || v.minYear != nil || v.maxYear != nil {
            add(.dateRestriction, path, loc, "age/year restriction of \(name)")
        }
        if v.minDate != nil || v.maxDate != nil { add(.dateBounds, path, loc, "date bounds of \(name)") }
        if v.minSelected != nil || v.maxSelected != nil { add(.selectionCount, path, loc, "selection count of \(name)") }
        let l = f.layout
        if let p = l.position { add(.position, path, loc, "position \(p) of \(name)") }
        if l.size != nil || l.sizeY != nil || l.width != nil || l.height != nil { add(.size, path, loc, "size of \(name)") }
        if l.columns != nil { add(.columns, path, loc, "columns of \(name)") }
        if l.bleeds != nil { add(.bleeds, path, loc, "bleeds of \(name)") }
        if l.numberOfLines != nil { add(.lines, path, loc, "number of lines of \(name)") }
        if l.buttonPosition != nil { add(.buttonPosition, path, loc, "button position of \(name)") }
        let s = f.style
        if s.textColor != nil || s.backgroundColor != nil || s.detailTextColor != nil || s.placeholderColor != nil
            || !s.platformColors.isEmpty { add(.colors, path, loc, "colors of \(name)") }
        if s.textSize != nil { add(.textSize, path, loc, "text size of \(name)") }
        if s.alignment != nil { add(.alignment, path, loc, "alignment of \(name)") }
        if s.keyboard != nil { add(.keyboard, path, loc, "keyboard of \(name)") }
        if s.cssClass != nil { add(.cssClass, path, loc, "class of \(name)") }
        if !f.formatting.isEmpty { add(.formatting, path, loc, "formatting of \(name)") }
        for a in f.actions {
            switch a {
            case .notify: add(.actionNotify, path, loc, "itemShouldNotify action of \(name)")
            case .linksTo(let t): add(.actionLinksTo, path, loc, "linksTo::\(t) action of \(name)")
            case .sumItems: add(.actionSumItems, path, loc, "SumItems action of \(name)")
            case .navigate: add(.actionNavigate, path, loc, "navigation action of \(name)")
            case .submit: add(.actionSubmit, path, loc, "submit action of \(name)")
            case .openURL: add(.actionOpenURL, path, loc, "open-URL action of \(name)")
            case .targetAction: add(.actionTargetAction, path, loc, "target/selector action of \(name)")
            case .client(let n, _): add(.actionClient, path, loc, "client action \(n) of \(name)")
            }
        }
        let sub = f.submission
        if sub.key != nil { add(.submitKey, path, loc, "submit name of \(name)") }
        if sub.skip || sub.force { add(.submitPolicy, path, loc, "skipSubmit/forceSubmit of \(name)") }
        if sub.dateEncoding != nil { add(.dateEncoding, path, loc, "date submission format of \(name)") }
        if sub.prefix != nil || sub.posfix != nil { add(.submitPrefix, path, loc, "submission prefix of \(name)") }
        if sub.submitsValue != nil { add(.submitsValue, path, loc, "submitsValue of \(name)") }
        if sub.partClone != nil { add(.partClone, path, loc, "partClone of \(name)") }
        if !sub.overrides.isEmpty { add(.overrides, path, loc, "override values of \(name)") }
        if sub.countryCode != nil { add(.countryCode, path, loc, "country code of \(name)") }
    }

    /// Every extension key in the form whose namespace (`mmxml.`, `xlform.`, …) is not in `keep`.
    public static func foreignExtensions(in form: Form, keeping keep: Set<String>) -> [FeatureUse] {
        var out: [FeatureUse] = []
        func check(_ ext: Extensions, _ path: String, _ loc: SourceLocation?) {
            for key in ext.keys.sorted() {
                let ns = key.split(separator: ".").first.map(String.init) ?? key
                if !keep.contains(ns) {
                    out.append(FeatureUse(feature: .foreignExtension, path: path, location: loc, detail: "\(key)"))
                }
            }
        }
        check(form.extensions, "/", form.location)
        for (pi, p) in form.pages.enumerated() {
            check(p.extensions, "/pages/\(pi)", p.location)
            for (si, s) in p.sections.enumerated() {
                check(s.extensions, "/pages/\(pi)/sections/\(si)", s.location)
                for f in s.fields { check(f.extensions, "/pages/\(pi)/sections/\(si)/fields/\(f.id)", f.location) }
            }
        }
        for (ri, r) in form.rules.enumerated() { check(r.extensions, "/rules/\(ri)", r.location) }
        return out
    }
}

/// The generic loss report every emitter runs: each use of a feature it does not declare becomes a
/// `loss.<feature>` warning with the source position.
public enum LossCheck {
    public static func report(_ form: Form, supported: Set<Feature>, target: String,
                              keepingExtensions namespaces: Set<String> = [], into diagnostics: inout Diagnostics) {
        for use in FeatureScan.uses(in: form, including: { !supported.contains($0) }) {
            diagnostics.loss(use.feature.rawValue, target: target, "\(target) cannot express the \(use.detail)",
                             at: use.location, path: use.path)
        }
        if !supported.contains(.foreignExtension) {
            for use in FeatureScan.foreignExtensions(in: form, keeping: namespaces) {
                diagnostics.loss(Feature.foreignExtension.rawValue, target: target,
                                 "\(target) has no place for \(use.detail)", at: use.location, path: use.path)
            }
        }
    }
}
