import FormIR

/// Writes formconv's IR as versioned JSON (`--to ir`): every feature, so nothing is lost.
public struct IREmitter: FormEmitter {
    public init() {}
    public var formatID: String { "ir" }
    public var supportedFeatures: Set<Feature> { Set(Feature.allCases) }
    public func emit(_ form: Form, options: EmitOptions, diagnostics: inout Diagnostics) throws -> [UInt8] {
        try IRDocument.encode(form)
    }
}
