/// The per-field part of `FeatureWalk`: a field's kind, texts, translations, validation, layout,
/// style, submission and app binding, each use handed to the sink.
extension FeatureWalk {
    /// The parts the app supplies (`AppBinding`), each its own `app.*` feature.
    mutating func appBinding(_ b: AppBinding, _ place: FeaturePlace, _ loc: SourceLocation?) {
        for use in b.uses where wants(use.feature) { sink.add(use.feature, place, loc, use.what) }
    }

    /// The field at `fi` of its section's `fields`, read in place: each property read is a load of that
    /// property alone, where a `Field` handed over as a value is copied out of its array whole (each of
    /// its references retained, then released). Asks `wants` before it tests a part, and reads a `Sparse`
    /// part only when it is set (an unset part is its empty value, which has no use), at most once.
    mutating func field(_ fields: [Field], _ fi: Int, _ place: FeaturePlace) {
        let loc = fields[fi].location
        let id = fields[fi].id
        if wantsAppBinding, fields[fi].$appBinding.isSet { appBinding(fields[fi].appBinding, place, loc) }
        if wants(.customKind), fields[fi].kind.isCustom {
            sink.add(.customKind, place, loc, Words("custom kind ", fields[fi].kind.rawValue, " of '", id, "'"))
        }
        if wants(.presentation), let p = fields[fi].presentation {
            sink.add(.presentation, place, loc, Words("presentation ", p.rawValue, " of '", id, "'"))
        }
        if wants(.defaultValue), fields[fi].$defaultValue.isSet {
            sink.add(.defaultValue, place, loc, Words("default value of '", id, "'"))
        }
        if wants(.hidden), fields[fi].isHidden { sink.add(.hidden, place, loc, Words("'", id, "' hidden")) }
        if wants(.disabled), fields[fi].isDisabled { sink.add(.disabled, place, loc, Words("'", id, "' not editable")) }
        let validation = (wantsValidation || wants(.localization)) && fields[fi].$validation.isSet
            ? fields[fi].validation : nil
        if wantsTexts { texts(fields, fi, validation, id, loc, place) }
        if wants(.options), !fields[fi].options.isEmpty { sink.add(.options, place, loc, Words("options of '", id, "'")) }
        if wants(.optionLabels),
           fields[fi].options.contains(where: { $0.label != nil && $0.label?.defaultText != $0.value.displayText }) {
            sink.add(.optionLabels, place, loc, Words("option labels of '", id, "'"))
        }
        if wants(.optionImages), fields[fi].options.contains(where: { $0.image != nil }) {
            sink.add(.optionImages, place, loc, Words("option images of '", id, "'"))
        }
        if wants(.optionRange), fields[fi].$optionRange.isSet {
            sink.add(.optionRange, place, loc, Words("option range of '", id, "'"))
        }
        if wants(.multipleSelection), fields[fi].allowsMultiple {
            sink.add(.multipleSelection, place, loc, Words("multiple selection of '", id, "'"))
        }
        if let validation, wantsValidation { self.validation(validation, id, loc, place) }
        if wantsLayout, fields[fi].$layout.isSet { layout(fields[fi].layout, id, loc, place) }
        if wantsStyle, fields[fi].$style.isSet { style(fields[fi].style, id, loc, place) }
        if wants(.formatting), fields[fi].$formatting.isSet {
            sink.add(.formatting, place, loc, Words("formatting of '", id, "'"))
        }
        if wantsAction, !fields[fi].actions.isEmpty { actions(fields[fi].actions, id, loc, place) }
        if wantsSubmission, fields[fi].$submission.isSet { submission(fields[fi].submission, id, loc, place) }
    }

    private mutating func actions(_ actions: [Action], _ id: String, _ loc: SourceLocation?, _ place: FeaturePlace) {
        for ai in actions.indices {
            switch actions[ai] {
            case .notify:
                if wants(.actionNotify) { sink.add(.actionNotify, place, loc, Words("itemShouldNotify action of '", id, "'")) }
            case .linksTo(let t):
                if wants(.actionLinksTo) { sink.add(.actionLinksTo, place, loc, Words("linksTo::", t, " action of '", id, "'")) }
            case .sumItems:
                if wants(.actionSumItems) { sink.add(.actionSumItems, place, loc, Words("SumItems action of '", id, "'")) }
            case .navigate:
                if wants(.actionNavigate) { sink.add(.actionNavigate, place, loc, Words("navigation action of '", id, "'")) }
            case .submit:
                if wants(.actionSubmit) { sink.add(.actionSubmit, place, loc, Words("submit action of '", id, "'")) }
            case .openURL:
                if wants(.actionOpenURL) { sink.add(.actionOpenURL, place, loc, Words("open-URL action of '", id, "'")) }
            case .targetAction:
                if wants(.actionTargetAction) {
                    sink.add(.actionTargetAction, place, loc, Words("target/selector action of '", id, "'"))
                }
            case .client(let n, _):
                if wants(.actionClient) { sink.add(.actionClient, place, loc, Words("client action ", n, " of '", id, "'")) }
            }
        }
    }

