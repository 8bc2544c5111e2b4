import FormIR
import DocumentTree

/// Writes an XLForm descriptor file (`xlform` as JSON, `xlform-plist` as an XML property list): keys
/// mirror `XLFormDescriptor`, `XLFormSectionDescriptor` and `XLFormRowDescriptor` (docs/xlform.md).
/// Pages are flattened into one list of sections; what XLForm cannot hold is reported as losses.
public struct XLFormEmitter: FormEmitter {
    public var syntax: DocumentSyntax
    public init(syntax: DocumentSyntax) { self.syntax = syntax }

    public var formatID: String { syntax == .plist ? "xlform-plist" : "xlform" }
    public var supportedFeatures: Set<Feature> { XLFormProjection.supportedFeatures }

    public func emit(_ form: Form, options: EmitOptions, diagnostics: inout Diagnostics) throws -> [UInt8] {
        var projection = XLFormProjection(target: formatID, locale: options.locale)
        let model = projection.project(form)
        diagnostics.append(contentsOf: projection.diagnostics.items)
        let node = XLFormNodeWriter(syntax: syntax).node(model)
        for (si, section) in model.sections.enumerated() {
            let sectionNode = node["formSections"]?[si]
            for (ri, row) in section.rows.enumerated() {
                guard let rowNode = sectionNode?["formRows"]?[ri] else { continue }
                reportUnwritableValues(rowNode, path: "/formSections/\(si)/formRows/\(ri)", at: row.location, into: &diagnostics)
            }
            if let t = section.template, let rowNode = sectionNode?["multivaluedRowTemplate"] {
                reportUnwritableValues(rowNode, path: "/formSections/\(si)/multivaluedRowTemplate", at: t.location, into: &diagnostics)
            }
        }
        switch syntax {
        case .json: return JSONWriter.write(node)
        case .plist: return PlistWriter.write(node)
        case .yaml: return try YAMLWriter.write(node)
        }
    }

    /// Plists have no null (the writer drops it) and JSON no NaN or infinity (written as null): each
    /// such value is a loss, named by its descriptor path (`/formSections/0/formRows/2/cellConfig/k`).
    private func reportUnwritableValues(_ node: Node, path: String, at location: SourceLocation?,
                                        into diagnostics: inout Diagnostics) {
        switch node.kind {
        case .null where syntax == .plist:
            diagnostics.loss("value.null", target: formatID, "\(formatID) has no null; the value at \(path) is dropped",
                             at: location, path: path)
        case .double(let d) where syntax != .plist && !d.isFinite:
            diagnostics.loss("value.non-finite", target: formatID, "\(formatID) cannot hold \(d); the value at \(path) is written as null",
                             at: location, path: path)
        case .array(let items):
            for (i, item) in items.enumerated() { reportUnwritableValues(item, path: "\(path)/\(i)", at: location, into: &diagnostics) }
        case .mapping(let entries):
            for e in entries { reportUnwritableValues(e.value, path: "\(path)/\(e.key)", at: location, into: &diagnostics) }
        default: break
        }
    }
}
