import FormIR
import DocumentTree

extension RMSEmitContext {
    /// The shipped class for a field, and whether it says exactly what the field's kind means.
    func cellClass(_ f: Field) -> (name: String, exact: Bool) {
        let opensURL = f.actions.contains { if case .openURL = $0 { return true }; return false }
        switch f.kind {
        case .text, .password: return ("RMSTextEntryCell", true)
        case .name, .email, .phone, .url, .twitter, .account, .postalCode, .multiline, .number, .integer, .decimal,
             .currency, .percent: return ("RMSTextEntryCell", false)
        case .boolean: return ("RMSSwitchCell", true)
        case .singleChoice: return ("RMSArrayPickerCell", true)
        case .multipleChoice: return ("RMSArrayPickerCell", false)
        case .date: return ("RMSDatePickerCell", true)
        case .time, .dateTime, .countdown: return ("RMSDatePickerCell", false)
        case .button:
            if f.presentation == .push { return ("RMSNavigationCell", true) }
            return (opensURL && !hasTargetAction(f) ? "RMSWebViewCell" : "RMSButtonCell", true)
        case .webView: return ("RMSWebViewCell", true)
        case .label: return ("RMSFormCell", true)
        default:
            if f.kind.isCustom {
                let name = String(f.kind.rawValue.dropFirst("custom.".count))
                if name.hasSuffix("Cell") { return (name, true) }
            }
            return (f.kind.isDisplayOnly ? "RMSFormCell" : "RMSTextEntryCell", false)
        }
    }

    func hasTargetAction(_ f: Field) -> Bool {
        f.actions.contains { if case .targetAction = $0 { return true }; return false }
    }

    /// Whether the emitter writes `representedObject`/`keyPath` for a field by default.
    static func bindsValue(_ f: Field) -> Bool { !f.kind.isDisplayOnly }

    /// Ids the RMSForm reader makes up for cells without key path or bind variable: `<kind><n>`.
    static func looksGenerated(_ f: Field) -> Bool {
        let stem = f.kind.rawValue.replacingOccurrences(of: "custom.", with: "")
        guard f.id.hasPrefix(stem) else { return false }
        let rest = f.id.dropFirst(stem.count)
        return !rest.isEmpty && rest.allSatisfy(\.isASCII) && rest.allSatisfy(\.isNumber)
    }

    func cell(_ f: Field, path: String, diagnostics: inout Diagnostics) -> Node {
        func loss(_ feature: String, _ message: String) {
            diagnostics.loss(feature, target: target, message, at: f.location, path: path)
        }
        let (cls, exact) = cellClass(f)
        let written = f.extensions["rmsform.className"]?.stringValue ?? cls
        if !exact && f.extensions["rmsform.className"] == nil {
            loss("kind.\(f.kind.rawValue)", "\(target) has no \(f.kind.rawValue) cell: '\(f.id)' is written as \(cls)")
        }
        if let p = f.presentation, !(p == .push && written == "RMSNavigationCell"),
           !(p == .picker && written == "RMSArrayPickerCell"), !(p == .toggle && written == "RMSSwitchCell") {
            loss("field.presentation", "\(target) cannot express the presentation \(p.rawValue) of '\(f.id)'")
        }
        var dict = common(f.extensions, binding: f.appBinding, defaultClass: cls, hidden: f.isHidden)
        var props: [(String, Node)] = []
        let ext = f.extensions
        let keyPath: String?
        switch ext["rmsform.keyPath"] {
        case .some(.string(let s)): keyPath = s
        case .some: keyPath = nil
        case .none: keyPath = Self.bindsValue(f) ? f.id : nil
        }
        switch ext["rmsform.representedObject"] {
        case .some(.null): break
        case .some(let v): props.append(("representedObject", Node(value: v)))
        case .none: if keyPath != nil { props.append(("representedObject", .string(":self"))) }
        }
        if let keyPath { props.append(("keyPath", .string(keyPath))) }
        if keyPath == nil && ext["rmsform.keyPath"] == nil && ext["rmsform.bindVariable"] == nil && !Self.looksGenerated(f) {
            loss("field.id", "\(written) cells carry no key path: the id '\(f.id)' is not written")
        }
        if let t = text(f.texts.label) { props.append(("labelText", .string(t))) }
        if written == "RMSTextEntryCell" {
            if let v = Self.spelling(ext["rmsform.spelling.secureTextEntry"], meaning: f.kind == .password) {
                props.append(("secureTextEntry", v))
            } else if f.kind == .password {
                props.append(("secureTextEntry", .bool(true)))
            }
        }
        if !f.options.isEmpty { props.append(("choices", .array(f.options.map { Node(value: $0.value) }))) }
        for action in f.actions {
            switch action {
            case .targetAction(let t, let sel):
                if let t { props.append(("target", .string(t))) }
                props.append(("selectorString", .string(sel)))
                if !["RMSButtonCell", "RMSTargetActionCell", "RMSNavigationCell"].contains(written) {
                    loss("action.target-action", "\(written) has no target/selector: the action of '\(f.id)' is lost")
                }
            case .openURL(let url):
                if written == "RMSWebViewCell" { props.append(("URLString", .string(url))) } else {
                    loss("action.open-url", "only RMSWebViewCell opens a URL: the URL of '\(f.id)' is lost")
                }
            default: break
            }
        }
        if let t = text(f.texts.selectorTitle) {
            if written == "RMSWebViewCell" { props.append(("title", .string(t))) } else {
                loss("text.selector-title", "only RMSWebViewCell has a title for the screen it shows: that of '\(f.id)' is lost")
            }
        }
        if let c = f.appBinding.cellClass {
            loss(Feature.appCellClass.rawValue, "the app draws it with its own class \(c); \(target) writes the \(written) RMSTableViews has for its kind")
        }
        finish(&dict, properties: props, ext: ext, binding: f.appBinding, labelKey: "labelText")
        return .mapping(dict)
    }
}
