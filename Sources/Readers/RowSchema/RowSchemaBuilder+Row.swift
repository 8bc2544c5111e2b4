import FormIR
import DocumentTree

/// The row object: type, id, texts, state, colors and the type-specific keys.
extension RowSchemaBuilder {
    mutating func row(_ node: Node, path: String, index: Int, template: Bool, templateID: String? = nil) -> Field? {
        guard case .mapping = node.kind else {
            diagnostics.error(RowSchemaDiagnostic.typeMismatch,
                              "row \(index + 1) must be an object, found \(Self.describe(node))", at: node.location, path: path)
            return nil
        }
        let entries = Self.entries(node)
        var typeName: String?
        if let t = entries.first(where: { $0.key == "type" }) {
            typeName = string(t, path: path)
        } else {
            diagnostics.error(RowSchemaDiagnostic.missingKey, "row \(index + 1) has no 'type'", at: node.location, path: path)
        }
        let id = rowID(entries, node: node, path: path, index: index, template: template, templateID: templateID)
        let fpath = template ? path : "\(path)/\(id)"
        var field = Field(id: id, kind: .text, location: node.location)
        if let typeName, let t = entries.first(where: { $0.key == "type" }) { applyType(typeName, t, to: &field, path: fpath) }

        var display: RowEntry?
        for e in entries {
            switch e.key {
            case "type", "id", "tag": continue
            case "title":
                if let s = string(e, path: fpath) { field.texts.label = LocalizedText(s) }
            case "placeholder":
                if let s = string(e, path: fpath) { field.texts.placeholder = LocalizedText(s) }
            case "empty_text":
                if let s = string(e, path: fpath) { field.texts.emptyText = LocalizedText(s) }
            case "title.selector":
                if let s = string(e, path: fpath) { field.texts.selectorTitle = LocalizedText(s) }
            case "options.title":
                laterRevision(e, "'options.title' (first revision: 'title.selector')", path: fpath)
                if let s = string(e, path: fpath) { field.texts.selectorTitle = LocalizedText(s) }
            case "hidden", "disabled":
                state(e, field: &field, path: fpath, template: template)
            case _ where RowSchemaTypes.colorKeys[e.key] != nil:
                if let s = string(e, path: fpath) { setColor(RowSchemaTypes.colorKeys[e.key]!, s, ios: false, on: &field.style) }
            case _ where e.key.hasSuffix(".ios") && RowSchemaTypes.colorKeys[String(e.key.dropLast(4))] != nil:
                if let s = string(e, path: fpath) {
                    setColor(RowSchemaTypes.colorKeys[String(e.key.dropLast(4))]!, s, ios: true, on: &field.style)
                }
            case "required":
                if let b = bool(e, path: fpath) { field.validation.required = b }
            case "rules":
                validationRules(e, into: &field.validation, ranged: field.kind == .slider || field.kind == .stepper, path: fpath)
            case "formatter":
                formatters(e, into: &field.formatting, path: fpath)
            case "currency.style":
                if let s = choice(e, RowSchemaTypes.currencyStyles, path: fpath) { field.formatting.currencyStyle = s }
            case "currency.locale":
                if let s = string(e, path: fpath) { field.formatting.currencyLocale = s }
            case "style":
                style(e, typeName: typeName, field: &field, path: fpath)
            case "style.display":
                if let s = choice(e, Array(RowSchemaTypes.dateDisplays.keys.sorted()), path: fpath) {
                    field.presentation = RowSchemaTypes.dateDisplays[s]
                }
            case "value.minimum", "value.maximum":
                bound(e, field: &field, path: fpath)
            case "minute_interval":
                if let i = int(e, path: fpath) { field.formatting.minuteInterval = i }
            case "date.format":
                if let s = string(e, path: fpath) { field.formatting.dateFormat = s }
            case "date.calendar":
                if let s = string(e, path: fpath) { field.formatting.calendar = s }
            case "date.timezone":
                if let s = string(e, path: fpath) { field.formatting.timeZone = s }
            case "date.locale":
                if let s = string(e, path: fpath) { field.formatting.locale = s }
            case "options":
                options(e, field: &field, path: fpath)
            case "options.display":
                display = e
            case "value.stepper.steps":
                if let d = number(e, path: fpath) { field.formatting.step = d }
            case "value.stepper.type":
                if let s = choice(e, RowSchemaTypes.stepperTypes, path: fpath) { field.formatting.stepType = s }
            case "button.pushtype":
                if let b = bool(e, path: fpath), b { field.presentation = .push }
            case "x-formconv-value":
                if case .string(let s) = e.value.kind, RowSchemaTypes.isDate(field.kind), RowSchemaBuilder.isISO8601(s) {
                    field.defaultValue = .date(s)
                } else {
                    field.defaultValue = Self.value(e.value)
                }
            case "value":
                laterRevision(e, "row 'value'", path: fpath)
                field.defaultValue = defaultValue(e, kind: field.kind, path: fpath)
            case "class":
                laterRevision(e, "row 'class'", path: fpath)
                if let s = string(e, path: fpath) { field.style.cssClass = s }
            case "action":
                laterRevision(e, "row 'action'", path: fpath)
                actions(e, into: &field.actions, path: fpath)
            case _ where RowSchemaTypes.laterRowKeys.contains(e.key):
                keepLater(e, path: fpath, into: &field.extensions)
            default:
                unknownKey(e, in: "row", path: fpath, into: &field.extensions)
            }
        }
        if let display { optionLabels(display, field: &field, path: fpath) }
        if field.kind.isChoice, !entries.contains(where: { $0.key == "options" }), !template {
            // The schema requires the array; rows filled at run time (and formconv's older output) omit it.
            diagnostics.warning(RowSchemaDiagnostic.missingKey, "options row '\(id)' has no 'options' array; read as having no options",
                                at: node.location, path: fpath)
        }
        return field
    }

