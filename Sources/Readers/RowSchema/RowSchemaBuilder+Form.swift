import FormIR
import DocumentTree

/// The form and section objects.
extension RowSchemaBuilder {
    static let laterFormKeys: Set<String> = ["onchange", "onchange.submit.include.visible",
                                             "onchange.submit.include.hidden", "style.css"]

    mutating func form(_ root: Node) -> Form {
        // row-schema.md line 36 makes rows hideable (`hidden`) but says nothing of a hidden row's value
        // or of validating it (NOTES.md line 147's `onchange.submit.include.hidden` is a later revision's):
        // `hiddenFields` stays nil (the source does not say).
        var form = Form(location: root.location)
        var page = Page(isImplicit: true, location: root.location)
        var sawSections = false
        for e in Self.entries(root) {
            switch e.key {
            case "title":
                if let s = string(e, path: "/") { form.title = LocalizedText(s) }
            case "locale":
                if let s = string(e, path: "/") { form.defaultLocale = s }
            case "x-formconv-disabled":
                // formconv's mark of a read-only form (its rows also say `disabled: true`).
                if let b = bool(e, path: "/") { form.isDisabled = b }
            case "sections":
                sawSections = true
                guard let items = array(e, path: "/") else { continue }
                for (i, node) in items.enumerated() {
                    if let section = section(node, path: "/pages/0/sections/\(page.sections.count)", index: i) {
                        page.sections.append(section)
                    }
                }
            case _ where Self.laterFormKeys.contains(e.key):
                keepLater(e, path: "/", into: &form.extensions)
            default:
                unknownKey(e, in: "form", path: "/", into: &form.extensions)
            }
        }
        if !sawSections {
            diagnostics.error(RowSchemaDiagnostic.missingKey, "the form has no 'sections' array",
                              at: root.location, path: "/")
        }
        form.pages = [page]
        form.rules = rules
        checkReferences(form)
        return form
    }

