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

    /// The string a kept `rmsform.*` value is written as, when it is one.
    static func writtenString(_ v: Value?) -> String? {
        switch v {
        case .string(let s)?, .reference(let s)?: return s
        default: return nil
        }
    }

    func cell(_ f: Field, path: String, ids: inout RMSReadBackIDs, diagnostics: inout Diagnostics) -> Node {
        func loss(_ feature: String, _ message: String) {
            diagnostics.loss(feature, target: target, message, at: f.location, path: path)
        }
        let (cls, exact) = cellClass(f)
        let written = f.extensions["rmsform.className"]?.stringValue ?? cls
        if !exact && f.extensions["rmsform.className"] == nil {
            loss("kind.\(f.kind.rawValue)", "\(target) has no \(f.kind.rawValue) cell: '\(f.id)' is written as \(cls)")
            reportNearCell(f, written: cls, loss: loss)
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
        identify(f, written: written, keyPath: keyPath, props: props, dict: &dict, ids: &ids, loss: loss)
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

    /// Keeps the id of a cell the reader would identify otherwise: a cell with neither key path nor
    /// bind variable gets `bindVariable` = its id (RMSForm's own name for a cell; the view controller
    /// must have that property, as it has the key paths of value cells) unless the reader's generated
    /// `<kind><n>` already is its id. An id that cannot be a property name, or one the reader
    /// would make unique, is a `field.id` loss naming the id it reads back as.
    private func identify(_ f: Field, written: String, keyPath: String?, props: [(String, Node)],
                          dict: inout [(String, Node)], ids: inout RMSReadBackIDs, loss: (String, String) -> Void) {
        let back: String
        if let keyPath {
            let represented = props.first { $0.0 == "representedObject" }?.1.stringValue
            if let r = represented, r != ":self" {
                back = ids.claim((r.hasPrefix(":") ? String(r.dropFirst()) : r) + "." + keyPath)
            } else {
                back = ids.claim(keyPath)
            }
        } else if let bind = Self.writtenString(f.extensions["rmsform.bindVariable"]) {
            back = ids.claim(bind)
        } else {
            let stem = RMSReadBackIDs.stem(className: written, secure: f.kind == .password)
            if f.extensions["rmsform.bindVariable"] == nil, ids.generatedID(stem: stem) != f.id,
               RMSReadBackIDs.isBindable(f.id), !ids.isTaken(f.id) {
                _ = ids.claim(f.id)
                let at = (dict.firstIndex { $0.0 == "className" }).map { $0 + 1 } ?? 0
                dict.insert(("bindVariable", .string(f.id)), at: at)
                return
            }
            back = ids.claimGenerated(stem: stem)
        }
        if back != f.id {
            let why = keyPath == nil && Self.writtenString(f.extensions["rmsform.bindVariable"]) == nil
                && !RMSReadBackIDs.isBindable(f.id)
                ? "\(written) cells carry no key path and a bindVariable must be a property name"
                : "a cell before it reads back under that name"
            loss("field.id", "the id '\(f.id)' is not kept: the cell reads back as '\(back)' (\(why))")
        }
    }

    /// What a near class loses beyond the kind: the e-mail check an email field makes (unless a named
    /// validator says it, which `LossCheck` reports) and the parts a composite answer submits.
    private func reportNearCell(_ f: Field, written: String, loss: (String, String) -> Void) {
        if f.kind == .email && !f.validation.named.contains(.email) {
            loss(Feature.namedValidator.rawValue,
                 "\(target) cannot express the email validation of '\(f.id)': \(written) accepts any text, not only an e-mail address")
        }
        // Date parts are the date encoding, which `LossCheck` reports (`submission.date-encoding`).
        let parts = SubmissionModel.keys(for: f).filter { k in k.component.map { !["day", "month", "year"].contains($0) } ?? false }
            .map(\.key)
        if parts.count > 1 {
            loss(Feature.submitKey.rawValue,
                 "\(target) cannot express the parts '\(f.id)' submits (\(parts.joined(separator: ", "))): \(written) holds one text, kept at the key path '\(f.id)'")
        }
    }
}
