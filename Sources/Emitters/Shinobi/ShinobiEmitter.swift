import FormIR

/// Writes ShinobiForms XML valid against the framework's schema (element order as the schema requires).
///
/// Pages are flattened into one list of sections; field ids that are not XML NCNames are renamed
/// deterministically and uniquely (`shinobi.renamed-field`), references (`toCompare`, field groups)
/// follow the new names. Everything else the vocabulary cannot say is reported as a loss: the generic
/// `LossCheck` features plus `kind.<kind>` (a kind written as a near element or a bare `field`),
/// `field.presentation`, `field.default-value`, `validation.value-range`, `validation.named`,
/// `validation.comparison`, `structure.section-id` and `form.id`.
public struct ShinobiEmitter: FormEmitter {
    /// An emitter of ShinobiForms XML; it takes no options.
    public init() {}
    /// The target id losses name (`shinobi`).
    public var formatID: String { "shinobi" }

    /// The IR features this output holds; `LossCheck` reports the others as losses.
    public var supportedFeatures: Set<Feature> {
        [.label, .sectionTitle, .validationGroups, .defaultValue, .options, .presentation, .customKind,
         .required, .valueRange, .pattern, .namedValidator, .comparison, .length]
    }

    /// Writes `form` as ShinobiForms XML; what it cannot hold is reported as losses in `diagnostics`.
    public func emit<Sink: OutputSink>(_ form: Form, options: EmitOptions, into sink: inout Sink,
                                       diagnostics: inout Diagnostics) throws {
        var context = ShinobiEmitContext(form: form, locale: options.locale, target: formatID)
        var renames = Diagnostics()
        context.renameFields(&renames)
        var generic = Diagnostics()
        LossCheck.report(form, supported: supportedFeatures, target: formatID, locale: options.locale,
                         keepingExtensions: ["shinobi"],
                         into: &generic)
        diagnostics.append(contentsOf: context.namingWrittenNames(generic.items))
        // ShinobiForms has no hidden fields; its documents say nothing of their values.
        HiddenFieldCheck.report(form, engine: nil, target: formatID, into: &diagnostics)
        diagnostics.append(contentsOf: renames.items)
        if form.id != nil {
            diagnostics.loss("form.id", target: formatID, "\(formatID) has no form id ('\(form.id!)')",
                             at: form.location, path: "/")
        }
        var xml = ShinobiXMLText()
        xml.open("form")
        let sections = form.pages.enumerated().flatMap { pi, page in
            page.sections.enumerated().map { (path: "/pages/\(pi)/sections/\($0)", section: $1) }
        }
        if !sections.isEmpty {
            xml.open("sections")
            for (path, section) in sections {
                if let id = section.id {
                    diagnostics.loss("structure.section-id", target: formatID,
                                     "\(formatID) has no section id ('\(id)')", at: section.location, path: path)
                }
                xml.open("section")
                if let title = section.title, let text = context.text(title) { xml.leaf("title", text) }
                if !section.fields.isEmpty {
                    xml.open("fields")
                    for field in section.fields {
                        context.write(field, path: "\(path)/fields/\(field.id)", to: &xml, diagnostics: &diagnostics)
                        UnwritableValues.reportOptionCharacters(field.options.compactMap(\.value.stringValue), owner: field.id,
                                                                writtenAs: context.byID[field.id], target: formatID, at: field.location, path: "\(path)/fields/\(field.id)",
                                                                into: &diagnostics)
                    }
                    xml.close("fields")
                }
                xml.close("section")
            }
            xml.close("sections")
        }
        if !form.validationGroups.isEmpty {
            xml.open("fieldGroups")
            for group in form.validationGroups {
                if group.isEmpty { xml.empty("fieldGroup"); continue }
                xml.open("fieldGroup")
                for name in group { xml.leaf("fieldName", context.reference(name)) }
                xml.close("fieldGroup")
            }
            xml.close("fieldGroups")
        }
        xml.close("form")
        if xml.replacedCharacters {
            diagnostics.warning("shinobi.invalid-character",
                                "some text held characters XML 1.0 cannot carry; they were written as U+FFFD")
        }
        sink.write(Array(xml.text.utf8))
    }
}

/// What one emission needs besides the output: the chosen locale and the NCName of every field.
struct ShinobiEmitContext {
    let form: Form
    let locale: String?
    let target: String
    /// NCName per field, by position in `form.allFields`.
    var names: [String] = []
    /// The NCName the first field with each id got.
    var byID: [String: String] = [:]
    var fieldIndex = 0

    init(form: Form, locale: String?, target: String) {
        self.form = form
        self.locale = locale
        self.target = target
    }

    mutating func renameFields(_ diagnostics: inout Diagnostics) {
        let fields = form.allFields
        names = ShinobiNames.assign(fields.map(\.id))
        for (field, name) in zip(fields, names) {
            if byID[field.id] == nil { byID[field.id] = name }
            if name != field.id {
                diagnostics.warning("shinobi.renamed-field",
                                    "field '\(field.id)' is written as '\(name)': ShinobiForms names must be unique XML NCNames",
                                    at: field.location)
            }
        }
    }

    /// `items` with the name each renamed field is written under added to the diagnostics about it
    /// (by IR path), so a loss names the field as the output has it too.
    func namingWrittenNames(_ items: [Diagnostic]) -> [Diagnostic] {
        var renamed: [String: String] = [:]  // a renamed field's IR path → the name it is written under
        var index = 0
        for (pi, page) in form.pages.enumerated() {
            for (si, section) in page.sections.enumerated() {
                for f in section.fields {
                    if index < names.count, names[index] != f.id {
                        renamed["/pages/\(pi)/sections/\(si)/fields/\(f.id)"] = names[index]
                    }
                    index += 1
                }
            }
        }
        guard !renamed.isEmpty else { return items }
        return items.map { d in
            guard let p = d.path, let name = Self.writtenName(at: p, in: renamed) else { return d }
            var d = d
            let written = " (written as '\(name)')"
            if let s = d.subject, d.message.hasPrefix(s + ": ") {
                d.message = s + written + d.message.dropFirst(s.count)
            } else {
                d.message += written
            }
            return d
        }
    }

    /// The written name of the renamed field whose IR path is `path` or holds it (the longest such
    /// path: a field id may contain `/`), looked up once per `/` of `path`, not once per renamed field.
    static func writtenName(at path: String, in renamed: [String: String]) -> String? {
        if let name = renamed[path] { return name }
        var end = path.endIndex
        while let slash = path[..<end].lastIndex(of: "/") {
            if let name = renamed[String(path[..<slash])] { return name }
            end = slash
        }
        return nil
    }

    /// The name a reference to field `id` is written with.
    func reference(_ id: String) -> String {
        byID[id] ?? (ShinobiNames.isNCName(id) ? id : ShinobiNames.sanitize(id))
    }

    func text(_ t: LocalizedText) -> String? { t.text(for: locale) }
}
