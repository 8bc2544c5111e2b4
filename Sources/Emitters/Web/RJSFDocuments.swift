import DocumentTree
import FormIR
import Lowering

/// The `schema` and `uiSchema` of one form in one language.
struct RJSFDocuments {
    var schema: Node
    var uiSchema: Node

    private typealias Property = (key: String, keyLocation: SourceLocation?, value: Node)

    /// The documents in `locale`, one of the form's `formLocales`.
    init(form: Form, locale: String?, formLocales: WebLocales, target: String, diagnostics: inout Diagnostics) {
        var data = WebDataSchema(form: form, locale: locale, target: target, diagnostics: &diagnostics)
        let states = RuleStates(form: form)
        let locales = formLocales.requesting(locale, in: form)
        var root = SchemaObject()
        for e in data.schema.mappingEntries ?? [] { root.set(e.key, e.value) }
        // rjsf 4's AJV registers the root schema under its own key; a root `$id` makes every condition
        // check fail there (conditional fields never appear), and the form needs no id.
        root.remove("$id")
        var properties = root["properties"]?.mappingEntries ?? []
        var allOf = root["allOf"]?.arrayValue ?? []
        var ui: [(String, Node)] = [("ui:order", .strings(properties.map(\.key)))]
        // Built once, so each key costs the same however many there are: the position of each key's
        // property, the branch of each condition (in order of first use) and the branch each key moves to.
        var propertyIndex: [String: Int] = [:]
        for (i, p) in properties.enumerated() where propertyIndex[p.key] == nil { propertyIndex[p.key] = i }
        var branches: [Formula] = []
        var branchIndex: [Formula: Int] = [:]
        var branchOfKey: [String: Int] = [:]
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
                        guard let i = propertyIndex[e.key] else { continue }
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
                        let b = branchIndex[visible] ?? branches.count
                        if b == branches.count {
                            branchIndex[visible] = b
                            branches.append(visible)
                        }
                        branchOfKey[e.key] = min(branchOfKey[e.key] ?? b, b)
                    }
                }
            }
        }
        diagnostics.append(contentsOf: data.conditions.diagnostics.items)
        // One pass over the properties: each moves into its key's branch, in the properties' order.
        var moved = Array(repeating: [Property](), count: branches.count)
        var kept: [Property] = []
        for p in properties {
            if let b = branchOfKey[p.key] { moved[b].append(p) } else { kept.append(p) }
        }
        properties = kept
        for (when, moved) in zip(branches, moved) {
            let then = Node.object([("properties", Node(.mapping(moved)))])
            allOf.append(.object([("if", data.conditions.schema(when)!), ("then", then)]))
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
