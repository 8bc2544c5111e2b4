/// Walks a form and lists every feature it uses, with the IR path and source location of each use.
public enum FeatureScan {
    /// `including` filters features before their description is built (loss reports ask only for the
    /// features a target lacks; building every detail text was a tenth of a conversion).
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
        var walk = ForeignExtensionWalk(keeping: keep)
        walk.form(form, body)
        for pi in form.pages.indices { walk.page(form.pages[pi], index: pi, body) }
        walk.rules(form.rules, body)
    }

    /// The first non-empty dot-separated part of `key` (`mmxml` of `mmxml.receipt`), or `key` itself
    /// when it has none; the same as `key.split(separator: ".").first ?? key`, without the array.
    static func namespace(of key: String) -> String {
        // ASCII keys (all in practice) by their bytes: walking Characters cost a grapheme break test
        // per character. Other keys by Characters, where a `.` can combine with what follows.
        var ascii = true
        let dot = UInt8(ascii: ".")
        var start: String.Index?, end: String.Index?
        let utf8 = key.utf8
        var i = utf8.startIndex
        while i < utf8.endIndex {
            let b = utf8[i]
            if b >= 0x80 { ascii = false; break }
            if start == nil { if b != dot { start = i } } else if b == dot, end == nil { end = i }
            i = utf8.index(after: i)
        }
        if ascii {
            guard let start else { return key }
            return String(key[start..<(end ?? key.endIndex)])
        }
        var s = key.startIndex
        while s < key.endIndex, key[s] == "." { s = key.index(after: s) }
        guard s < key.endIndex else { return key }
        let e = key[s...].firstIndex(of: ".") ?? key.endIndex
        return String(key[s..<e])
    }
}

/// Receives what a `FeatureWalk` finds. The walk asks `wants` before it tests a feature or builds any
/// text, so a sink that wants few features (a loss report) costs little on forms that use many.
protocol FeatureSink {
    func wants(_ feature: Feature) -> Bool
    mutating func add(_ feature: Feature, _ path: String, _ location: SourceLocation?, _ detail: UseDetail)
}

/// Collects uses into `FeatureUse` values (`FeatureScan.uses`).
private struct FeatureUseList: FeatureSink {
    let wanted: (Feature) -> Bool
    var uses: [FeatureUse] = []
    func wants(_ feature: Feature) -> Bool { wanted(feature) }
    mutating func add(_ feature: Feature, _ path: String, _ location: SourceLocation?, _ detail: UseDetail) {
        uses.append(FeatureUse(feature: feature, path: path, location: location, detail: detail.text))
    }
}

