import DocumentTree
import FormIR

/// Writes formconv's IR as JSON, version 2 (`--to ir`, docs/ir.md): every feature, so nothing is lost.
/// Laid out by `JSONFittedWriter` (100 columns), so the same form always gives the same bytes.
public struct IREmitter: FormEmitter {
    /// An emitter of the IR JSON document (version 2); it takes no options.
    public init() {}
    /// The target id losses name (`ir`).
    public var formatID: String { "ir" }
    /// The IR features this output holds; `LossCheck` reports the others as losses.
    public var supportedFeatures: Set<Feature> { Set(Feature.allCases) }
    /// Writes `form` as the IR JSON document (version 2); what it cannot hold is reported as losses in
    /// `diagnostics`.
    public func emit<Sink: OutputSink>(_ form: Form, options: EmitOptions, into sink: inout Sink,
                                       diagnostics: inout Diagnostics) throws {
        CopyParts.report(form, into: &diagnostics)  // the IR holds everything; a copy of missing parts still copies nothing
        sink.write(Self.encode(form))
    }

    /// The version this emitter writes.
    public static let version = IRJSONEncoder.version

    /// The IR document of `form`.
    public static func encode(_ form: Form) -> [UInt8] {
        JSONFittedWriter.write(IRJSONEncoder(form: form).document(form), width: 100)
    }
}
