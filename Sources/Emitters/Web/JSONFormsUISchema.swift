import DocumentTree
import FormIR
import Lowering

/// Builds a JSON Forms UI schema and its translation keys. Each element carries at most one rule, so a
/// control that is both shown and enabled by condition is wrapped in a `VerticalLayout` holding the
/// `SHOW` rule.
struct JSONFormsUISchema {
    let web: WebEmitContext
    var data: WebDataSchema
    var translations: JSONFormsTranslations
    var diagnostics = Diagnostics()

    init(_ web: WebEmitContext, data: WebDataSchema) {
        self.web = web
        self.data = data
        self.translations = JSONFormsTranslations(locales: web.locales)
    }

    mutating func build() -> Node {
        var pages: [Node] = []
        for (pi, page) in web.form.pages.enumerated() {
            var groups: [Node] = []
            for (si, section) in page.sections.enumerated() {
                groups.append(group(section, path: "/pages/\(pi)/sections/\(si)"))
            }
            let visible = page.id.map { web.rules.visible(.page($0), hidden: page.isHidden) } ?? .constant(!page.isHidden)
            if web.form.pages.count == 1 {
                return ruled(.object([("type", .string("VerticalLayout")), ("elements", .array(groups))]), visible: visible)
            }
            var o = SchemaObject()
            o.set("type", .string("Category"))
            o.set("label", .string(page.title.flatMap(web.locales.baseText) ?? page.id ?? "Page \(pi + 1)"))
            if let id = page.id, let title = page.title {
                o.set("i18n", .string(id))
                translations.add(title, key: "\(id).label")
            }
            o.set("elements", .array(groups))
            pages.append(ruled(o.node, visible: visible))
        }
        var root = SchemaObject()
        root.set("type", .string("Categorization"))
        root.set("label", .string(web.form.title.flatMap(web.locales.baseText) ?? ""))
        root.set("elements", .array(pages))
        return root.node
    }

    private mutating func group(_ section: Section, path: String) -> Node {
        var o = SchemaObject()
        o.set("type", .string("Group"))
        o.set("label", .string(section.title.flatMap(web.locales.baseText) ?? ""))
        if let id = section.id, let title = section.title {
            o.set("i18n", .string(id))
            translations.add(title, key: "\(id).label")
        }
        var elements: [Node] = []
        for field in section.fields { elements += self.elements(field, path: "\(path)/fields/\(field.id)") }
        o.set("elements", .array(elements))
        let visible = section.id.map { web.rules.visible(.section($0), hidden: section.isHidden) } ?? .constant(!section.isHidden)
        return ruled(o.node, visible: visible)
    }

    /// The controls of a field's data keys, or a `Label` for a display field.
    private mutating func elements(_ field: Field, path: String) -> [Node] {
        let visible = web.rules.visible(.field(field.id), hidden: field.isHidden)
        if field.kind.isDisplayOnly {
            guard let text = field.texts.body ?? field.texts.label else {
                diagnostics.loss("kind.\(field.kind.rawValue)", target: web.target,
                                 "\(web.target) has no element for the textless \(field.kind.rawValue) '\(field.id)'",
                                 at: field.location, path: path)
                return []
            }
            translations.add(text, key: "\(field.id).text")
            let label = Node.object([("type", .string("Label")), ("text", .string(web.locales.baseText(text) ?? "")),
                                     ("i18n", .string(field.id))])
            return [ruled(label, visible: visible)]
        }
        if field.texts.body != nil {
            diagnostics.loss(Feature.bodyText.rawValue, target: web.target,
                             "\(web.target) shows body text only as a Label; '\(field.id)' holds a value",
                             at: field.location, path: path)
        }
        guard let entries = data.keys[field.id], !entries.isEmpty else {
            diagnostics.loss("structure.unsubmitted-field", target: web.target,
                             "\(web.target) has no control for '\(field.id)': its data schema holds only submitted values",
                             at: field.location, path: path)
            return []
        }
        var controls: [Node] = []
        for e in entries {
            if e.key.contains(".") {
                diagnostics.warning("jsonforms.dotted-key",
                                    "JSON Forms reads the dot in the data key '\(e.key)' of '\(field.id)' as nesting: the control stores its value under '\(e.key.split(separator: ".").joined(separator: "' → '"))'",
                                    at: field.location, path: path)
            }
            var o = SchemaObject()
            o.set("type", .string("Control"))
            o.set("scope", .string(data.shared.scope(e)))
            // Each field of a shared key has its own labels and option titles.
            let i18n = data.shared.isLater(e) ? "\(e.key).\(field.id)" : e.key
            o.set("i18n", .string(i18n))
            translations.addControl(field, title: web.titles.title(of: field)?.text, key: i18n, component: e.component)
            if e.component == nil, field.kind == .multiline { o.set("options", .object([("multi", .bool(true))])) }
            if e.component == nil, field.presentation == .radio || field.presentation == .segmented,
               !field.options.isEmpty, !field.allowsMultiple {
                o.set("options", .object([("format", .string("radio"))]))
            }
            controls.append(o.node)
        }
        var element = controls.count == 1 ? controls[0]
            : .object([("type", .string("VerticalLayout")), ("elements", .array(controls))])
        element = ruled(element, enabled: web.rules.enabled(.field(field.id), disabled: field.isDisabled))
        return [ruled(element, visible: visible)]
    }

    /// `element` with a `SHOW`/`HIDE` rule for `visible`, wrapped when it already has a rule.
    private mutating func ruled(_ element: Node, visible: Formula) -> Node {
        attach(element, formula: visible, effects: ("SHOW", "HIDE"))
    }

    private mutating func ruled(_ element: Node, enabled: Formula) -> Node {
        attach(element, formula: enabled, effects: ("ENABLE", "DISABLE"))
    }

    private mutating func attach(_ element: Node, formula: Formula, effects: (on: String, off: String)) -> Node {
        let rule: Node
        switch formula {
        case .constant(true): return element
        case .constant(false):
            rule = .object([("effect", .string(effects.off)), ("condition", Self.condition(.object([])))])
        default:
            guard let schema = data.conditions.schema(formula) else { return element }
            rule = .object([("effect", .string(effects.on)), ("condition", Self.condition(schema))])
        }
        guard var entries = element.mappingEntries else { return element }
        if entries.contains(where: { $0.key == "rule" }) {
            return .object([("type", .string("VerticalLayout")), ("elements", .array([element])), ("rule", rule)])
        }
        entries.append((key: "rule", keyLocation: nil, value: rule))
        return Node(.mapping(entries))
    }

    /// A schema-based condition over the whole form data.
    static func condition(_ schema: Node) -> Node {
        .object([("scope", .string("#")), ("schema", schema)])
    }
}