/// The walk behind `FeatureScan` and `LossCheck`: every feature use of a form in document order
/// (form, pages, sections, fields, then rules), handed to a sink. Generic over the sink so each
/// check compiles to a direct test; fields are read in place, never copied, and a field's IR path is
/// built only when one of its uses is wanted.
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
            section.fields.withUnsafeBufferPointer { fields in
                for fi in fields.indices {
                    var path = FieldPath(page: pi, section: si, id: fields[fi].id)
                    field(fields[fi], &path)
                }
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
        func note(_ sink: inout Sink, _ f: Feature, _ detail: () -> UseDetail) {
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

    /// `/pages/P/sections/S/fields/ID`, built on first use and then shared by the field's uses.
    struct FieldPath {
        let page: Int
        let section: Int
        let id: String
        private var text: String?
        init(page: Int, section: Int, id: String) {
            self.page = page
            self.section = section
            self.id = id
        }
        mutating func value() -> String {
            if let text { return text }
            // Written into one allocation: the interpolation grew its buffer and formatted the numbers
            // through `description` (some 3,000 instructions a path).
            let built = Self.path(page: page, section: section, id: id)
            text = built
            return built
        }

        /// `/pages/P/sections/S/fields/ID`.
        static func path(page: Int, section: Int, id: String) -> String {
            var id = id
            return id.withUTF8 { idBytes in
                // Exactly the path's length: the path lives as long as the diagnostics that share it,
                // and room for the longest numbers made each one a 128-byte block instead of 80.
                let count = 25 + decimalWidth(page) + decimalWidth(section) + idBytes.count
                return String(unsafeUninitializedCapacity: count) { buffer in
                    var at = buffer.baseAddress!
                    put("/pages/", &at)
                    put(page, &at)
                    put("/sections/", &at)
                    put(section, &at)
                    put("/fields/", &at)
                    if let base = idBytes.baseAddress { at.update(from: base, count: idBytes.count) }
                    at += idBytes.count
                    return at - buffer.baseAddress!
                }
            }
        }

        // Static, with `at` in-out: nested functions capturing `at` paid a run-time exclusivity check.
        private static func put(_ s: StaticString, _ at: inout UnsafeMutablePointer<UInt8>) {
            at.update(from: s.utf8Start, count: s.utf8CodeUnitCount)
            at += s.utf8CodeUnitCount
        }

        /// How many digits `n` has, without its sign.
        private static func digitCount(_ n: Int) -> Int {
            var width = 1, rest = n.magnitude / 10
            while rest > 0 { width += 1; rest /= 10 }
            return width
        }

        /// How many bytes `put(n, …)` writes: the digits and a minus sign.
        private static func decimalWidth(_ n: Int) -> Int { digitCount(n) + (n < 0 ? 1 : 0) }

        /// The decimal digits of `n`.
        private static func put(_ n: Int, _ at: inout UnsafeMutablePointer<UInt8>) {
            let width = digitCount(n)
            if n < 0 { at.pointee = UInt8(ascii: "-"); at += 1 }
            var v = n.magnitude
            for k in stride(from: width - 1, through: 0, by: -1) {  // backwards from the last digit
                at[k] = UInt8(truncatingIfNeeded: v % 10) + UInt8(ascii: "0")
                v /= 10
            }
            at += width
        }
    }

    private mutating func field(_ f: Field, _ path: inout FieldPath) {
        let loc = f.location
        let id = f.id
        if sink.wants(.customKind), f.kind.isCustom {
            sink.add(.customKind, path.value(), loc, "custom kind \(f.kind.rawValue) of '\(id)'")
        }
        if sink.wants(.presentation), let p = f.presentation {
            sink.add(.presentation, path.value(), loc, "presentation \(p.rawValue) of '\(id)'")
        }
        if sink.wants(.defaultValue), f.defaultValue != nil { sink.add(.defaultValue, path.value(), loc, "default value of '\(id)'") }
        if sink.wants(.hidden), f.isHidden { sink.add(.hidden, path.value(), loc, "'\(id)' hidden") }
        if sink.wants(.disabled), f.isDisabled { sink.add(.disabled, path.value(), loc, "'\(id)' not editable") }
        // Texts and validation are read in place through the box: a copy of either cost a reference
        // count per member.
        texts(f.storedValues, id, loc, &path)
        if sink.wants(.options), !f.options.isEmpty { sink.add(.options, path.value(), loc, "options of '\(id)'") }
        if sink.wants(.optionLabels),
           f.options.contains(where: { $0.label != nil && $0.label?.defaultText != $0.value.displayText }) {
            sink.add(.optionLabels, path.value(), loc, "option labels of '\(id)'")
        }
        if sink.wants(.optionImages), f.options.contains(where: { $0.image != nil }) {
            sink.add(.optionImages, path.value(), loc, "option images of '\(id)'")
        }
        if sink.wants(.optionRange), f.optionRange != nil { sink.add(.optionRange, path.value(), loc, "option range of '\(id)'") }
        if sink.wants(.multipleSelection), f.allowsMultiple {
            sink.add(.multipleSelection, path.value(), loc, "multiple selection of '\(id)'")
        }
        validation(f.storedValues, id, loc, &path)
        // Parts at their default use no feature: skipped unread (a read copies the part).
        let defaults = f.partsAtDefault
        if !defaults.layout || !defaults.style { layoutAndStyle(f, id, loc, &path) }
        if sink.wants(.formatting), !defaults.formatting, !f.formatting.isEmpty {
            sink.add(.formatting, path.value(), loc, "formatting of '\(id)'")
        }
        for a in f.actions {
            switch a {
            case .notify:
                if sink.wants(.actionNotify) { sink.add(.actionNotify, path.value(), loc, "itemShouldNotify action of '\(id)'") }
            case .linksTo(let t):
                if sink.wants(.actionLinksTo) { sink.add(.actionLinksTo, path.value(), loc, "linksTo::\(t) action of '\(id)'") }
            case .sumItems:
                if sink.wants(.actionSumItems) { sink.add(.actionSumItems, path.value(), loc, "SumItems action of '\(id)'") }
            case .navigate:
                if sink.wants(.actionNavigate) { sink.add(.actionNavigate, path.value(), loc, "navigation action of '\(id)'") }
            case .submit:
                if sink.wants(.actionSubmit) { sink.add(.actionSubmit, path.value(), loc, "submit action of '\(id)'") }
            case .openURL:
                if sink.wants(.actionOpenURL) { sink.add(.actionOpenURL, path.value(), loc, "open-URL action of '\(id)'") }
            case .targetAction:
                if sink.wants(.actionTargetAction) {
                    sink.add(.actionTargetAction, path.value(), loc, "target/selector action of '\(id)'")
                }
            case .client(let n, _):
                if sink.wants(.actionClient) { sink.add(.actionClient, path.value(), loc, "client action \(n) of '\(id)'") }
            }
        }
        if !defaults.submission { submission(f, id, loc, &path) }
    }

    private mutating func texts(_ v: UnsafePointer<Field.Values>, _ id: String, _ loc: SourceLocation?,
                                _ path: inout FieldPath) {
        if sink.wants(.label), v.pointee.texts.label != nil { sink.add(.label, path.value(), loc, "label of '\(id)'") }
        if sink.wants(.detailLabel), v.pointee.texts.detail != nil {
            sink.add(.detailLabel, path.value(), loc, "detail label of '\(id)'")
        }
        if sink.wants(.inlineLabel), v.pointee.texts.inlineLabel != nil {
            sink.add(.inlineLabel, path.value(), loc, "inline label of '\(id)'")
        }
        if sink.wants(.placeholder), v.pointee.texts.placeholder != nil {
            sink.add(.placeholder, path.value(), loc, "placeholder of '\(id)'")
        }
        if sink.wants(.missingMessage), v.pointee.texts.missingMessage != nil {
            sink.add(.missingMessage, path.value(), loc, "missing-value message of '\(id)'")
        }
        if sink.wants(.bodyText), v.pointee.texts.body != nil { sink.add(.bodyText, path.value(), loc, "text of '\(id)'") }
        if sink.wants(.emptyText), v.pointee.texts.emptyText != nil {
            sink.add(.emptyText, path.value(), loc, "empty text of '\(id)'")
        }
        if sink.wants(.selectorTitle), v.pointee.texts.selectorTitle != nil {
            sink.add(.selectorTitle, path.value(), loc, "selector title of '\(id)'")
        }
    }

    private mutating func validation(_ v: UnsafePointer<Field.Values>, _ id: String, _ loc: SourceLocation?,
                                     _ path: inout FieldPath) {
        if sink.wants(.required), v.pointee.validation.required {
            sink.add(.required, path.value(), loc, "'\(id)' required")
        }
        if sink.wants(.length), v.pointee.validation.minLength != nil || v.pointee.validation.maxLength != nil {
            sink.add(.length, path.value(), loc, "length limits of '\(id)'")
        }
        if sink.wants(.valueRange), v.pointee.validation.minValue != nil || v.pointee.validation.maxValue != nil {
            sink.add(.valueRange, path.value(), loc, "value range of '\(id)'")
        }
        if sink.wants(.pattern) || sink.wants(.patternMessage) {
            for p in v.pointee.validation.patterns {
                if sink.wants(.pattern) { sink.add(.pattern, path.value(), p.location ?? loc, "regex \(p.regex) of '\(id)'") }
                if sink.wants(.patternMessage), p.message != nil {
                    sink.add(.patternMessage, path.value(), p.location ?? loc, "regex message of '\(id)'")
                }
            }
        }
        if sink.wants(.namedValidator) {
            for n in v.pointee.validation.named where n != .none {
                sink.add(.namedValidator, path.value(), loc, "\(n.rawValue) validation of '\(id)'")
            }
        }
        if sink.wants(.predicateValidation) {
            for p in v.pointee.validation.predicates {
                sink.add(.predicateValidation, path.value(), p.location ?? loc, "predicate rule of '\(id)'")
            }
        }
        if sink.wants(.comparison) {
            for c in v.pointee.validation.comparisons {
                sink.add(.comparison, path.value(), c.location ?? loc, "comparison of '\(id)' with '\(c.otherField)'")
            }
        }
        if sink.wants(.dateRestriction), v.pointee.validation.minAge != nil || v.pointee.validation.maxAge != nil
            || v.pointee.validation.minYear != nil || v.pointee.validation.maxYear != nil {
            sink.add(.dateRestriction, path.value(), loc, "age/year restriction of '\(id)'")
        }
        if sink.wants(.dateBounds), v.pointee.validation.minDate != nil || v.pointee.validation.maxDate != nil {
            sink.add(.dateBounds, path.value(), loc, "date bounds of '\(id)'")
        }
        if sink.wants(.selectionCount),
           v.pointee.validation.minSelected != nil || v.pointee.validation.maxSelected != nil {
            sink.add(.selectionCount, path.value(), loc, "selection count of '\(id)'")
        }
    }

    private mutating func layoutAndStyle(_ f: Field, _ id: String, _ loc: SourceLocation?, _ path: inout FieldPath) {
        let l = f.storedLayout, s = f.storedStyle
        if sink.wants(.position), let p = l.pointee.position { sink.add(.position, path.value(), loc, "position \(p) of '\(id)'") }
        if sink.wants(.size), l.pointee.size != nil || l.pointee.sizeY != nil || l.pointee.width != nil || l.pointee.height != nil {
            sink.add(.size, path.value(), loc, "size of '\(id)'")
        }
        if sink.wants(.columns), l.pointee.columns != nil { sink.add(.columns, path.value(), loc, "columns of '\(id)'") }
        if sink.wants(.bleeds), l.pointee.bleeds != nil { sink.add(.bleeds, path.value(), loc, "bleeds of '\(id)'") }
        if sink.wants(.lines), l.pointee.numberOfLines != nil { sink.add(.lines, path.value(), loc, "number of lines of '\(id)'") }
        if sink.wants(.buttonPosition), l.pointee.buttonPosition != nil {
            sink.add(.buttonPosition, path.value(), loc, "button position of '\(id)'")
        }
        if sink.wants(.colors), s.pointee.textColor != nil || s.pointee.backgroundColor != nil || s.pointee.detailTextColor != nil
            || s.pointee.placeholderColor != nil || !s.pointee.platformColors.isEmpty {
            sink.add(.colors, path.value(), loc, "colors of '\(id)'")
        }
        if sink.wants(.textSize), s.pointee.textSize != nil { sink.add(.textSize, path.value(), loc, "text size of '\(id)'") }
        if sink.wants(.alignment), s.pointee.alignment != nil { sink.add(.alignment, path.value(), loc, "alignment of '\(id)'") }
        if sink.wants(.keyboard), s.pointee.keyboard != nil { sink.add(.keyboard, path.value(), loc, "keyboard of '\(id)'") }
        if sink.wants(.cssClass), s.pointee.cssClass != nil { sink.add(.cssClass, path.value(), loc, "class of '\(id)'") }
    }

    private mutating func submission(_ f: Field, _ id: String, _ loc: SourceLocation?, _ path: inout FieldPath) {
        let sub = f.storedSubmission
        if sink.wants(.submitKey), sub.pointee.key != nil { sink.add(.submitKey, path.value(), loc, "submit name of '\(id)'") }
        if sink.wants(.submitPolicy), sub.pointee.skip || sub.pointee.force {
            sink.add(.submitPolicy, path.value(), loc, "skipSubmit/forceSubmit of '\(id)'")
        }
        if sink.wants(.dateEncoding), sub.pointee.dateEncoding != nil {
            sink.add(.dateEncoding, path.value(), loc, "date submission format of '\(id)'")
        }
        if sink.wants(.submitPrefix), sub.pointee.prefix != nil || sub.pointee.posfix != nil {
            sink.add(.submitPrefix, path.value(), loc, "submission prefix of '\(id)'")
        }
        if sink.wants(.submitsValue), sub.pointee.submitsValue != nil {
            sink.add(.submitsValue, path.value(), loc, "submitsValue of '\(id)'")
        }
        if sink.wants(.partClone), sub.pointee.partClone != nil { sink.add(.partClone, path.value(), loc, "partClone of '\(id)'") }
        if sink.wants(.overrides), !sub.pointee.overrides.isEmpty {
            sink.add(.overrides, path.value(), loc, "override values of '\(id)'")
        }
        if sink.wants(.countryCode), sub.pointee.countryCode != nil {
            sink.add(.countryCode, path.value(), loc, "country code of '\(id)'")
        }
    }
}
