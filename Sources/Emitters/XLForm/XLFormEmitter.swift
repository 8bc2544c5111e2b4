import FormIR
import DocumentTree

/// Writes an XLForm descriptor file (`xlform` as JSON, `xlform-plist` as an XML property list): keys
/// mirror `XLFormDescriptor`, `XLFormSectionDescriptor` and `XLFormRowDescriptor` (docs/xlform.md).
/// Pages are flattened into one list of sections; what XLForm cannot hold is reported as losses.
public struct XLFormEmitter: FormEmitter {
    /// The document syntax written.
    public var syntax: DocumentSyntax
    /// An emitter writing `syntax`.
    public init(syntax: DocumentSyntax) { self.syntax = syntax }

    /// The target id losses name: `xlform-plist` or `xlform` (JSON).
    public var formatID: String { syntax == .plist ? "xlform-plist" : "xlform" }
    /// The IR features this output holds; `LossCheck` reports the others as losses.
    public var supportedFeatures: Set<Feature> { XLFormProjection.supportedFeatures }

    /// Writes `form` as an XLForm descriptor (JSON or plist, by `syntax`); what it cannot hold is reported as
    /// losses in `diagnostics`.
    public func emit<Sink: OutputSink>(_ form: Form, options: EmitOptions, into sink: inout Sink,
                                       diagnostics: inout Diagnostics) throws {
        var projection = XLFormProjection(target: formatID, locale: options.locale)
        let model = projection.project(form)
        diagnostics.append(contentsOf: projection.diagnostics.items)
        let node = XLFormNodeWriter(syntax: syntax).node(model)
        if syntax == .plist {
            // XML 1.0 cannot hold control characters: `PlistWriter` writes U+FFFD for each.
            reportUnholdableText(node, except: ["formSections"], whose: "the form's texts", subject: nil, at: form.location, path: nil, into: &diagnostics)
        }
        for (si, section) in model.sections.enumerated() {
            let sectionNode = node["formSections"]?[si]
            if syntax == .plist, let sectionNode {
                reportUnholdableText(sectionNode, except: ["formRows", "multivaluedRowTemplate"], whose: "the section's texts", subject: section.path.map { FeaturePlace(path: $0).subject(in: nil) },
                                     at: section.location, path: section.path, into: &diagnostics)
            }
            for (ri, row) in section.rows.enumerated() {
                guard let rowNode = sectionNode?["formRows"]?[ri] else { continue }
                if syntax == .json, case .plain(.double(let d))? = row.value, !d.isFinite {
                    diagnostics.loss("value.non-finite", target: formatID,
                                     "\(formatID) cannot hold \(d); the value of row '\(row.tag ?? "")' is not written",
                                     at: row.location, path: "/formSections/\(si)/formRows/\(ri)/value", subject: row.tag)
                }
                UnwritableValues.report(rowNode, path: "/formSections/\(si)/formRows/\(ri)", syntax: syntax, target: formatID,
                                        at: row.location, subject: row.tag, into: &diagnostics)
                if syntax == .plist {
                    reportUnholdableText(rowNode, except: [], whose: "the texts of '\(row.tag ?? "")'", subject: row.tag, at: row.location, path: nil, into: &diagnostics)
                    UnwritableValues.reportOptionCharacters(UnwritableValues.optionValues(in: rowNode["selectorOptions"]), owner: row.tag ?? "",
                                                            target: formatID, at: row.location, path: nil, into: &diagnostics)
                }
            }
            if let t = section.template, let rowNode = sectionNode?["multivaluedRowTemplate"] {
                UnwritableValues.report(rowNode, path: "/formSections/\(si)/multivaluedRowTemplate", syntax: syntax,
                                        target: formatID, at: t.location, subject: t.tag, into: &diagnostics)
            }
        }
        switch syntax {
        case .json: sink.write(JSONWriter.write(node))
        case .plist: sink.write(PlistWriter.write(node))
        case .yaml: sink.write(try YAMLWriter.write(node))
        }
    }

    /// One loss for the texts of one row, section or the form (not those under `except`) holding
    /// characters XML 1.0 cannot hold, which the property list gets as U+FFFD.
    private func reportUnholdableText(_ node: Node, except: Set<String>, whose: String, subject: String?, at location: SourceLocation?,
                                      path: String?, into diagnostics: inout Diagnostics) {
        var replaced = 0
        func walk(_ n: Node, top: Bool) {
            switch n.kind {
            case .string(let s): replaced += XMLEscaping.escaped(s).replaced
            case .array(let items): for i in items { walk(i, top: false) }
            case .mapping(let entries):
                for e in entries where !(top && except.contains(e.key)) {
                    replaced += XMLEscaping.escaped(e.key).replaced
                    walk(e.value, top: false)
                }
            default: break
            }
        }
        walk(node, top: true)
        guard replaced > 0 else { return }
        diagnostics.loss("text.invalid-character", target: formatID,
                         "\(replaced) character(s) in \(whose) cannot be held by XML 1.0 and are written as U+FFFD",
                         at: location, path: path, subject: subject)
    }
}
