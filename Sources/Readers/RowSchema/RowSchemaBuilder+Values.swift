import Foundation
import FormIR
import DocumentTree

/// Bounds, default values, options and actions.
extension RowSchemaBuilder {
    /// `value.minimum` / `value.maximum`: ISO 8601 dates on date rows, numbers elsewhere.
    mutating func bound(_ e: RowEntry, field: inout Field, path: String) {
        let isMin = e.key == "value.minimum"
        if RowSchemaTypes.isDate(field.kind) {
            guard let s = string(e, path: path), let iso = date(s, e, path: path) else { return }
            if isMin { field.validation.minDate = iso } else { field.validation.maxDate = iso }
        } else if let d = number(e, path: path) {
            if isMin { field.validation.minValue = d } else { field.validation.maxValue = d }
        }
    }

    /// An ISO 8601 date (kept as written) or the later revision's `/Date(ms)/`, converted to ISO 8601.
    mutating func date(_ text: String, _ e: RowEntry, path: String) -> String? {
        if let ms = Self.msDate(text) {
            laterRevision(e, "the date '\(text)'", path: path)
            return Self.iso(milliseconds: ms)
        }
        if Self.isISO8601(text) { return text }
        diagnostics.error(RowSchemaDiagnostic.invalidDate, "'\(e.key)' is '\(text)', not an ISO 8601 date",
                          at: textStart(e.value) ?? e.location, path: path)
        return nil
    }

    static func isISO8601(_ s: String) -> Bool {
        let pattern = #"^(\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?)?|\d{2}:\d{2}(:\d{2})?)$"#
        return s.range(of: pattern, options: .regularExpression) != nil
    }

    /// The milliseconds of `/Date(1234)/` (the closing slash is optional), else `nil`.
    static func msDate(_ s: String) -> Double? {
        guard s.hasPrefix("/Date("), let close = s.firstIndex(of: ")") else { return nil }
        let rest = s[s.index(after: close)...]
        guard rest.isEmpty || rest == "/" else { return nil }
        return Double(s[s.index(s.startIndex, offsetBy: 6)..<close])
    }

    static func iso(milliseconds ms: Double) -> String {
        let f = ISO8601DateFormatter()
        if ms.truncatingRemainder(dividingBy: 1000) != 0 { f.formatOptions.insert(.withFractionalSeconds) }
        return f.string(from: Date(timeIntervalSince1970: ms / 1000))
    }

    /// A default value (`value` of the later revision, `x-formconv-value` written by formconv).
    mutating func defaultValue(_ e: RowEntry, kind: FieldKind, path: String) -> Value? {
        if case .string(let s) = e.value.kind, RowSchemaTypes.isDate(kind) {
            return date(s, e, path: path).map(Value.date)
        }
        return Self.value(e.value)
    }

    /// `options`: an array of distinct scalar values.
    mutating func options(_ e: RowEntry, field: inout Field, path: String) {
        guard let items = array(e, path: path) else { return }
        var seen = Set<Value>()
        for node in items {
            let v: Value
            switch node.kind {
            case .string, .int, .double, .bool: v = Self.value(node)
            default:
                diagnostics.error(RowSchemaDiagnostic.typeMismatch,
                                  "each option must be a string or a number, found \(Self.describe(node))",
                                  at: node.location, path: path)
                continue
            }
            if !seen.insert(v).inserted {
                diagnostics.warning(RowSchemaDiagnostic.duplicateOption, "option '\(v.displayText)' appears twice",
                                    at: node.location, path: path)
                continue
            }
            field.options.append(Option(value: v, location: node.location))
        }
    }

    /// `options.display`: option value → text shown.
    mutating func optionLabels(_ e: RowEntry, field: inout Field, path: String) {
        guard let pairs = mapping(e, path: path) else { return }
        for p in pairs {
            guard let text = string(p, path: path) else { continue }
            if let i = field.options.firstIndex(where: { $0.value.displayText == p.key }) {
                field.options[i].label = LocalizedText(text)
            } else {
                diagnostics.warning(RowSchemaDiagnostic.invalidValue, "'options.display' names '\(p.key)', which is not an option",
                                    at: p.location, path: path)
            }
        }
    }

    /// The later revision's `action` object (or array of them).
    mutating func actions(_ e: RowEntry, into actions: inout [Action], path: String) {
        let nodes: [Node]
        switch e.value.kind {
        case .array(let a): nodes = a
        case .mapping: nodes = [e.value]
        default: mismatch(e, expected: "an action object", path: path); return
        }
        for node in nodes {
            let entries = Self.entries(node)
            guard let t = entries.first(where: { $0.key == "type" }) else {
                diagnostics.error(RowSchemaDiagnostic.missingKey, "action has no 'type'", at: node.location, path: path)
                continue
            }
            let types = ["submit", "push", "modal", "detail", "open_url", "share", "builtin"]
            guard let type = choice(t, types, path: path) else { continue }
            let url = entries.first(where: { $0.key == "url" || $0.key == "value" })?.value
            switch type {
            case "submit": actions.append(.submit)
            case "open_url":
                if case .string(let s)? = url?.kind { actions.append(.openURL(s)) } else { actions.append(.openURL("")) }
            default:
                var nav = Navigation(presentation: type)
                if case .string(let s)? = entries.first(where: { $0.key == "class" })?.value.kind { nav.viewControllerClass = s }
                actions.append(.navigate(nav))
            }
        }
    }
}
