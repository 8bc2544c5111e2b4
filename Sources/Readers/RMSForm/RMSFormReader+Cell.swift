import FormIR
import DocumentTree

extension RMSReadContext {
    /// Cell classes RMSTableViews ships, and the IR kind each reads as.
    static let cellKinds: [String: FieldKind] = [
        "RMSTextEntryCell": .text, "RMSSwitchCell": .boolean, "RMSArrayPickerCell": .singleChoice,
        "RMSDatePickerCell": .date, "RMSButtonCell": .button, "RMSTargetActionCell": .button,
        "RMSNavigationCell": .button, "RMSWebViewCell": .webView, "RMSFormCell": .label,
        "RMSRightDetailFormCell": .label, "RMSDataCell": .label,
    ]
    /// The class the emitter writes for a kind when nothing else says (docs/rmsform.md).
    static func defaultClass(_ kind: FieldKind, presentation: Presentation?) -> String {
        switch kind {
        case .text, .password: return "RMSTextEntryCell"
        case .boolean: return "RMSSwitchCell"
        case .singleChoice: return "RMSArrayPickerCell"
        case .date: return "RMSDatePickerCell"
        case .button: return presentation == .push ? "RMSNavigationCell" : "RMSButtonCell"
        case .webView: return "RMSWebViewCell"
        case .label: return "RMSFormCell"
        default:
            let name = String(kind.rawValue.dropFirst("custom.".count))
            if kind.isCustom && name.hasSuffix("Cell") { return name }
            return kind.isDisplayOnly ? "RMSFormCell" : "RMSTextEntryCell"
        }
    }
    /// Whether the emitter writes `representedObject`/`keyPath` for a field of this kind by default.
    static func bindsValue(_ kind: FieldKind) -> Bool { !kind.isDisplayOnly }

    mutating func readCell(_ node: Node, path: String, row: Int) -> Field? {
        guard let entries = node.mappingEntries else {
            diagnostics.error("rmsform.expected-dictionary", "row \(row + 1) is \(node.typeName), not a dictionary",
                              at: node.location)
            return nil
        }
        var ext: Extensions = [:]
        var hidden = false
        var binding = AppBinding()
        readCommon(node, entries: entries, allowed: Self.cellKeys, into: &ext, hidden: &hidden, binding: &binding,
                   what: "row \(row + 1)")
        let className = node["className"]?.stringValue
        if node["className"] == nil {
            diagnostics.error("rmsform.missing-class", "row \(row + 1) has no className", at: node.location)
            ext["rmsform.className"] = .null
        }
        var kind = className.flatMap { Self.cellKinds[$0] } ?? .custom(className ?? "RMSFormCell")
        if let c = className, Self.cellKinds[c] == nil {
            diagnostics.warning("rmsform.custom-class", "cell class \(c) is not shipped with RMSTableViews; kept by name",
                                at: node.location)
        }
        var props = properties(of: node, extensions: &ext)
        var field = Field(id: "", kind: kind, isHidden: hidden, location: node.location)
        if className == "RMSNavigationCell" { field.presentation = .push }
        // RMSSwitchCell shows a switch: kept as such, so XLForm writes booleanSwitch and the row schema `switch`.
        if className == "RMSSwitchCell" { field.presentation = .toggle }
        func literal(_ key: String) -> String? {
            guard let s = props[key]?.stringValue, !s.hasPrefix(":") else { return nil }
            props[key] = nil
            return s
        }
        let represented = props["representedObject"]?.stringValue
        let keyPath = props["keyPath"]?.stringValue
        if let t = literal("labelText") { field.texts.label = LocalizedText(t) }
        switch className {
        case "RMSTextEntryCell":
            if let s = props["secureTextEntry"], let b = Self.truth(s) {
                if b { kind = .password; field.kind = .password }
                if s.boolValue == nil || !b { ext["rmsform.spelling.secureTextEntry"] = Self.value(s) }
                props["secureTextEntry"] = nil
            }
        case "RMSArrayPickerCell":
            if let c = props["choices"]?.arrayValue {
                field.options = c.map { Option(value: Self.value($0), location: $0.location) }
                props["choices"] = nil
            }
        case "RMSButtonCell", "RMSTargetActionCell", "RMSNavigationCell":
            if let sel = props["selectorString"]?.stringValue {
                let target = props["target"]
                if target == nil || target?.stringValue != nil {
                    field.actions.append(.targetAction(target: target?.stringValue, selector: sel))
                    props["selectorString"] = nil
                    props["target"] = nil
                }
            }
        case "RMSWebViewCell":
            if let url = literal("URLString") { field.actions.append(.openURL(url)) }
            if let t = literal("title") { field.texts.selectorTitle = LocalizedText(t) }
        default: break
        }
        if represented != nil { props["representedObject"] = nil }
        if keyPath != nil { props["keyPath"] = nil }
        field.id = identify(kind: kind, represented: represented, keyPath: keyPath,
                            bind: node["bindVariable"]?.stringValue, ext: &ext, location: node.location)
        if let cls = className, cls == Self.defaultClass(kind, presentation: field.presentation) {
            ext["rmsform.className"] = nil
        }
        Self.takeSubstitutions(&props, label: "labelText", into: &binding)
        if !props.isEmpty { ext["rmsform.properties"] = .object(props.mapValues(Self.value)) }
        field.appBinding = binding
        field.extensions = ext
        return field
    }

    /// The field id: the key path (qualified by a represented object other than `:self`), else the
    /// bind variable, else a generated `<kind><n>` (no extension marks it: the emitter recognises the shape); made unique with `_2`, `_3`, …. Records
    /// `rmsform.keyPath` / `rmsform.representedObject` when the emitter's default would differ.
    mutating func identify(kind: FieldKind, represented: String?, keyPath: String?, bind: String?,
                           ext: inout Extensions, location: SourceLocation?) -> String {
        var base: String
        var isGenerated = false
        if let keyPath {
            if let r = represented, r != ":self" {
                base = (r.hasPrefix(":") ? String(r.dropFirst()) : r) + "." + keyPath
            } else {
                base = keyPath
            }
        } else if let bind {
            base = bind
        } else {
            generated += 1
            base = kind.rawValue.replacingOccurrences(of: "custom.", with: "") + String(generated)
            isGenerated = true
        }
        var id = base
        var n = 2
        while ids.contains(id) { id = "\(base)_\(n)"; n += 1 }
        if id != base && !isGenerated {
            diagnostics.note("rmsform.duplicate-id", "a second cell binds '\(base)'; its field id is '\(id)'", at: location)
        }
        ids.insert(id)
        let defaultKeyPath: String? = Self.bindsValue(kind) ? id : nil
        if keyPath != defaultKeyPath { ext["rmsform.keyPath"] = keyPath.map(Value.string) ?? .null }
        let defaultRepresented: String? = keyPath != nil ? ":self" : nil
        if represented != defaultRepresented {
            ext["rmsform.representedObject"] = represented.map { $0.hasPrefix(":") ? .reference($0) : .string($0) } ?? .null
        }
        return id
    }
}
