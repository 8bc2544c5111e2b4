import FormIR

/// PLACEHOLDER — replaced by the work on this format.
public struct XLFormCodeEmitter: FormEmitter {
    public enum Language: String, Sendable { case swift, objc }
    public var language: Language
    public init(language: Language) { self.language = language }
    public var formatID: String { "xlform-swift" }
    public var supportedFeatures: Set<Feature> { [] }
    public func emit(_ form: Form, options: EmitOptions, diagnostics: inout Diagnostics) throws -> [UInt8] {
        throw EmitFailure(id: "format.unavailable", "writing this format is not built yet")
    }
}
