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
    public func emit(_ form: Form, options: EmitOptions, diagnostics: inout Diagnostics) throws -> [UInt8] {
        var projection = XLFormProjection(target: formatID, locale: options.locale)
        let model = projection.project(form)
        diagnostics.append(contentsOf: projection.diagnostics.items)
        let node = XLFormNodeWriter(syntax: syntax).node(model)
        for (si, section) in model.sections.enumerated() {
            let sectionNode = node["formSections"]?[si]
            for (ri, row) in section.rows.enumerated() {
                guard let rowNode = sectionNode?["formRows"]?[ri] else { continue }
                if syntax == .json, case .plain(.double(let d))? = row.value, !d.isFinite {
                    diagnostics.loss("value.non-finite", target: formatID,
                                     "\(formatID) cannot hold \(d); the value of row '\(row.tag ?? "")' is not written",
                                     at: row.location, path: "/formSections/\(si)/formRows/\(ri)/value", subject: row.tag)
                }
                UnwritableValues.report(rowNode, path: "/formSections/\(si)/formRows/\(ri)", syntax: syntax, target: formatID,
                                        at: row.location, subject: row.tag, into: &diagnostics)
            }
            if let t = section.template, let rowNode = sectionNode?["multivaluedRowTemplate"] {
                UnwritableValues.report(rowNode, path: "/formSections/\(si)/multivaluedRowTemplate", syntax: syntax,
                                        target: formatID, at: t.location, subject: t.tag, into: &diagnostics)
            }
        }
        switch syntax {
        case .json: return JSONWriter.write(node)
        case .plist: return PlistWriter.write(node)
        case .yaml: return try YAMLWriter.write(node)
        }
    }
}
