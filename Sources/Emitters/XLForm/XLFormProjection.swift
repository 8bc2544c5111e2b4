import FormIR
import Expressions

/// Projects an IR form onto XLForm's object model, reporting what XLForm cannot hold. Shared by the
/// descriptor emitter (JSON, plist) and the code emitter (Swift, Objective-C).
struct XLFormProjection {
    let target: String
    /// The language written when texts are localized (`EmitOptions.locale`, else the form's default).
    var locale: String?
    var diagnostics = Diagnostics()
    /// `hidden`/`disabled` predicates from the form's rules, by field id and by section id.
    var rowHidden: [String: XLFormFlag] = [:]
    var rowDisabled: [String: XLFormFlag] = [:]
    var sectionHidden: [String: XLFormFlag] = [:]
    /// Field kinds by id, for typing rule literals.
    var kinds: [String: FieldKind] = [:]
    /// What each row's value is (plain, option object), for comparing it in predicates.
    var holdings: [String: ValueHolding] = [:]

    init(target: String, locale: String? = nil) {
        self.target = target
        self.locale = locale
    }

    /// A text in the chosen language (XLForm holds one language; `LossCheck` reports the others).
    func text(_ t: LocalizedText?) -> String? { t?.text(for: locale) }

    /// The IR features XLForm carries (the rest are reported by `LossCheck`).
    static let supportedFeatures: Set<Feature> = [
        .formTitle, .formDisabled, .sectionTitle, .sectionFooter, .hiddenSection, .dynamicSection,
        .label, .placeholder, .missingMessage, .bodyText, .emptyText, .selectorTitle, .customKind, .presentation,
        .defaultValue, .hidden, .disabled, .options, .optionLabels, .optionRange, .multipleSelection, .required,
        .length, .valueRange, .pattern, .patternMessage, .namedValidator, .dateBounds, .size, .actionNavigate,
        .actionTargetAction, .ruleShowHideField, .ruleShowHideSection, .ruleEnableDisable, .ruleUnconditional,
        // A row's `cellClass`; a section's class (RMSForm) is reported by `projectSection`.
        .appCellClass,
    ]
    static let formProperties = ["addAsteriskToRequiredRowsTitle", "assignFirstResponderOnShow",
                                 "endEditingTableViewOnScroll", "rowNavigationOptions"]

    mutating func project(_ form: Form) -> XLFormModel {
        if locale == nil { locale = form.defaultLocale }
        LossCheck.report(form, supported: Self.supportedFeatures, target: target, locale: locale, keepingExtensions: ["xlform"],
                         into: &diagnostics)
        // XLForm keeps a hidden row's value and does not validate it (web-targets.md line 533).
        HiddenFieldCheck.report(form, engine: HiddenFieldRules(validatesHidden: false, values: .submitted), target: target, into: &diagnostics)
        projectRules(form)
        var model = XLFormModel()
        model.title = text(form.title)
        model.disabled = form.isDisabled
        for name in Self.formProperties {
            if let v = form.extensions["xlform.\(name)"] { model.properties.append((name, v)) }
        }
        for (pi, page) in form.pages.enumerated() {
            for (si, section) in page.sections.enumerated() {
                model.sections.append(projectSection(section, path: "/pages/\(pi)/sections/\(si)"))
            }
        }
        sortByPosition()
        return model
    }

    /// Losses in source order (stable for equal positions), so a listing reads top to bottom.
    private mutating func sortByPosition() {
        let sorted = diagnostics.items.enumerated().sorted { a, b in
            let la = a.element.location, lb = b.element.location
            let ka = (la?.file ?? "", la?.line ?? 0, la?.column ?? 0), kb = (lb?.file ?? "", lb?.line ?? 0, lb?.column ?? 0)
            return ka != kb ? ka < kb : a.offset < b.offset
        }
        var d = Diagnostics()
        d.append(contentsOf: sorted.map(\.element))
        diagnostics = d
    }

    mutating func projectSection(_ section: Section, path: String) -> XLFormSectionModel {
        var s = XLFormSectionModel(location: section.location, path: path)
        if let c = section.appBinding.cellClass {
            diagnostics.loss(Feature.appCellClass.rawValue, target: target,
                             "the app draws it with its own class \(c); \(target) draws it the ordinary way",
                             at: section.location, path: path)
        }
        s.title = text(section.title)
        s.footerTitle = text(section.footer)
        if let id = section.id, let flag = sectionHidden[id] { s.hidden = flag }
        else if case .string(let text)? = section.extensions["xlform.hidden"] { s.hidden = .predicate(text) }
        else if section.isHidden { s.hidden = .bool(true) }
        if let d = section.dynamic {
            s.sectionOptions = (d.allowsInsert ? 1 : 0) | (d.allowsDelete ? 2 : 0) | (d.allowsReorder ? 4 : 0)
            s.multivaluedTag = d.idPrefix
            switch d.insertMode {
            case "lastRow"?: s.sectionInsertMode = 0
            case "button"?: s.sectionInsertMode = 2
            case let other?:
                diagnostics.loss(Feature.dynamicSection.rawValue, target: target,
                                 "\(target) has no insert mode '\(other)'; the last-row mode is used",
                                 at: section.location, path: path)
            case nil: break
            }
            if d.insertTitle != nil {
                diagnostics.loss(Feature.dynamicSection.rawValue, target: target,
                                 "\(target) cannot name the insert button of a multivalued section",
                                 at: section.location, path: path)
            }
            if let t = d.template { s.template = projectRow(t, path: "\(path)/template", registered: false) }
        }
        for f in section.fields { s.rows.append(projectRow(f, path: "\(path)/fields/\(f.id)", registered: true)) }
        return s
    }

    /// The predicate text for `condition`: the source text when it is XLForm's and still says the same
    /// (and compares option rows through `formValue`), else printed; `nil` when no predicate string
    /// reads back as `condition`.
    func predicateText(_ condition: FormIR.Expression, source: ConditionSource?) -> String? {
        let objects = Set(condition.referencedFields.filter { holdings[$0] == .optionObject })
        if let source, source.dialect == .xlformPredicate,
           let parsed = try? Predicate.parse(source.text, dialect: .xlformPredicate), parsed == condition,
           objects.allSatisfy({ source.text.contains("$\($0).value.formValue") }) {
            return source.text
        }
        return Predicate.printIfExpressible(condition, dialect: .xlformPredicate, formValueTags: objects)
    }
}
