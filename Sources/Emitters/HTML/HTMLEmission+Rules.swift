import DocumentTree
import FormIR

extension HTMLEmission {
    /// Properties a relationship may set (`setProperty`) that the preview applies: texts and the
    /// required and editable flags.
    static let settableTexts: Set<String> = ["label", "placeholder", "detailLabel", "inlineLabel", "text"]

    /// One relationship: its condition (a function index, `null` for an unconditional rule), its target
    /// (indexes of fields, sections or pages) and its effects as the runtime applies them.
    mutating func ruleNode(_ rule: Rule, index i: Int) -> Node {
        let path = "/rules/\(i)"
        var o = SchemaObject()
        if let c = rule.condition {
            o.set("when", function(c, what: "condition of the relationship on \(rule.target)",
                                   at: rule.source?.location ?? rule.location, path: path, feature: "condition"))
            if o["when"] == .null { o.set("never", .bool(true)) }
        } else {
            o.set("when", .null)
        }
        switch rule.target {
        case .field(let id): o.set("fields", .array((fieldsByID[id] ?? []).map(Node.int)))
        case .section(let id): o.set("sections", .array((sectionsByID[id] ?? []).map(Node.int)))
        case .page(let id): o.set("pages", .array((pagesByID[id] ?? []).map(Node.int)))
        case .form: o.set("form", .bool(true))
        }
        o.set("then", .array(rule.then.compactMap { effect($0, rule: rule, path: path) }))
        o.set("else", .array(rule.otherwise.compactMap { effect($0, rule: rule, path: path) }))
        return o.node
    }

    private mutating func effect(_ e: Effect, rule: Rule, path: String) -> Node? {
        func op(_ name: String, _ more: [(String, Node)] = []) -> Node { .object([("do", .string(name))] + more) }
        switch e {
        case .show: return op("show")
        case .hide: return op("hide")
        case .enable: return op("enable")
        case .disable: return op("disable")
        case .submission(let policy): return op(policy.rawValue)
        case .setChecked(let b): return op("check", [("value", .bool(b))])
        case .setText(let t): return op("text", [("role", .string("text")), ("text", text(t))])
        case .setOptions(let options): return op("options", [("options", optionNodes(options))])
        case .copy(let sources):
            // Named parts the source lacks copy nothing (`CopyParts` reports them for every target).
            let from: [Node] = sources.compactMap { source in
                let parts = source.components.isEmpty ? [] : CopyParts.split(source, in: form).kept
                if !source.components.isEmpty, parts.isEmpty { return nil }
                if !parts.isEmpty, let field = fieldsByID[source.field]?.first.map({ plans[$0].field }), field.kind != .address {
                    diagnostics.loss(Feature.ruleCopy.rawValue, target: target,
                                     "html copies the whole value of '\(source.field)': the preview has no \(parts.joined(separator: ", ")) parts of it",
                                     at: rule.location, path: path)
                }
                return .object([("field", .string(source.field)), ("parts", .strings(parts))])
            }
            return op("copy", [("from", .array(from))])
        case .evaluate(let evaluation):
            switch evaluation {
            case .concatenate(let a, let connector, let b):
                return op("concat", [("a", .string(a)), ("b", .string(b)), ("with", .string(connector))])
            case .add(let a, let b): return op("add", [("a", .string(a)), ("b", .string(b))])
            case .subtract(let a, let b): return op("subtract", [("a", .string(a)), ("b", .string(b))])
            case .dateOffset(let seconds): return op("dateOffset", [("seconds", .int(seconds))])
            case .raw(let text):
                diagnostics.loss(Feature.ruleEvaluate.rawValue, target: target,
                                 "html cannot run the evaluation '\(text)' of the relationship on \(rule.target)",
                                 at: rule.location, path: path)
                return nil
            }
        case .setProperty(let name, let value):
            if Self.settableTexts.contains(name), let t = Self.localizedText(value) {
                return op("text", [("role", .string(name)), ("text", text(t))])
            }
            if name == "required" || name == "editable", let b = Self.flag(value) {
                return name == "required" ? op("require", [("value", .bool(b))]) : op(b ? "enable" : "disable")
            }
            diagnostics.loss(Feature.ruleSetProperty.rawValue, target: target,
                             "html cannot set the property '\(name)' of the relationship on \(rule.target)",
                             at: rule.location, path: path)
            return nil
        }
    }

    /// A property value as a text: a string, or MM XML elements kept as `{attributes, text}` objects
    /// (one per language).
    static func localizedText(_ v: Value) -> LocalizedText? {
        switch v {
        case .string(let s): return LocalizedText(s)
        case .object(let o):
            guard let t = o["text"]?.stringValue else { return nil }
            var locale: String?
            for pair in o["attributes"]?.arrayValue ?? [] {
                if let p = pair.arrayValue, p.count == 2, p[0].stringValue == "language" { locale = p[1].stringValue }
            }
            return LocalizedText(t, locale: locale)
        case .array(let items):
            var out = LocalizedText()
            for item in items {
                guard let t = localizedText(item), let e = t.entries.first else { return nil }
                out.set(e.text, locale: e.locale)
            }
            return out.isEmpty ? nil : out
        default: return nil
        }
    }

    static func flag(_ v: Value) -> Bool? {
        if let b = v.boolValue { return b }
        switch v.stringValue?.uppercased() {
        case "YES"?, "TRUE"?, "1"?: return true
        case "NO"?, "FALSE"?, "0"?: return false
        default: return nil
        }
    }
}
