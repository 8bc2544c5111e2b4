import FormIR
import DocumentTree

/// PLACEHOLDER — replaced by the work on this format.
public struct RowSchemaReader: FormReader {
    public var syntax: DocumentSyntax
    public init(syntax: DocumentSyntax) { self.syntax = syntax }
    public func read(_ input: InputDocument, diagnostics: inout Diagnostics) throws -> Form {
        throw ReadFailure(id: "format.unavailable", "reading this format is not built yet")
    }
}