    /// The field's texts, each read once, in place (the six rarer ones in one read of their `Sparse`
    /// part) for both their own features and, after those, one `text.localization` use for the field whose
    /// texts (its own, its options', its validation messages') have translations, in `FieldTexts.all`'s
    /// order.
    private mutating func texts(_ fields: [Field], _ fi: Int, _ v: Validation?, _ id: String, _ loc: SourceLocation?,
                                _ place: FeaturePlace) {
        let label = fields[fi].texts.label, missingMessage = fields[fi].texts.missingMessage
        let (detail, inlineLabel, placeholder, body, emptyText, selectorTitle) = fields[fi].texts.rare.read {
            ($0.detail, $0.inlineLabel, $0.placeholder, $0.body, $0.emptyText, $0.selectorTitle)
        }
        if wants(.label), label != nil { sink.add(.label, place, loc, Words("label of '", id, "'")) }
        if wants(.detailLabel), detail != nil { sink.add(.detailLabel, place, loc, Words("detail label of '", id, "'")) }
        if wants(.inlineLabel), inlineLabel != nil {
            sink.add(.inlineLabel, place, loc, Words("inline label of '", id, "'"))
        }
        if wants(.placeholder), placeholder != nil { sink.add(.placeholder, place, loc, Words("placeholder of '", id, "'")) }
        if wants(.missingMessage), missingMessage != nil {
            sink.add(.missingMessage, place, loc, Words("missing-value message of '", id, "'"))
        }
        if wants(.bodyText), body != nil { sink.add(.bodyText, place, loc, Words("text of '", id, "'")) }
        if wants(.emptyText), emptyText != nil { sink.add(.emptyText, place, loc, Words("empty text of '", id, "'")) }
        if wants(.selectorTitle), selectorTitle != nil {
            sink.add(.selectorTitle, place, loc, Words("selector title of '", id, "'"))
        }
        guard wants(.localization) else { return }
        lost.reset()
        lost.add(.label, label)
        lost.add(.detail, detail)
        lost.add(.inlineLabel, inlineLabel)
        lost.add(.placeholder, placeholder)
        lost.add(.missingMessage, missingMessage)
        lost.add(.body, body)
        lost.add(.emptyText, emptyText)
        lost.add(.selectorTitle, selectorTitle)
        for i in fields[fi].options.indices { lost.add(.optionLabels, fields[fi].options[i].label) }
        if let v {
            for i in v.patterns.indices { lost.add(.patternMessages, v.patterns[i].message) }
            for i in v.predicates.indices { lost.add(.validationMessages, v.predicates[i].message) }
        }
        if !lost.isEmpty { sink.add(.localization, place, loc, lost.detail(of: Words("'", id, "'"))) }
    }

    private mutating func validation(_ v: Validation, _ id: String, _ loc: SourceLocation?, _ place: FeaturePlace) {
        if wants(.required), v.required {
            sink.add(.required, place, loc, Words("'", id, "' required"))
        }
        if wants(.length), v.minLength != nil || v.maxLength != nil {
            sink.add(.length, place, loc, Words("length limits of '", id, "'"))
        }
        if wants(.valueRange), v.minValue != nil || v.maxValue != nil {
            sink.add(.valueRange, place, loc, Words("value range of '", id, "'"))
        }
        if wants(.pattern) || wants(.patternMessage), !v.patterns.isEmpty {
            for p in v.patterns {
                if wants(.pattern) { sink.add(.pattern, place, p.location ?? loc, Words("regex ", p.regex, " of '", id, "'")) }
                if wants(.patternMessage), p.message != nil {
                    sink.add(.patternMessage, place, p.location ?? loc, Words("regex message of '", id, "'"))
                }
            }
        }
        if wants(.namedValidator), !v.named.isEmpty {
            for n in v.named where n != .none {
                sink.add(.namedValidator, place, loc, Words(n.rawValue, " validation of '", id, "'"))
            }
        }
        if wants(.predicateValidation), !v.predicates.isEmpty {
            for p in v.predicates {
                sink.add(.predicateValidation, place, p.location ?? loc, Words("predicate rule of '", id, "'"))
            }
        }
        if wants(.comparison), !v.comparisons.isEmpty {
            for c in v.comparisons {
                sink.add(.comparison, place, c.location ?? loc, Words("comparison of '", id, "' with '", c.otherField, "'"))
            }
        }
        if wants(.dateRestriction), v.minAge != nil || v.maxAge != nil || v.minYear != nil || v.maxYear != nil {
            sink.add(.dateRestriction, place, loc, Words("age/year restriction of '", id, "'"))
        }
        if wants(.dateBounds), v.minDate != nil || v.maxDate != nil {
            sink.add(.dateBounds, place, loc, Words("date bounds of '", id, "'"))
        }
        if wants(.requiredValue), let r = v.requiredValue {
            sink.add(.requiredValue, place, loc, Words("required value ", r.displayText, " of '", id, "'"))
        }
        if wants(.selectionCount), v.minSelected != nil || v.maxSelected != nil {
            sink.add(.selectionCount, place, loc, Words("selection count of '", id, "'"))
        }
    }

