import FormIR
import DocumentTree

/// Writes the row-schema document of one form into a `DocumentSink` and records the losses only the
/// row schema knows about.
///
/// Where it writes is a `FeaturePlace` (a row's, a section's, the form's): its IR path and a loss's
/// subject are built only for a diagnostic recorded, and its own losses take the place itself, so no
/// path is read back. They name their subject without the form (`subject(in: nil)`: a group by its
/// position), as a loss given only its path does.
struct RowSchemaDocumentWriter {
    let form: Form
    let target: String
    let locale: String?
    var diagnostics = Diagnostics()
    /// Row `hidden` / `disabled` values derived from the form's rules and hidden containers.
    let states: RowSchemaStates
    /// Row types already worked out for a kind and presentation.
    var kinds: RowSchemaKind.Cache
    /// The option values of the options row being written, emptied for each row (one table for the
    /// document, not one a row).
    var optionValues = Set<String>()
    /// The option values of the options row being written as listed (`Value.displayText`), one for
    /// each option, made once for the `options` array and its `options.display`.
    var optionKeys: [String] = []

    init(form: Form, target: String, locale: String?) {
        var d = Diagnostics()
        self.init(form: form, target: target, locale: locale, states: RowSchemaStates(form: form, target: target, diagnostics: &d))
        self.diagnostics = d
    }

    /// A writer using `states` already worked out (their diagnostics are not this writer's).
    init(form: Form, target: String, locale: String?, states: RowSchemaStates) {
        self.form = form
        self.target = target
        self.locale = locale
        self.states = states
        kinds = RowSchemaKind.Cache(target: target)
    }

    /// The text for the writer's locale (`LocalizedText.text(for:)`; a single text is that text).
    func text(_ t: LocalizedText?) -> String? {
        guard let t else { return nil }
        if t.entries.count == 1 { return t.entries[0].text }
        return t.text(for: locale)
    }

    /// The whole document: one object with the title, the locale, the `sections` array (sections
    /// numbered across pages, in order) and the form's extensions.
    mutating func document<Sink: DocumentSink>(into out: inout RowSchemaOutput<Sink>) {
        out.beginObject(keepingKeys: true)
        out.set("title", text(form.title))
        out.set("locale", locale)
        // The schema has no read-only form: every row says `disabled: true` (for the engine), and
        // this key says it was the form's, so the form reads back read-only (docs/row-schema.md).
        if form.isDisabled { out.set("x-formconv-disabled", true) }
        out.key("sections")
        out.beginArray()
        var ordinal = 0
        for pi in form.pages.indices {
            for si in form.pages[pi].sections.indices {
                section(at: Place(page: pi, section: si, firstOrdinal: ordinal), into: &out)
                ordinal += form.pages[pi].sections[si].fields.count
            }
        }
        out.endArray()
        if !form.extensions.isEmpty {
            let unwritable = out.sink.unwritableNumbers.count
            extensions(form.extensions, into: &out, place: .form, location: form.location)
            reportUnwritableNumbers(since: unwritable, in: out, of: "the form", at: form.location, place: .form)
        }
        out.endObject()
    }

    /// A section's place in the form: its page and section numbers, and the ordinal of its first row.
    struct Place { var page: Int, section: Int, firstOrdinal: Int }

    /// The section object at `place`, after the duplicate-id warnings of its rows.
    mutating func section<Sink: DocumentSink>(at place: Place, into out: inout RowSchemaOutput<Sink>) {
        let (pi, si, ordinal) = (place.page, place.section, place.firstOrdinal)
        let section = form.pages[pi].sections[si]
        for fi in section.fields.indices where states.repeatsAnID(ordinal + fi) {
            diagnostics.warning("rowschema.duplicate-id",
                                "the row schema needs unique row ids; '\(section.fields[fi].id)' is written twice",
                                at: section.fields[fi].location,
                                path: "/pages/\(pi)/sections/\(si)/fields/\(section.fields[fi].id)")
        }
        hiddenContainer(pi, si, firstOrdinal: ordinal)
        self.section(section, at: place, into: &out)
    }

