/// The per-field part of `FeatureWalk`: a field's kind, texts, translations, validation, layout,
/// style, submission and app binding, each use handed to the sink.
extension FeatureWalk {
    /// The parts the app supplies (`AppBinding`), each its own `app.*` feature.
    mutating func appBinding(_ b: AppBinding, _ place: FeaturePlace, _ loc: SourceLocation?) {
        for use in b.uses where sink.wants(use.feature) { sink.add(use.feature, place, loc, use.what) }
    }

    mutating func field(_ f: Field, _ place: FeaturePlace) {
        let loc = f.location
        let id = f.id
        if !f.appBinding.isEmpty { appBinding(f.appBinding, place, loc) }
        if f.kind.isCustom, sink.wants(.customKind) {
            sink.add(.customKind, place, loc, "custom kind \(f.kind.rawValue) of '\(id)'")
        }
        if let p = f.presentation, sink.wants(.presentation) {
            sink.add(.presentation, place, loc, "presentation \(p.rawValue) of '\(id)'")
        }
        if f.defaultValue != nil, sink.wants(.defaultValue) { sink.add(.defaultValue, place, loc, "default value of '\(id)'") }
        if f.isHidden, sink.wants(.hidden) { sink.add(.hidden, place, loc, "'\(id)' hidden") }
        if f.isDisabled, sink.wants(.disabled) { sink.add(.disabled, place, loc, "'\(id)' not editable") }
        texts(f.texts, id, loc, place)
        if sink.wants(.localization) { translations(f, id, loc, place) }
        if !f.options.isEmpty, sink.wants(.options) { sink.add(.options, place, loc, "options of '\(id)'") }
        if f.options.contains(where: { $0.label != nil && $0.label?.defaultText != $0.value.displayText }),
           sink.wants(.optionLabels) {
            sink.add(.optionLabels, place, loc, "option labels of '\(id)'")
        }
        if f.options.contains(where: { $0.image != nil }), sink.wants(.optionImages) {
            sink.add(.optionImages, place, loc, "option images of '\(id)'")
        }
        if f.optionRange != nil, sink.wants(.optionRange) { sink.add(.optionRange, place, loc, "option range of '\(id)'") }
        if f.allowsMultiple, sink.wants(.multipleSelection) {
            sink.add(.multipleSelection, place, loc, "multiple selection of '\(id)'")
        }
        validation(f.validation, id, loc, place)
        layout(f.layout, id, loc, place)
        style(f.style, id, loc, place)
        if !f.formatting.isEmpty, sink.wants(.formatting) {
            sink.add(.formatting, place, loc, "formatting of '\(id)'")
        }
        for a in f.actions {
            switch a {
            case .notify:
                if sink.wants(.actionNotify) { sink.add(.actionNotify, place, loc, "itemShouldNotify action of '\(id)'") }
            case .linksTo(let t):
                if sink.wants(.actionLinksTo) { sink.add(.actionLinksTo, place, loc, "linksTo::\(t) action of '\(id)'") }
            case .sumItems:
                if sink.wants(.actionSumItems) { sink.add(.actionSumItems, place, loc, "SumItems action of '\(id)'") }
            case .navigate:
                if sink.wants(.actionNavigate) { sink.add(.actionNavigate, place, loc, "navigation action of '\(id)'") }
            case .submit:
                if sink.wants(.actionSubmit) { sink.add(.actionSubmit, place, loc, "submit action of '\(id)'") }
            case .openURL:
                if sink.wants(.actionOpenURL) { sink.add(.actionOpenURL, place, loc, "open-URL action of '\(id)'") }
            case .targetAction:
                if sink.wants(.actionTargetAction) {
                    sink.add(.actionTargetAction, place, loc, "target/selector action of '\(id)'")
                }
            case .client(let n, _):
                if sink.wants(.actionClient) { sink.add(.actionClient, place, loc, "client action \(n) of '\(id)'") }
            }
        }
        submission(f.submission, id, loc, place)
    }