    mutating func section(_ node: Node, path: String, index: Int) -> Section? {
        guard case .mapping = node.kind else {
            diagnostics.error(RowSchemaDiagnostic.typeMismatch,
                              "section \(index + 1) must be an object, found \(Self.describe(node))",
                              at: node.location, path: path)
            return nil
        }
        var section = Section(location: node.location)
        var isDynamic = false
        var dynamic = DynamicSection(allowsReorder: true)
        var templateEntries: [RowEntry] = []
        var templateNode: (RowEntry, Node)?
        var itemsEntry: RowEntry?
        for e in Self.entries(node) {
            switch e.key {
            case "type":
                if let t = choice(e, ["static", "dynamic"], path: path) { isDynamic = t == "dynamic" }
            case "items":
                itemsEntry = e
            case "dynamic.allowed.delete":
                if let b = bool(e, path: path) { dynamic.allowsDelete = b }
            case "dynamic.allowed.insert":
                if let b = bool(e, path: path) { dynamic.allowsInsert = b }
            case "dynamic.allowed.reorder":
                if let b = bool(e, path: path) { dynamic.allowsReorder = b }
            case "dynamic.title.insert":
                if let s = string(e, path: path) { dynamic.insertTitle = LocalizedText(s) }
            case "dynamic.insert.title":
                laterRevision(e, "'dynamic.insert.title' (first revision: 'dynamic.title.insert')", path: path)
                if let s = string(e, path: path) { dynamic.insertTitle = LocalizedText(s) }
            case "dynamic.id.prefix":
                if let s = string(e, path: path) { dynamic.idPrefix = s }
            case "dynamic.row":
                laterRevision(e, "'dynamic.row' (first revision: 'dynamic.*' row keys)", path: path)
                if case .mapping = e.value.kind { templateNode = (e, e.value) } else { mismatch(e, expected: "an object", path: path) }
            case "x-formconv-title":
                if let s = string(e, path: path) { section.title = LocalizedText(s) }
            case "x-formconv-footer":
                if let s = string(e, path: path) { section.footer = LocalizedText(s) }
            case "header", "title":
                laterRevision(e, "section '\(e.key)'", path: path)
                if let s = string(e, path: path) { section.title = LocalizedText(s) }
            case "footer":
                laterRevision(e, "section 'footer'", path: path)
                if let s = string(e, path: path) { section.footer = LocalizedText(s) }
            case "class":
                laterRevision(e, "section 'class'", path: path)
                if let s = string(e, path: path) { section.style.cssClass = s }
            case _ where e.key.hasPrefix("dynamic."):
                var t = e
                t.key = String(e.key.dropFirst("dynamic.".count))
                templateEntries.append(t)
            default:
                unknownKey(e, in: "section", path: path, into: &section.extensions)
            }
        }
        if let e = itemsEntry {
            if let items = array(e, path: path) {
                for (i, rowNode) in items.enumerated() {
                    if let f = row(rowNode, path: "\(path)/fields", index: i, template: false) { section.fields.append(f) }
                }
            }
        } else {
            diagnostics.error(RowSchemaDiagnostic.missingKey, "section \(index + 1) has no 'items' array",
                              at: node.location, path: path)
        }
        if isDynamic {
            if dynamic.idPrefix == nil { dynamic.idPrefix = "default" }
            let templatePath = "\(path)/dynamic/template"
            if let (_, n) = templateNode {
                dynamic.template = row(n, path: templatePath, index: 0, template: true, templateID: dynamic.idPrefix)
            } else if !templateEntries.isEmpty {
                dynamic.template = row(mappingNode(templateEntries, at: templateEntries[0].location), path: templatePath,
                                       index: 0, template: true, templateID: dynamic.idPrefix)
            }
            section.dynamic = dynamic
        } else if !templateEntries.isEmpty || templateNode != nil {
            let e = templateNode?.0 ?? templateEntries[0]
            diagnostics.warning(RowSchemaDiagnostic.invalidValue,
                                "'\(e.key)' only applies to sections of type 'dynamic'; ignored", at: e.location, path: path)
        }
        return section
    }

    /// A mapping node made of `entries` (the `dynamic.*` keys of a section, with the prefix removed).
    func mappingNode(_ entries: [RowEntry], at location: SourceLocation?) -> Node {
        Node(.mapping(entries.map { (key: $0.key, keyLocation: $0.keyLocation, value: $0.value) }), at: location)
    }

    /// Warns about `$tag`s in row predicates that name no row.
    mutating func checkReferences(_ form: Form) {
        for (i, rule) in rules.enumerated() {
            guard let condition = rule.condition else { continue }
            for id in condition.referencedFields where seenIDs[id] == nil {
                diagnostics.warning(RowSchemaDiagnostic.unknownReference, "the predicate names '$\(id)', which is not a row id",
                                    at: rule.source?.location ?? rule.location, path: "/rules/\(i)")
            }
        }
        for (pi, page) in form.pages.enumerated() {
            for (si, section) in page.sections.enumerated() {
                for field in section.fields {
                    for c in field.validation.comparisons where seenIDs[c.otherField] == nil {
                        diagnostics.warning(RowSchemaDiagnostic.unknownReference,
                                            "the rule of '\(field.id)' names '$\(c.otherField)', which is not a row id",
                                            at: c.location, path: "/pages/\(pi)/sections/\(si)/fields/\(field.id)")
                    }
                    for p in field.validation.predicates {
                        for id in p.condition.referencedFields where seenIDs[id] == nil {
                            diagnostics.warning(RowSchemaDiagnostic.unknownReference,
                                                "the rule of '\(field.id)' names '$\(id)', which is not a row id",
                                                at: p.location, path: "/pages/\(pi)/sections/\(si)/fields/\(field.id)")
                        }
                    }
                }
            }
        }
    }
}
