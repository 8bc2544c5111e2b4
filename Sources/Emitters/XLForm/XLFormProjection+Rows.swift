import FormIR
import Lowering

extension XLFormProjection {
    static let cellConfigNames = ["cellConfig", "cellConfigAtConfigure", "cellConfigIfDisabled", "cellConfigForSelector"]
    static let presentationModes = ["default": 0, "push": 1, "present": 2, "modal": 2]

    /// One row; `registered` is false for a multivalued section's row template.
    mutating func projectRow(_ f: Field, path: String, registered: Bool) -> XLFormRowModel {
        let (rowType, kindLoss, presentationLoss) = XLFormRowTypes.rowType(for: f)
        if let kindLoss { lose("kind.\(f.kind)", "\(target) has \(kindLoss)\(labelPlacement(f)) ('\(f.id)')", f, path) }
        if presentationLoss, let p = f.presentation {
            lose(Feature.presentation.rawValue, "'\(f.id)' is shown as a '\(rowType)' row, not as \(p)", f, path)
        }
        if f.kind.isCustom {
            diagnostics.note("xlform.custom-row-type",
                             "row type '\(rowType)' is not one XLForm ships; the app must register its cell in cellClassesForRowDescriptorTypes",
                             at: f.location, path: path)
        }
        let ext = f.extensions
        var row = XLFormRowModel(tag: ext["xlform.untagged"] == .bool(true) ? nil : f.id, rowType: rowType)
        row.location = f.location
        SubmissionShapeLosses.reportBitmask(f, target: target, path: path, into: &diagnostics)
        SubmissionShapeLosses.reportAddressParts(f, holder: "an XLForm row", name: f.id, idPrefix: "xlform", path: path,
                                                 into: &diagnostics)
        var atConfigure = ext["xlform.cellConfigAtConfigure"]?.objectValue ?? [:]
        projectTexts(f, rowType: rowType, into: &row, atConfigure: &atConfigure, path: path)
        row.selectorOptions = options(of: f, path: path)
        row.value = value(of: f, options: row.selectorOptions, current: row.value)
        projectValidation(f, rowType: rowType, into: &row, atConfigure: &atConfigure, path: path)
        if registered {
            row.hidden = rowHidden[f.id]
            row.disabled = rowDisabled[f.id]
        }
        if row.hidden == nil { row.hidden = flag(ext["xlform.hidden"], f.isHidden) }
        if row.disabled == nil { row.disabled = flag(ext["xlform.disabled"], f.isDisabled) }
        for name in Self.cellConfigNames {
            let config = name == "cellConfigAtConfigure" ? atConfigure : ext["xlform.\(name)"]?.objectValue ?? [:]
            if !config.isEmpty { row.cellConfigs.append((name, config.keys.sorted().map { ($0, config[$0]!) })) }
        }
        let l = f.layout
        if let h = l.sizeY { row.height = Self.number(h, real: ext["xlform.realHeight"] == .bool(true)) }
        if l.size != nil || l.width != nil || l.height != nil {
            lose(Feature.size.rawValue, "\(target) sets a row's height only, not the width or image size of '\(f.id)'", f, path)
        }
        projectActions(f, into: &row, path: path)
        row.cellClass = f.appBinding.cellClass
        if case .string(let s)? = ext["xlform.valueTransformer"] { row.valueTransformer = s }
        if let i = ext["xlform.cellStyle"]?.intValue { row.cellStyle = i }
        return row
    }

    /// Where a label's text goes in the 'info' row it becomes (`projectTexts`): what the person sees.
    private func labelPlacement(_ f: Field) -> String {
        guard f.kind == .label else { return "" }
        let label = text(f.texts.label), body = text(f.texts.body)
        if label == nil, body != nil { return ": its text is the row's title, on one line" }
        if label != nil, body != nil, f.defaultValue == nil {
            return ": its label is the row's title and its text the row's value, each on one line"
        }
        return ": its label is the row's title, on one line"
    }

    private func flag(_ raw: Value?, _ fixed: Bool) -> XLFormFlag? {
        if case .string(let text)? = raw { return .predicate(text) }
        return fixed ? .bool(true) : nil
    }

    static func number(_ d: Double, real: Bool) -> Value {
        if !real, d == d.rounded(), abs(d) < 1e15 { return .int(Int(d)) }
        return .double(d)
    }

