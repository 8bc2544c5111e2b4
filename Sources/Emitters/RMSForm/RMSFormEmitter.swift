import FormIR
import DocumentTree

/// Writes RMSForm descriptors as an XML property list (`rmsform`) or JSON (`rmsform-json`).
///
/// Forms read from RMSForm come back as an equal descriptor (substitutions and a section's class from
/// the `AppBinding`; custom cell classes, bind variables, key paths and boolean spellings from
/// `rmsform.*` extensions). An XLForm `cellClass` is an `app.cell-class` loss. Forms from other
/// formats are written with the cell classes RMSTableViews ships only; section titles go to
/// `properties.headerTitle`/`footerTitle`; pages are flattened. What a descriptor cannot say is reported:
/// the generic `LossCheck` features plus `kind.<kind>` (a kind written as a near cell class),
/// `field.presentation`, `text.selector-title`, `action.open-url`, `action.target-action`, `field.id`
/// (an id neither a key path nor a `bindVariable` can carry: display cells keep theirs as `bindVariable`)
/// and `structure.section-id`.
public struct RMSFormEmitter: FormEmitter {
    /// The document syntax written.
    public var syntax: DocumentSyntax
    /// An emitter writing `syntax`.
    public init(syntax: DocumentSyntax) { self.syntax = syntax }
    /// The target id losses name: `rmsform-json` or `rmsform` (XML).
    public var formatID: String { syntax == .json ? "rmsform-json" : "rmsform" }

    /// The IR features this output holds; `LossCheck` reports the others as losses.
    public var supportedFeatures: Set<Feature> {
        [.sectionTitle, .sectionFooter, .hiddenSection, .label, .selectorTitle, .options, .hidden, .customKind,
         .presentation, .actionTargetAction, .actionOpenURL, .appOptions, .appLabel, .appEnabled, .appProperty,
         // A section's class is written as its className; a field's (an XLForm cellClass) is reported by `cell`.
         .appCellClass]
    }

    /// Writes `form` as RMSForm (XML or JSON, by `syntax`); what it cannot hold is reported as losses in
    /// `diagnostics`.
    public func emit<Sink: OutputSink>(_ form: Form, options: EmitOptions, into sink: inout Sink,
                                       diagnostics: inout Diagnostics) throws {
        guard syntax != .yaml else {
            throw EmitFailure(id: "rmsform.syntax", "RMSForm descriptors are property lists or JSON, not YAML")
        }
        LossCheck.report(form, supported: supportedFeatures, target: formatID, locale: options.locale,
                         keepingExtensions: ["rmsform"],
                         into: &diagnostics)
        // rmsform-form-descriptor.md says nothing of hidden rows' values or validation.
        HiddenFieldCheck.report(form, engine: nil, target: formatID, into: &diagnostics)
        let context = RMSEmitContext(locale: options.locale, target: formatID)
        var sections: [Node] = []
        var ids = RMSReadBackIDs()
        for (pi, page) in form.pages.enumerated() {
            for (si, section) in page.sections.enumerated() {
                let node = context.section(section, path: "/pages/\(pi)/sections/\(si)", ids: &ids,
                                           diagnostics: &diagnostics)
                reportUnwritableValues(node, of: section, index: sections.count, path: "/\(sections.count)", into: &diagnostics)
                sections.append(node)
            }
        }
        let root = Node.array(sections)
        switch syntax {
        case .json: sink.write(JSONWriter.write(root))
        default: sink.write(PlistWriter.write(root))
        }
    }

    /// Reports what the descriptor of `section` holds that the syntax cannot (plist null, JSON NaN or
    /// infinity): each cell at its field's position, the section's own keys at the section's.
    private func reportUnwritableValues(_ node: Node, of section: Section, index: Int, path: String,
                                        into diagnostics: inout Diagnostics) {
        guard case .mapping(let entries) = node.kind else { return }
        for e in entries {
            guard e.key == "rows", case .array(let cells) = e.value.kind, cells.count == section.fields.count else {
                UnwritableValues.report(e.value, path: "\(path)/\(UnwritableValues.pointerEscaped(e.key))", syntax: syntax,
                                        target: formatID, at: section.location, subject: "group '\(section.id ?? String(index + 1))'",
                                        into: &diagnostics)
                continue
            }
            for (i, cell) in cells.enumerated() {
                UnwritableValues.report(cell, path: "\(path)/rows/\(i)", syntax: syntax, target: formatID,
                                        at: section.fields[i].location, subject: section.fields[i].id, into: &diagnostics)
                if syntax == .plist {
                    let f = section.fields[i]
                    UnwritableValues.reportOptionCharacters(f.options.compactMap(\.value.stringValue), owner: f.id, target: formatID,
                                                            at: f.location, path: nil, into: &diagnostics)
                }
            }
        }
    }
}

