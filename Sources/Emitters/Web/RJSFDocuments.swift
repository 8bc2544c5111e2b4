import DocumentTree
import FormIR
import Lowering

/// The `schema` and `uiSchema` of one form in one language.
struct RJSFDocuments {
    var schema: Node
    var uiSchema: Node

    init(form: Form, locale: String?, target: String, diagnostics: inout Diagnostics) {
        var data = WebDataSchema(form: form, locale: locale, target: target, diagnostics: &diagnostics)
        let states = RuleStates(form: form)
        let locales = WebLocales(form: form, requested: locale)
        var root = SchemaObject()
        for e in data.schema.mappingEntries ?? [] { root.set(e.key, e.value) }
        // rjsf 4's AJV registers the root schema under its own key; a root `$id` makes every condition
        // check fail there (conditional fields never appear), and the form needs no id.
        root.remove("$id")
        var properties = root["properties"]?.mappingEntries ?? []
        var allOf = root["allOf"]?.arrayValue ?? []
        var ui: [(String, Node)] = [("ui:order", .strings(properties.map(\.key)))]
        var branches: [(when: Formula, keys: [String])] = []
        var sharedSeen: Set<String> = []
        for (pi, page) in form.pages.enumerated() {
            for (si, section) in page.sections.enumerated() {
                for field in section.fields {
                    let path = "/pages/\(pi)/sections/\(si)/fields/\(field.id)"
                    if field.kind.isDisplayOnly {
                        diagnostics.loss("kind.\(field.kind.rawValue)", target: target,
                                         "\(target) has no static element for the \(field.kind.rawValue) '\(field.id)'",
                                         at: field.location, path: path)
                        continue
                    }
                    let visible = states.submitting(field, section: section, page: page).visible
                    let enabled = states.enabled(.field(field.id), disabled: field.isDisabled)
                    // Enabling by condition is reported by LossCheck (`relationship.enable-disable`); the field keeps
                    // its initial state.
                    for e in data.keys[field.id] ?? [] {
                        guard let i = properties.firstIndex(where: { $0.key == e.key }) else { continue }
                        // A shared key: one property, shown while one of its fields is, directed by the first.
                        let shared = data.shared.visible[e.key]
                        if shared != nil, !sharedSeen.insert(e.key).inserted { continue }
                        let visible = shared ?? visible
                        let property = properties[i].value
                        var directives = RJSFWidgets.directives(field, property: property, component: e.component,
                                                                locales: locales)
                        if visible == .false { directives.append(("ui:widget", .string("hidden"))) }
                        if enabled == .false || (enabled != .true && field.isDisabled) { directives.append(("ui:disabled", .bool(true))) }
                        if !directives.isEmpty { ui.append((e.key, .object(Self.deduplicated(directives)))) }
                        guard data.shared.branches[e.key] == nil else { continue }  // its branches hold it
                        guard visible != .true, visible != .false, data.conditions.schema(visible) != nil else { continue }
                        if let b = branches.firstIndex(where: { $0.when == visible }) { branches[b].keys.append(e.key) }
                        else { branches.append((visible, [e.key])) }
                    }
                }
            }
        }
        diagnostics.append(contentsOf: data.conditions.diagnostics.items)
        for branch in branches {
            let moved = properties.filter { branch.keys.contains($0.key) }
            properties.removeAll { branch.keys.contains($0.key) }
            let then = Node.object([("properties", Node(.mapping(moved)))])
            allOf.append(.object([("if", data.conditions.schema(branch.when)!), ("then", then)]))
        }
        properties.removeAll { data.shared.branches[$0.key] != nil }
        root.set("properties", Node(.mapping(properties)))
        if !branches.isEmpty || !data.shared.branches.isEmpty {
            // Keys defined only in a branch would be "additional" to the top-level properties.
            root.remove("additionalProperties")
            root.set("allOf", .array(allOf))
        }
        schema = root.node
        uiSchema = .object(ui)
    }

    /// Later directives win over earlier ones of the same name.
    private static func deduplicated(_ pairs: [(String, Node)]) -> [(String, Node)] {
        var out: [(String, Node)] = []
        for (k, v) in pairs {
            if let i = out.firstIndex(where: { $0.0 == k }) { out[i].1 = v } else { out.append((k, v)) }
        }
        return out
    }
}