    private mutating func layout(_ l: Layout, _ id: String, _ loc: SourceLocation?, _ place: FeaturePlace) {
        if wants(.position), let p = l.position { sink.add(.position, place, loc, Words("position ", p, " of '", id, "'")) }
        if wants(.size), l.size != nil || l.sizeY != nil || l.width != nil || l.height != nil {
            sink.add(.size, place, loc, Words("size of '", id, "'"))
        }
        if wants(.columns), l.columns != nil { sink.add(.columns, place, loc, Words("columns of '", id, "'")) }
        if wants(.bleeds), l.bleeds != nil { sink.add(.bleeds, place, loc, Words("bleeds of '", id, "'")) }
        if wants(.lines), l.numberOfLines != nil { sink.add(.lines, place, loc, Words("number of lines of '", id, "'")) }
        if wants(.buttonPosition), l.buttonPosition != nil {
            sink.add(.buttonPosition, place, loc, Words("button position of '", id, "'"))
        }
    }

    private mutating func style(_ s: Style, _ id: String, _ loc: SourceLocation?, _ place: FeaturePlace) {
        if wants(.colors), s.textColor != nil || s.backgroundColor != nil || s.detailTextColor != nil
            || s.placeholderColor != nil || !s.platformColors.isEmpty {
            sink.add(.colors, place, loc, Words("colors of '", id, "'"))
        }
        if wants(.textSize), s.textSize != nil { sink.add(.textSize, place, loc, Words("text size of '", id, "'")) }
        if wants(.alignment), s.alignment != nil { sink.add(.alignment, place, loc, Words("alignment of '", id, "'")) }
        if wants(.keyboard), s.keyboard != nil { sink.add(.keyboard, place, loc, Words("keyboard of '", id, "'")) }
        if wants(.cssClass), s.cssClass != nil { sink.add(.cssClass, place, loc, Words("class of '", id, "'")) }
    }

    private mutating func submission(_ sub: Submission, _ id: String, _ loc: SourceLocation?, _ place: FeaturePlace) {
        if wants(.submitKey), sub.key != nil { sink.add(.submitKey, place, loc, Words("submit name of '", id, "'")) }
        if wants(.submitPolicy), sub.skip || sub.force {
            sink.add(.submitPolicy, place, loc, Words("skipSubmit/forceSubmit of '", id, "'"))
        }
        if wants(.dateEncoding), sub.dateEncoding != nil {
            sink.add(.dateEncoding, place, loc, Words("date submission format of '", id, "'"))
        }
        if wants(.submitPrefix), sub.prefix != nil || sub.posfix != nil {
            sink.add(.submitPrefix, place, loc, Words("submission prefix of '", id, "'"))
        }
        if wants(.submitsValue), sub.submitsValue != nil {
            sink.add(.submitsValue, place, loc, Words("submitsValue of '", id, "'"))
        }
        if wants(.partClone), sub.partClone != nil { sink.add(.partClone, place, loc, Words("partClone of '", id, "'")) }
        if wants(.overrides), !sub.overrides.isEmpty {
            sink.add(.overrides, place, loc, Words("override values of '", id, "'"))
        }
        if wants(.countryCode), sub.countryCode != nil {
            sink.add(.countryCode, place, loc, Words("country code of '", id, "'"))
        }
        if wants(.fieldHiddenValue), let w = sub.whenHidden {
            sink.add(.fieldHiddenValue, place, loc, Words("policy of '", id, "' for its answer while hidden (", w.rawValue, ")"))
        }
    }
}