    private mutating func texts(_ t: FieldTexts, _ id: String, _ loc: SourceLocation?, _ place: FeaturePlace) {
        if t.label != nil, sink.wants(.label) { sink.add(.label, place, loc, "label of '\(id)'") }
        if t.detail != nil, sink.wants(.detailLabel) {
            sink.add(.detailLabel, place, loc, "detail label of '\(id)'")
        }
        if t.inlineLabel != nil, sink.wants(.inlineLabel) {
            sink.add(.inlineLabel, place, loc, "inline label of '\(id)'")
        }
        if t.placeholder != nil, sink.wants(.placeholder) {
            sink.add(.placeholder, place, loc, "placeholder of '\(id)'")
        }
        if t.missingMessage != nil, sink.wants(.missingMessage) {
            sink.add(.missingMessage, place, loc, "missing-value message of '\(id)'")
        }
        if t.body != nil, sink.wants(.bodyText) { sink.add(.bodyText, place, loc, "text of '\(id)'") }
        if t.emptyText != nil, sink.wants(.emptyText) {
            sink.add(.emptyText, place, loc, "empty text of '\(id)'")
        }
        if t.selectorTitle != nil, sink.wants(.selectorTitle) {
            sink.add(.selectorTitle, place, loc, "selector title of '\(id)'")
        }
    }

    /// One `text.localization` use per field whose texts (its own, its options', its validation
    /// messages') have translations.
    private mutating func translations(_ f: Field, _ id: String, _ loc: SourceLocation?, _ place: FeaturePlace) {
        var lost = LostTranslations(locale: locale)
        for (role, text) in f.texts.all { lost.add(LostTranslations.roleWords[role] ?? role, text) }
        for o in f.options { lost.add("option labels", o.label) }
        for p in f.validation.patterns { lost.add("pattern messages", p.message) }
        for p in f.validation.predicates { lost.add("validation messages", p.message) }
        if !lost.isEmpty { sink.add(.localization, place, loc, lost.detail(of: "'\(id)'")) }
    }

    private mutating func validation(_ v: Validation, _ id: String, _ loc: SourceLocation?, _ place: FeaturePlace) {
        if v.required, sink.wants(.required) {
            sink.add(.required, place, loc, "'\(id)' required")
        }
        if v.minLength != nil || v.maxLength != nil, sink.wants(.length) {
            sink.add(.length, place, loc, "length limits of '\(id)'")
        }
        if v.minValue != nil || v.maxValue != nil, sink.wants(.valueRange) {
            sink.add(.valueRange, place, loc, "value range of '\(id)'")
        }
        if !v.patterns.isEmpty, sink.wants(.pattern) || sink.wants(.patternMessage) {
            for p in v.patterns {
                if sink.wants(.pattern) { sink.add(.pattern, place, p.location ?? loc, "regex \(p.regex) of '\(id)'") }
                if p.message != nil, sink.wants(.patternMessage) {
                    sink.add(.patternMessage, place, p.location ?? loc, "regex message of '\(id)'")
                }
            }
        }
        if !v.named.isEmpty, sink.wants(.namedValidator) {
            for n in v.named where n != .none {
                sink.add(.namedValidator, place, loc, "\(n.rawValue) validation of '\(id)'")
            }
        }
        if !v.predicates.isEmpty, sink.wants(.predicateValidation) {
            for p in v.predicates {
                sink.add(.predicateValidation, place, p.location ?? loc, "predicate rule of '\(id)'")
            }
        }
        if !v.comparisons.isEmpty, sink.wants(.comparison) {
            for c in v.comparisons {
                sink.add(.comparison, place, c.location ?? loc, "comparison of '\(id)' with '\(c.otherField)'")
            }
        }
        if v.minAge != nil || v.maxAge != nil || v.minYear != nil || v.maxYear != nil, sink.wants(.dateRestriction) {
            sink.add(.dateRestriction, place, loc, "age/year restriction of '\(id)'")
        }
        if v.minDate != nil || v.maxDate != nil, sink.wants(.dateBounds) {
            sink.add(.dateBounds, place, loc, "date bounds of '\(id)'")
        }
        if let r = v.requiredValue, sink.wants(.requiredValue) {
            sink.add(.requiredValue, place, loc, "required value \(r.displayText) of '\(id)'")
        }
        if v.minSelected != nil || v.maxSelected != nil, sink.wants(.selectionCount) {
            sink.add(.selectionCount, place, loc, "selection count of '\(id)'")
        }
    }

