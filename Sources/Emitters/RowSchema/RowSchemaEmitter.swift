import FormIR
import DocumentTree

/// PLACEHOLDER — replaced by the work on this format.
public struct RowSchemaEmitter: FormEmitter {
    public var syntax: DocumentSyntax
    public init(syntax: DocumentSyntax) { self.syntax = syntax }
    public var formatID: String { "json" }
    public var supportedFeatures: Set<Feature> { [] }
    public func emit(_ form: Form, options: EmitOptions, diagnostics: inout Diagnostics) throws -> [UInt8] {
        throw EmitFailure(id: "format.unavailable", "writing this format is not built yet")
    }
}
