import FormIR
import DocumentTree

extension XLFormDecoder {
    static let rowKeys: Set<String> = [
        "tag", "rowType", "title", "value", "required", "requireMsg", "hidden", "disabled", "selectorTitle",
        "selectorOptions", "noValueDisplayText", "validators", "cellConfig", "cellConfigAtConfigure",
        "cellConfigIfDisabled", "cellConfigForSelector", "height", "action", "cellClass", "cellStyle",
        "valueTransformer",
    ]
    static let cellConfigKeys = ["cellConfig", "cellConfigAtConfigure", "cellConfigIfDisabled", "cellConfigForSelector"]
    static let actionKeys: Set<String> = ["viewControllerClass", "viewControllerStoryboardId", "viewControllerNibName",
                                          "viewControllerPresentationMode", "formSegueIdentifier", "formSelector"]
    static let presentationModes = ["default", "push", "present"]

    /// One row. `fallbackID` names rows without a tag (multivalued sections); `registers` is false for
    /// a section's row template, whose tag is not a row of the form.
    mutating func decodeRow(_ node: Node, fallbackID: String, registers: Bool) -> Field? {
        guard let obj = object(node, "a row", known: Self.rowKeys) else { return nil }
        guard let rowType = string(obj["rowType"], "rowType") else {
            diagnostics.error("xlform.missing-row-type", "a row without 'rowType' is skipped", at: node.location)
            return nil
        }
        var field = Field(id: "", kind: .text, location: node.location)
        if let (kind, presentation) = XLFormRowTypeTable.lookup(rowType) {
            field.kind = kind
            field.presentation = presentation
        } else {
            field.kind = .custom(rowType)
            diagnostics.note("xlform.custom-row-type", "row type '\(rowType)' is not one XLForm ships; it is kept as a custom row",
                             at: obj["rowType"]?.location)
        }
        field.allowsMultiple = field.kind == .multipleChoice
        field.id = rowID(obj["tag"], fallback: fallbackID, registers: registers, field: &field)
        field.texts.label = string(obj["title"], "title").map { LocalizedText($0) }
        field.texts.missingMessage = string(obj["requireMsg"], "requireMsg").map { LocalizedText($0) }
        field.texts.selectorTitle = string(obj["selectorTitle"], "selectorTitle").map { LocalizedText($0) }
        field.texts.emptyText = string(obj["noValueDisplayText"], "noValueDisplayText").map { LocalizedText($0) }
        field.validation.required = bool(obj["required"], "required") ?? false
        if let n = obj["selectorOptions"] { field.options = options(n) }
        if let n = obj["value"] { decodeValue(n, into: &field) }
        if let n = obj["validators"] { validators(n, into: &field) }
        for key in Self.cellConfigKeys {
            guard let n = obj[key] else { continue }
            guard case .object(var config) = value(n) else { invalid(n, "'\(key)' must be an object of key paths"); continue }
            if key == "cellConfigAtConfigure" { extractKnownKeys(&config, node: n, into: &field) }
            if !config.isEmpty { field.extensions["xlform.\(key)"] = .object(config) }
        }
        if let n = obj["height"], let h = number(n, "height") {
            field.layout.sizeY = h.doubleValue
            // A plist <real> with a whole value stays a real on the way back.
            if case .double(let d) = h, d == d.rounded() { field.extensions["xlform.realHeight"] = .bool(true) }
        }
        if let n = obj["action"] { decodeAction(n, into: &field) }
        field.appBinding.cellClass = string(obj["cellClass"], "cellClass")
        if let s = string(obj["valueTransformer"], "valueTransformer") { field.extensions["xlform.valueTransformer"] = .string(s) }
        if let n = obj["cellStyle"], let i = int(n, "cellStyle") { field.extensions["xlform.cellStyle"] = .int(i) }
        for (key, hide) in [("hidden", true), ("disabled", false)] {
            guard let n = obj[key] else { continue }
            switch condition(n, key) {
            case .bool(let b)?: if hide { field.isHidden = b } else { field.isDisabled = b }
            case .predicate(let text, let expr)?:
                if registers { rules.append(visibilityRule(expr, text: text, node: n, target: .field(field.id), hide: hide)) }
                else { field.extensions["xlform.\(key)"] = .string(text) }
            case .unparsed(let text)?: field.extensions["xlform.\(key)"] = .string(text)
            case nil: break
            }
        }
        return field
    }

    private mutating func rowID(_ node: Node?, fallback: String, registers: Bool, field: inout Field) -> String {
        if let tag = string(node, "tag") {
            if registers {
                if usedIDs.contains(tag) {
                    diagnostics.warning("xlform.duplicate-tag", "tag '\(tag)' is used by more than one row", at: node?.location)
                }
                usedIDs.insert(tag)
            }
            return tag
        }
        field.extensions["xlform.untagged"] = .bool(true)
        var id = fallback
        var n = 2
        while usedIDs.contains(id) { id = "\(fallback)-\(n)"; n += 1 }
        if registers { usedIDs.insert(id) }
        return id
    }