    private mutating func layout(_ l: Layout, _ id: String, _ loc: SourceLocation?, _ place: FeaturePlace) {
        if let p = l.position, sink.wants(.position) { sink.add(.position, place, loc, "position \(p) of '\(id)'") }
        if l.size != nil || l.sizeY != nil || l.width != nil || l.height != nil, sink.wants(.size) {
            sink.add(.size, place, loc, "size of '\(id)'")
        }
        if l.columns != nil, sink.wants(.columns) { sink.add(.columns, place, loc, "columns of '\(id)'") }
        if l.bleeds != nil, sink.wants(.bleeds) { sink.add(.bleeds, place, loc, "bleeds of '\(id)'") }
        if l.numberOfLines != nil, sink.wants(.lines) { sink.add(.lines, place, loc, "number of lines of '\(id)'") }
        if l.buttonPosition != nil, sink.wants(.buttonPosition) {
            sink.add(.buttonPosition, place, loc, "button position of '\(id)'")
        }
    }

    private mutating func style(_ s: Style, _ id: String, _ loc: SourceLocation?, _ place: FeaturePlace) {
        if s.textColor != nil || s.backgroundColor != nil || s.detailTextColor != nil || s.placeholderColor != nil
            || !s.platformColors.isEmpty, sink.wants(.colors) {
            sink.add(.colors, place, loc, "colors of '\(id)'")
        }
        if s.textSize != nil, sink.wants(.textSize) { sink.add(.textSize, place, loc, "text size of '\(id)'") }
        if s.alignment != nil, sink.wants(.alignment) { sink.add(.alignment, place, loc, "alignment of '\(id)'") }
        if s.keyboard != nil, sink.wants(.keyboard) { sink.add(.keyboard, place, loc, "keyboard of '\(id)'") }
        if s.cssClass != nil, sink.wants(.cssClass) { sink.add(.cssClass, place, loc, "class of '\(id)'") }
    }

    private mutating func submission(_ sub: Submission, _ id: String, _ loc: SourceLocation?, _ place: FeaturePlace) {
        if sub.key != nil, sink.wants(.submitKey) { sink.add(.submitKey, place, loc, "submit name of '\(id)'") }
        if sub.skip || sub.force, sink.wants(.submitPolicy) {
            sink.add(.submitPolicy, place, loc, "skipSubmit/forceSubmit of '\(id)'")
        }
        if sub.dateEncoding != nil, sink.wants(.dateEncoding) {
            sink.add(.dateEncoding, place, loc, "date submission format of '\(id)'")
        }
        if sub.prefix != nil || sub.posfix != nil, sink.wants(.submitPrefix) {
            sink.add(.submitPrefix, place, loc, "submission prefix of '\(id)'")
        }
        if sub.submitsValue != nil, sink.wants(.submitsValue) {
            sink.add(.submitsValue, place, loc, "submitsValue of '\(id)'")
        }
        if sub.partClone != nil, sink.wants(.partClone) { sink.add(.partClone, place, loc, "partClone of '\(id)'") }
        if !sub.overrides.isEmpty, sink.wants(.overrides) {
            sink.add(.overrides, place, loc, "override values of '\(id)'")
        }
        if sub.countryCode != nil, sink.wants(.countryCode) {
            sink.add(.countryCode, place, loc, "country code of '\(id)'")
        }
        if let w = sub.whenHidden, sink.wants(.fieldHiddenValue) {
            sink.add(.fieldHiddenValue, place, loc, "policy of '\(id)' for its answer while hidden (\(w.rawValue))")
        }
    }
}