    mutating func lose(_ feature: String, _ message: String, _ f: Field, _ path: String) {
        diagnostics.loss(feature, target: target, message, at: f.location, path: path)
    }

    private mutating func projectTexts(_ f: Field, rowType: String, into row: inout XLFormRowModel,
                                       atConfigure: inout [String: Value], path: String) {
        let t = f.texts
        row.title = text(t.label)
        row.requireMsg = text(t.missingMessage)
        row.selectorTitle = text(t.selectorTitle)
        row.noValueDisplayText = text(t.emptyText)
        if let body = text(t.body) {
            if f.kind == .label || f.kind == .info {
                // A label's placement is part of its kind loss; an info item's text (MM infoButton's pop-up) is shown in the row.
                let place: String?
                if row.title == nil { row.title = body; place = "title" }
                else if f.defaultValue == nil { row.value = .plain(.string(body)); place = "value" }
                else { place = nil }
                if place == "value" {
                    // formValues holds every tagged row's value (xlform-readme.md, "formValues").
                    diagnostics.note("xlform.text-as-value",
                                     "'\(f.id)': its text is the info row's value: XLForm hands it out with the form's values (formValues) and it reads back as the row's default value",
                                     at: f.location, path: path)
                }
                if let place, f.kind == .info {
                    lose(Feature.bodyText.rawValue, "\(target) shows the text of '\(f.id)' in the row itself, as its \(place), on one line", f, path)
                } else if place == nil {
                    lose(Feature.bodyText.rawValue, "\(target) has no place for the text of '\(f.id)' beside its label and value", f, path)
                }
            } else {
                lose(Feature.bodyText.rawValue, "\(target) has no place for the text of '\(f.id)'", f, path)
            }
        }
        if let placeholder = text(t.placeholder) {
            if let key = XLFormCellKeys.placeholder(rowType) { atConfigure[key] = .string(placeholder) }
            else { lose(Feature.placeholder.rawValue, "\(target) has no placeholder on '\(rowType)' rows ('\(f.id)')", f, path) }
        }
    }

    /// The field's options; a generated range (MM valuePicker `1900-2010`) listed value by value, or
    /// reported as a loss when it is too large to list (`OptionRange.listingLimit`).
    private mutating func options(of f: Field, path: String) -> [XLFormOptionModel] {
        let out = f.options.map { XLFormOptionModel(value: $0.value, displayText: text($0.label)) }
        guard out.isEmpty, let r = f.optionRange else { return out }
        guard let values = r.listedValues else {
            if r.lower <= r.upper {
                lose(Feature.optionRange.rawValue,
                     "\(target) cannot list the option range \(r.lower)-\(r.upper) of '\(f.id)' (too many values)", f, path)
            }
            return out
        }
        return values.map { XLFormOptionModel(value: .int($0), displayText: nil) }
    }

    private func value(of f: Field, options: [XLFormOptionModel], current: XLFormRowValue?) -> XLFormRowValue? {
        guard let v = f.defaultValue else { return current }
        if case .array(let items)? = f.extensions["xlform.valueOptions"] {
            return .options(items.compactMap { item in
                guard case .object(let o) = item, let value = o["value"] else { return nil }
                return XLFormOptionModel(value: value, displayText: o["displayText"]?.stringValue)
            })
        }
        if f.extensions["xlform.plainValue"] != .bool(true), case .array(let items) = v, !items.isEmpty {
            let matched = items.compactMap { e in options.first { $0.value == e && $0.displayText != nil } }
            if matched.count == items.count { return .options(matched) }
        }
        if f.extensions["xlform.plainValue"] != .bool(true),
           let o = options.first(where: { $0.value == v && $0.displayText != nil }) {
            return .option(o)
        }
        if case .string(let text)? = f.extensions["xlform.valueDisplayText"] {
            return .option(XLFormOptionModel(value: v, displayText: text))
        }
        return .plain(v)
    }

