import FormIR

/// PLACEHOLDER — replaced by the work on this format.
public struct ShinobiReader: FormReader {
    public init() {}
    public func read(_ input: InputDocument, diagnostics: inout Diagnostics) throws -> Form {
        throw ReadFailure(id: "format.unavailable", "reading this format is not built yet")
    }
}
