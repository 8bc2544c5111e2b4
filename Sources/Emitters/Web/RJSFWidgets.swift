import DocumentTree
import FormIR

/// rjsf's uiSchema directives for one property: a `ui:widget` alias valid for the property's JSON type
/// (rjsf throws "No widget … for type …" on any other), `ui:placeholder` and `ui:help`.
enum RJSFWidgets {
    /// The aliases rjsf accepts per JSON type (`@rjsf/utils` `getWidget` widget map), less `time`, which
    /// rjsf 4 lacks.
    static let aliases: [String: Set<String>] = [
        "boolean": ["checkbox", "radio", "select", "hidden"],
        "string": ["text", "textarea", "password", "email", "uri", "color", "date", "datetime", "date-time",
                   "alt-date", "alt-datetime", "file", "data-url", "radio", "select", "hidden"],
        "number": ["text", "updown", "range", "radio", "select", "hidden"],
        "integer": ["text", "updown", "range", "radio", "select", "hidden"],
        "array": ["select", "checkboxes", "files", "hidden"],
    ]

    static func directives(_ field: Field, property: Node, component: String?, locales: WebLocales) -> [(String, Node)] {
        var out: [(String, Node)] = []
        let type = property["type"]?.stringValue
        if component == nil, let type, let widget = widget(field, type: type, property: property),
           aliases[type]?.contains(widget) == true {
            out.append(("ui:widget", .string(widget)))
        }
        if component == nil, let p = field.texts.placeholder.flatMap(locales.baseText) { out.append(("ui:placeholder", .string(p))) }
        if component == nil, let h = field.texts.body.flatMap(locales.baseText) { out.append(("ui:help", .string(h))) }
        return out
    }

    private static func widget(_ field: Field, type: String, property: Node) -> String? {
        let choices = property["oneOf"] != nil || property["enum"] != nil
        let radio = field.presentation == .radio || field.presentation == .segmented
        switch type {
        case "array": return "checkboxes"
        case "boolean": return radio ? "radio" : nil
        case "integer", "number":
            if choices { return radio ? "radio" : nil }
            switch field.kind {
            case .stepper: return "updown"
            case .slider: return property["minimum"] != nil && property["maximum"] != nil ? "range" : "updown"
            default: return nil
            }
        case "string":
            if choices { return radio ? "radio" : nil }
            // Dates, times and e-mail addresses get their widget from `format` (rjsf picks it).
            switch field.kind {
            case .multiline: return "textarea"
            case .password: return "password"
            case .url: return "uri"
            case .photo, .signature: return "data-url"
            default: return nil
            }
        default: return nil
        }
    }
}
