import FormIR

/// PLACEHOLDER — replaced by the work on this format.
public struct JSONSchemaEmitter: FormEmitter {
    public init() {}
    public var formatID: String { "json-schema" }
    public var supportedFeatures: Set<Feature> { [] }
    public func emit(_ form: Form, options: EmitOptions, diagnostics: inout Diagnostics) throws -> [UInt8] {
        throw EmitFailure(id: "format.unavailable", "writing this format is not built yet")
    }
}