    private mutating func projectValidation(_ f: Field, rowType: String, into row: inout XLFormRowModel,
                                            atConfigure: inout [String: Value], path: String) {
        let v = f.validation
        row.required = v.required
        // XLForm has an e-mail validator and, on text rows, a maximum length; the rest of what a
        // regex states becomes `XLFormRegexValidator`s (NSPredicate MATCHES: ICU syntax).
        let maxLengthKey = XLFormCellKeys.maxLength(rowType)
        // A slider or stepper holds a number: named checks every number passes, or whose range the
        // row's bounds state, are no text patterns there.
        let boundKeys = XLFormCellKeys.valueBounds(rowType)
        var textual = v
        if boundKeys != nil { textual.named = v.named.filter { !RuleLowering.holdsOnNumbers($0) } }
        let lowered = RuleLowering.textRules(textual, abilities: RuleAbilities(dialect: .icu, namedValidators: [.email],
                                                                         maxLength: maxLengthKey != nil))
        if lowered.named.contains(.email) { row.validators.append(.email) }
        for r in lowered.regexes { row.validators.append(.regex(regex: r.regex, msg: text(r.message))) }
        RegexStandIns.report(lowered.regexes, f, target: target, idPrefix: "xlform", rules: "regex validators", path: path,
                             into: &diagnostics)
        for u in lowered.unlowered {
            lose(u.feature.rawValue, "\(target) cannot express the \(u.what) of '\(f.id)': \(u.reason)", f, path)
        }
        if let max = lowered.maxLength, let key = maxLengthKey { atConfigure[key] = .int(max) }
        let (lower, upper) = boundKeys != nil ? RuleLowering.numericRange(v) : (v.minValue, v.maxValue)
        if lower != nil || upper != nil {
            if let keys = boundKeys {
                let real = f.extensions["xlform.realBounds"] == .bool(true)
                if let m = lower { atConfigure[keys.min] = Self.number(m, real: real) }
                if let m = upper { atConfigure[keys.max] = Self.number(m, real: real) }
            } else {
                lose(Feature.valueRange.rawValue, "\(target) has no value range on '\(rowType)' rows ('\(f.id)')", f, path)
            }
        }
        if v.minDate != nil || v.maxDate != nil {
            if let keys = XLFormCellKeys.dateBounds(rowType) {
                // `minimumDate`/`maximumDate` are NSDates: a bound that is no date (a time of day) has no place.
                let dates = [v.minDate, v.maxDate].map { $0.flatMap { XLFormCodeWriter.epochSeconds($0) != nil ? $0 : nil } }
                if let d = dates[0] { atConfigure[keys.min] = .date(d) }
                if let d = dates[1] { atConfigure[keys.max] = .date(d) }
                let undated = zip([v.minDate, v.maxDate], dates).compactMap { $0.1 == nil ? $0.0 : nil }
                if !undated.isEmpty {
                    lose(Feature.dateBounds.rawValue, "\(target) bounds a '\(rowType)' row by full dates only; \(undated.joined(separator: ", ")) is not checked ('\(f.id)')", f, path)
                }
            } else {
                lose(Feature.dateBounds.rawValue, "\(target) has no date bounds on '\(rowType)' rows ('\(f.id)')", f, path)
            }
        }
    }

    private mutating func projectActions(_ f: Field, into row: inout XLFormRowModel, path: String) {
        var action = XLFormActionModel()
        var navigated = false
        for a in f.actions {
            switch a {
            case .navigate(let n):
                if navigated {
                    lose(Feature.actionNavigate.rawValue, "'\(f.id)' has more than one navigation; \(target) keeps the first", f, path)
                    continue
                }
                navigated = true
                action.viewControllerClass = n.viewControllerClass
                action.viewControllerStoryboardId = n.storyboardId
                action.viewControllerNibName = n.nibName
                action.formSegueIdentifier = n.segueIdentifier
                if let p = n.presentation {
                    if let mode = Self.presentationModes[p] { action.viewControllerPresentationMode = mode }
                    else { lose(Feature.actionNavigate.rawValue, "\(target) cannot present a screen as '\(p)' ('\(f.id)')", f, path) }
                }
            case .targetAction(let t, let selector):
                action.formSelector = selector
                if let t { lose(Feature.actionTargetAction.rawValue, "\(target) sends '\(selector)' to the form, not to '\(t)' ('\(f.id)')", f, path) }
            default: break  // reported by LossCheck
            }
        }
        if action != XLFormActionModel() { row.action = action }
    }
}
