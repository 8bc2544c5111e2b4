import DocumentTree
import FormIR

/// Writes formconv's IR as JSON, version 2 (`--to ir`, docs/ir.md): every feature, so nothing is lost.
/// Laid out by `JSONFittedWriter` (100 columns), so the same form always gives the same bytes.
public struct IREmitter: FormEmitter {
    public init() {}
    public var formatID: String { "ir" }
    public var supportedFeatures: Set<Feature> { Set(Feature.allCases) }
    public func emit(_ form: Form, options: EmitOptions, diagnostics: inout Diagnostics) throws -> [UInt8] {
        Self.encode(form)
    }

    /// The version this emitter writes.
    public static let version = IRJSONEncoder.version

    /// The IR document of `form`.
    public static func encode(_ form: Form) -> [UInt8] {
        JSONFittedWriter.write(IRJSONEncoder(form: form).document(form), width: 100)
    }
}