    /// The schema has no hidden section: its rows say `hidden` instead (`RowSchemaStates`), so the
    /// form reads back with the section shown and rows hidden. One loss on the section, and one on
    /// each row that now says `hidden: true` of its own. (Pages are flattened: their losses are
    /// the page's, `structure.pages`.)
    private mutating func hiddenContainer(_ pi: Int, _ si: Int, firstOrdinal: Int) {
        let section = form.pages[pi].sections[si]
        guard section.isHidden else { return }
        let feature = Feature.hiddenSection.rawValue
        diagnostics.loss(feature, target: target,
                         "\(target) has no hidden section: each of its rows says when it is hidden instead, and the section reads back shown",
                         at: section.location, place: .section(page: pi, si), in: nil)
        for fi in section.fields.indices where !section.fields[fi].isHidden && states.hidden(firstOrdinal + fi) == .always {
            let field = section.fields[fi]
            diagnostics.loss(feature, target: target,
                             "starts hidden because its section is; \(target) has no hidden section, so the row says hidden: true of its own",
                             at: field.location, place: .field(page: pi, section: si, id: field.id), in: nil)
        }
    }

    /// One section object, at `place`; its rows are the fields from `place.firstOrdinal` on.
    mutating func section<Sink: DocumentSink>(_ section: Section, at place: Place, into out: inout RowSchemaOutput<Sink>) {
        let here = FeaturePlace.section(page: place.page, place.section)
        let template = FeaturePlace.template(page: place.page, section: place.section)
        out.beginObject(keepingKeys: true)
        if let d = section.dynamic {
            // Built first: a template row's key replaces a `dynamic.*` key of the same name in place.
            var head = RowSchemaObject()
            head.set("type", "dynamic")
            head.set("dynamic.allowed.delete", d.allowsDelete)
            head.set("dynamic.allowed.insert", d.allowsInsert)
            head.set("dynamic.allowed.reorder", d.allowsReorder)
            head.set("dynamic.title.insert", text(d.insertTitle))
            head.set("dynamic.id.prefix", d.idPrefix ?? "default")
            if let t = d.template {
                var row = RowSchemaOutput(NodeBuilder())
                self.row(t, ordinal: nil, place: template, into: &row)
                for (key, _, value) in row.sink.root?.mappingEntries ?? [] where key != "id" {
                    head.set("dynamic.\(key)", value)
                }
            }
            let unwritable = out.sink.unwritableNumbers.count
            head.write(into: &out)
            reportUnwritableNumbers(since: unwritable, in: out, of: "the dynamic section's template row",
                                    at: d.template?.location ?? section.location, place: template)
            if let mode = d.insertMode {
                diagnostics.loss(Feature.dynamicSection.rawValue, target: target,
                                 "\(target) has no insert mode for dynamic sections ('\(mode)')", at: section.location, place: here, in: nil)
            }
        } else {
            out.set("type", "static")
        }
        out.set("x-formconv-title", text(section.title))
        out.set("x-formconv-footer", text(section.footer))
        out.key("items")
        out.beginArray()
        for fi in section.fields.indices {
            row(section.fields[fi], ordinal: place.firstOrdinal + fi,
                place: .field(page: place.page, section: place.section, id: section.fields[fi].id), into: &out)
        }
        out.endArray()
        if !section.extensions.isEmpty {
            let unwritable = out.sink.unwritableNumbers.count
            extensions(section.extensions, into: &out, place: here, location: section.location)
            reportUnwritableNumbers(since: unwritable, in: out, of: "the section", at: section.location, place: here)
        }
        out.endObject()
    }

    /// Writes back `rowschema.key.*` extensions (keys read but not understood) the object does not
    /// have yet; reports the later revision's keys, which the first revision cannot say.
    mutating func extensions<Sink: DocumentSink>(_ ext: Extensions, into out: inout RowSchemaOutput<Sink>,
                                                 place: FeaturePlace,
                                                 location: SourceLocation?) {
        for key in ext.keys.sorted() {
            if key.hasPrefix("rowschema.key.") {
                let name = String(key.dropFirst("rowschema.key.".count))
                if !out.has(name) { out.set(named: name, value: ext[key]!) }
            } else if key.hasPrefix("rowschema.later.") {
                let name = String(key.dropFirst("rowschema.later.".count))
                diagnostics.loss("later-revision", target: target,
                                 "'\(name)' belongs to the row schema's later revision; \(target) writes the first revision",
                                 at: location, place: place, in: nil)
            }
        }
    }
}
