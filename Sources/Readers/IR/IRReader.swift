import DocumentTree
import FormIR

/// Reads formconv's IR JSON (`--from ir`), as written by `IREmitter`.
///
/// The bytes go through `JSONReader` first, so invalid UTF-8, syntax errors and nesting beyond
/// `ParseLimits.maxDepth` fail with their exact position (`json.*`) before the IR is decoded; a
/// document that is JSON but not IR (`ir.invalid`) is reported at the value its JSON path names.
public struct IRReader: FormReader {
    public init() {}
    public func read(_ input: InputDocument, diagnostics: inout Diagnostics) throws -> Form {
        let tree = try JSONReader.parse(input.bytes, name: input.name, diagnostics: &diagnostics)
        do {
            return try IRDocument.decode(input.bytes, name: input.name)
        } catch var failure as ReadFailure {
            if let path = failure.diagnostic.path, let at = Self.locate(path, in: tree) {
                failure.diagnostic.location = at
            }
            throw failure
        }
    }

    /// The location of the deepest value along `path` (`/form/pages/0`) that the document holds.
    static func locate(_ path: String, in tree: Node) -> SourceLocation? {
        var node = tree
        for part in path.split(separator: "/").map(String.init) {
            if let i = Int(part), let child = node[i] {
                node = child
            } else if let child = node[part] {
                node = child
            } else {
                break
            }
        }
        return node.location
    }
}