/// What one emission needs: the locale texts are taken in and the target id for losses.
struct RMSEmitContext {
    let locale: String?
    let target: String

    func text(_ t: LocalizedText?) -> String? { t?.text(for: locale) }

    /// `className`, `bindVariable`, `enabled` as kept or as the IR says (`enabled` a substitution when
    /// the app decides it).
    func common(_ ext: Extensions, binding: AppBinding, defaultClass: String?, hidden: Bool) -> [(String, Node)] {
        var out: [(String, Node)] = []
        switch ext["rmsform.className"] {
        case .some(.null): break
        case .some(let v): out.append(("className", Node(value: v)))
        case .none: if let c = defaultClass { out.append(("className", .string(c))) }
        }
        if let b = ext["rmsform.bindVariable"] { out.append(("bindVariable", Node(value: b))) }
        if let e = binding.enabled {
            out.append(("enabled", .string(e)))
        } else if let e = ext["rmsform.enabled"] {
            out.append(("enabled", Node(value: e)))
        } else if let v = Self.spelling(ext["rmsform.spelling.enabled"], meaning: !hidden) {
            out.append(("enabled", v))
        } else if hidden {
            out.append(("enabled", .bool(false)))
        }
        return out
    }

    /// The original spelling of a boolean when it still means `meaning`.
    static func spelling(_ v: Value?, meaning: Bool) -> Node? {
        guard let v else { return nil }
        let truth: Bool?
        switch v {
        case .bool(let b): truth = b
        case .int(let i): truth = i != 0
        case .string(let s): truth = ["1", "yes", "true", "y"].contains(s.lowercased()) ? true
            : (["0", "no", "false", "n"].contains(s.lowercased()) ? false : nil)
        default: truth = nil
        }
        return truth == meaning ? Node(value: v) : nil
    }

    /// The kept extra properties and the substitutions of `binding` (sorted together; `labelKey` is the
    /// key of the label: `labelText`, `headerTitle`), the extra top-level keys, and the `properties` entry.
    func finish(_ dict: inout [(String, Node)], properties: [(String, Node)], ext: Extensions,
                binding: AppBinding, labelKey: String) {
        var props = properties
        var rest = ext["rmsform.properties"]?.objectValue ?? [:]
        for (key, s) in binding.properties { rest[key] = .reference(s) }
        if let s = binding.label { rest[labelKey] = .reference(s) }
        if let s = binding.options { rest["choices"] = .reference(s) }
        for key in rest.keys.sorted() where !props.contains(where: { $0.0 == key }) {
            props.append((key, Node(value: rest[key]!)))
        }
        if let odd = ext["rmsform.propertiesValue"] {
            dict.append(("properties", Node(value: odd)))
        } else if !props.isEmpty || ext["rmsform.emptyProperties"] == .bool(true) {
            dict.append(("properties", .mapping(props)))
        }
        if let keys = ext["rmsform.keys"]?.objectValue {
            for key in keys.keys.sorted() { dict.append((key, Node(value: keys[key]!))) }
        }
    }

    func section(_ s: Section, path: String, ids: inout RMSReadBackIDs, diagnostics: inout Diagnostics) -> Node {
        if let id = s.id {
            diagnostics.loss("structure.section-id", target: target, "\(target) has no section id ('\(id)')",
                             at: s.location, path: path)
        }
        var dict = common(s.extensions, binding: s.appBinding, defaultClass: s.appBinding.cellClass, hidden: s.isHidden)
        var props: [(String, Node)] = []
        if let t = text(s.title) { props.append(("headerTitle", .string(t))) }
        if let t = text(s.footer) { props.append(("footerTitle", .string(t))) }
        var rows: [Node] = []
        for f in s.fields { rows.append(cell(f, path: "\(path)/fields/\(f.id)", ids: &ids, diagnostics: &diagnostics)) }
        finish(&dict, properties: props, ext: s.extensions, binding: s.appBinding, labelKey: "headerTitle")
        if s.extensions["rmsform.rows"] != .bool(false) || !rows.isEmpty {
            let at = dict.firstIndex { !["className", "bindVariable", "enabled", "properties"].contains($0.0) } ?? dict.count
            dict.insert(("rows", .array(rows)), at: at)
        }
        return .mapping(dict)
    }
}