    /// The row's `id` (or `tag`), checked for presence and uniqueness.
    private mutating func rowID(_ entries: [RowEntry], node: Node, path: String, index: Int, template: Bool,
                                templateID: String?) -> String {
        let idEntries = entries.filter { $0.key == "id" || $0.key == "tag" }
        guard let e = idEntries.first else {
            if !template {
                diagnostics.error(RowSchemaDiagnostic.missingKey, "row \(index + 1) has no 'id' (or 'tag')",
                                  at: node.location, path: path)
            }
            return templateID ?? "row-\(index + 1)"
        }
        if idEntries.count > 1 {
            diagnostics.warning(RowSchemaDiagnostic.invalidValue, "row has both 'id' and 'tag'; using '\(e.key)'",
                                at: idEntries[1].location, path: path)
        }
        guard let id = string(e, path: path) else { return templateID ?? "row-\(index + 1)" }
        if template { return id }
        if let first = seenIDs[id] {
            let whereFirst = first.map { " (first at \($0.line):\($0.column))" } ?? ""
            diagnostics.error(RowSchemaDiagnostic.duplicateID, "duplicate row id '\(id)'\(whereFirst)",
                              at: e.value.location ?? e.location, path: path)
        } else {
            seenIDs[id] = .some(e.value.location ?? e.location)
        }
        return id
    }

    /// Sets kind and presentation from the row `type`.
    private mutating func applyType(_ name: String, _ e: RowEntry, to field: inout Field, path: String) {
        if let k = RowSchemaTypes.fieldKinds[name] ?? RowSchemaTypes.otherKinds[name] {
            field.kind = k
            if name == "check" { field.presentation = .checkbox }
            if name == "switch" { field.presentation = .toggle }
        } else if let k = RowSchemaTypes.laterKinds[name] {
            laterRevision(e, "row type '\(name)'", path: path)
            field.kind = k
        } else {
            diagnostics.warning(RowSchemaDiagnostic.unknownType, "unknown row type '\(name.excerpt())' (kept as a custom row)",
                                at: e.value.location ?? e.location, path: path)
            field.kind = .custom(name)
            field.extensions["rowschema.type"] = .string(name)
        }
    }

    /// `style`: the date component, the options presentation or the later revision's text field style.
    private mutating func style(_ e: RowEntry, typeName: String?, field: inout Field, path: String) {
        switch typeName {
        case "datetime":
            if let s = choice(e, RowSchemaTypes.dateStyles.keys.sorted(), path: path) { field.kind = RowSchemaTypes.dateStyles[s]! }
        case "options":
            let all = RowSchemaTypes.optionStyles.keys.sorted() + RowSchemaTypes.laterOptionStyles.keys.sorted()
            guard let s = choice(e, all, path: path) else { return }
            if let p = RowSchemaTypes.laterOptionStyles[s] {
                laterRevision(e, "options style '\(s)'", path: path)
                field.presentation = p
            } else {
                field.presentation = RowSchemaTypes.optionStyles[s]
            }
            if s == "picker.multiple" {
                field.kind = .multipleChoice
                field.allowsMultiple = true
            }
        case "textfield":
            if let s = choice(e, RowSchemaTypes.fieldKinds.keys.filter { $0 != "textarea" }.sorted(), path: path) {
                field.kind = RowSchemaTypes.fieldKinds[s]!
            }
        case "textarea":
            laterRevision(e, "'style' on a textarea", path: path)
        default:
            diagnostics.warning(RowSchemaDiagnostic.invalidValue,
                                "'style' does not apply to rows of type '\(typeName ?? "?")' (kept for round trips)",
                                at: e.location, path: path)
            field.extensions["rowschema.key.style"] = Self.value(e.value)
        }
    }

    /// `hidden` / `disabled`: a boolean, or a predicate that becomes a rule on the row.
    private mutating func state(_ e: RowEntry, field: inout Field, path: String, template: Bool) {
        let hidden = e.key == "hidden"
        switch e.value.kind {
        case .bool(let b):
            if hidden { field.isHidden = b } else { field.isDisabled = b }
        case .string(let text):
            guard let (condition, source) = predicate(e, text: text, path: path) else { return }
            if template {
                field.extensions["rowschema.key.\(e.key)"] = .string(text)
                return
            }
            rules.append(Rule(condition: condition, source: source, target: .field(field.id),
                              then: hidden ? [.hide] : [.disable], otherwise: hidden ? [.show] : [.enable],
                              location: e.location))
        default:
            mismatch(e, expected: "a boolean or a predicate string", path: path)
        }
    }

    private func setColor(_ property: String, _ value: String, ios: Bool, on style: inout Style) {
        if ios { style.platformColors["ios.\(property)"] = value; return }
        switch property {
        case "backgroundColor": style.backgroundColor = value
        case "textColor": style.textColor = value
        case "detailTextColor": style.detailTextColor = value
        default: style.placeholderColor = value
        }
    }
}
