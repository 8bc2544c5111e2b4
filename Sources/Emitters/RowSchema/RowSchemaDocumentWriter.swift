import FormIR
import DocumentTree

/// Builds the row-schema tree of one form and records the losses only the row schema knows about.
struct RowSchemaDocumentWriter {
    let form: Form
    let target: String
    let locale: String?
    var diagnostics = Diagnostics()
    /// Row `hidden` / `disabled` values derived from the form's rules and hidden containers.
    let states: RowSchemaStates

    init(form: Form, target: String, locale: String?) {
        self.form = form
        self.target = target
        self.locale = locale
        var d = Diagnostics()
        self.states = RowSchemaStates(form: form, target: target, diagnostics: &d)
        self.diagnostics = d
    }

    func text(_ t: LocalizedText?) -> String? { t?.text(for: locale) }

    mutating func document() -> Node {
        var root = RowSchemaObject()
        root.set("title", text(form.title))
        root.set("locale", locale)
        var sections: [Node] = []
        var seen = Set<String>()
        for (pi, page) in form.pages.enumerated() {
            for (si, section) in page.sections.enumerated() {
                for field in section.fields where !seen.insert(field.id).inserted {
                    diagnostics.warning("rowschema.duplicate-id",
                                        "the row schema needs unique row ids; '\(field.id)' is written twice",
                                        at: field.location, path: "/pages/\(pi)/sections/\(si)/fields/\(field.id)")
                }
                sections.append(self.section(section, path: "/pages/\(pi)/sections/\(si)"))
            }
        }
        root.set("sections", Node(.array(sections)))
        extensions(form.extensions, into: &root, path: "/", location: form.location)
        return root.node
    }

    mutating func section(_ section: Section, path: String) -> Node {
        var o = RowSchemaObject()
        o.set("type", section.dynamic == nil ? "static" : "dynamic")
        if let d = section.dynamic {
            o.set("dynamic.allowed.delete", d.allowsDelete)
            o.set("dynamic.allowed.insert", d.allowsInsert)
            o.set("dynamic.allowed.reorder", d.allowsReorder)
            o.set("dynamic.title.insert", text(d.insertTitle))
            o.set("dynamic.id.prefix", d.idPrefix ?? "default")
            if let t = d.template {
                for (key, value) in row(t, path: "\(path)/dynamic/template", template: true).pairs where key != "id" {
                    o.set("dynamic.\(key)", value)
                }
            }
            if let mode = d.insertMode {
                diagnostics.loss(Feature.dynamicSection.rawValue, target: target,
                                 "\(target) has no insert mode for dynamic sections ('\(mode)')", at: section.location, path: path)
            }
        }
        o.set("x-formconv-title", text(section.title))
        o.set("x-formconv-footer", text(section.footer))
        o.set("items", Node(.array(section.fields.map { row($0, path: "\(path)/fields/\($0.id)", template: false).node })))
        extensions(section.extensions, into: &o, path: path, location: section.location)
        return o.node
    }

    /// Writes back `rowschema.key.*` extensions (keys read but not understood); reports the later
    /// revision's keys, which the first revision cannot say.
    mutating func extensions(_ ext: Extensions, into o: inout RowSchemaObject, path: String, location: SourceLocation?) {
        for key in ext.keys.sorted() {
            if key.hasPrefix("rowschema.key.") {
                let name = String(key.dropFirst("rowschema.key.".count))
                if !o.has(name) { o.set(name, RowSchemaObject.node(ext[key]!)) }
            } else if key.hasPrefix("rowschema.later.") {
                let name = String(key.dropFirst("rowschema.later.".count))
                diagnostics.loss("later-revision", target: target,
                                 "'\(name)' belongs to the row schema's later revision; \(target) writes the first revision",
                                 at: location, path: path)
            }
        }
    }
}