    private mutating func options(_ node: Node) -> [Option] {
        guard case .array(let items) = node.kind else {
            invalid(node, "'selectorOptions' must be an array")
            return []
        }
        return items.map { item in
            if case .mapping = item.kind, let (v, text) = optionObject(item) {
                return Option(value: v, label: text.map { LocalizedText($0) }, location: item.location)
            }
            return Option(value: value(item), location: item.location)
        }
    }

    /// `{"value": …, "displayText": …}` (an XLFormOptionsObject), or `nil` for any other mapping.
    private func optionObject(_ node: Node) -> (Value, String?)? {
        guard case .mapping(let entries) = node.kind,
              Set(entries.map(\.key)).isSubset(of: ["value", "displayText"]),
              let v = entries.first(where: { $0.key == "value" }) else { return nil }
        var text: String?
        if let t = entries.first(where: { $0.key == "displayText" }), case .string(let s) = t.value.kind { text = s }
        return (value(v.value), text)
    }

    private mutating func decodeValue(_ node: Node, into field: inout Field) {
        if case .mapping = node.kind, let (v, text) = optionObject(node) {
            field.defaultValue = v
            let match = field.options.first { $0.value == v }
            if let text, match?.label?.defaultText != text { field.extensions["xlform.valueDisplayText"] = .string(text) }
            return
        }
        // A multiple selector's value: an array of option objects.
        if case .array(let items) = node.kind, !items.isEmpty {
            let pairs = items.compactMap { item -> (Value, String?)? in
                if case .mapping = item.kind { return optionObject(item) }
                return nil
            }
            if pairs.count == items.count {
                field.defaultValue = .array(pairs.map(\.0))
                let labelled = pairs.allSatisfy { p in field.options.contains { $0.value == p.0 && $0.label?.defaultText == p.1 } }
                if !labelled {
                    field.extensions["xlform.valueOptions"] = .array(pairs.map { p in
                        p.1.map { .object(["value": p.0, "displayText": .string($0)]) } ?? .object(["value": p.0])
                    })
                }
                return
            }
        }
        let dateKinds: [FieldKind] = [.date, .time, .dateTime, .countdown]
        let v = dateKinds.contains(field.kind) ? dateValue(node) : value(node)
        if v == .null { return }
        field.defaultValue = v
        let elements: [Value]
        if case .array(let items) = v { elements = items } else { elements = [v] }
        if !elements.isEmpty, elements.allSatisfy({ e in field.options.contains { $0.value == e && $0.label != nil } }) {
            field.extensions["xlform.plainValue"] = .bool(true)
        }
    }

    private mutating func validators(_ node: Node, into field: inout Field) {
        guard case .array(let items) = node.kind else { invalid(node, "'validators' must be an array"); return }
        for item in items {
            guard let obj = object(item, "a validator", known: ["type", "regex", "msg"]) else { continue }
            switch string(obj["type"], "type") {
            case "email": field.validation.named.append(.email)
            case "regex":
                guard let regex = string(obj["regex"], "regex") else {
                    diagnostics.warning("xlform.invalid-validator", "a regex validator needs 'regex'", at: item.location)
                    continue
                }
                let msg = string(obj["msg"], "msg").map { LocalizedText($0) }
                field.validation.patterns.append(PatternRule(regex: regex, message: msg, location: item.location))
            case let other:
                diagnostics.warning("xlform.invalid-validator",
                                    "validator type '\(other ?? "")' is not 'regex' or 'email'; it is ignored", at: item.location)
            }
        }
    }

    private mutating func decodeAction(_ node: Node, into field: inout Field) {
        guard let obj = object(node, "an action", known: Self.actionKeys) else { return }
        var nav = Navigation()
        nav.viewControllerClass = string(obj["viewControllerClass"], "viewControllerClass")
        nav.storyboardId = string(obj["viewControllerStoryboardId"], "viewControllerStoryboardId")
        nav.nibName = string(obj["viewControllerNibName"], "viewControllerNibName")
        nav.segueIdentifier = string(obj["formSegueIdentifier"], "formSegueIdentifier")
        if let n = obj["viewControllerPresentationMode"], let i = int(n, "viewControllerPresentationMode") {
            if Self.presentationModes.indices.contains(i) { nav.presentation = Self.presentationModes[i] }
            else { invalid(n, "'viewControllerPresentationMode' must be 0 (default), 1 (push) or 2 (present)") }
        }
        if nav != Navigation() { field.actions.append(.navigate(nav)) }
        if let sel = string(obj["formSelector"], "formSelector") {
            field.actions.append(.targetAction(target: nil, selector: sel))
        }
    }
}
