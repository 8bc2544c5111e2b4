import FormIR

/// Reads formconv's IR JSON (`--from ir`), as written by `IREmitter`.
public struct IRReader: FormReader {
    public init() {}
    public func read(_ input: InputDocument, diagnostics: inout Diagnostics) throws -> Form {
        try IRDocument.decode(input.bytes, name: input.name)
    }
}
