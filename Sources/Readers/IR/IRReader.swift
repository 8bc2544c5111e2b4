import DocumentTree
import FormIR

/// Reads formconv's IR JSON (`--from ir`): version 2, as `IREmitter` writes it, and version 1, as
/// formconv wrote it before (docs/ir.md, docs/ir-v1.md).
///
/// The bytes go through `JSONReader` first, so invalid UTF-8, syntax errors and nesting beyond
/// `ParseLimits.maxDepth` fail with their exact position (`json.*`) before the IR is decoded; a
/// document that is JSON but not IR (`ir.invalid`) is reported at the value its JSON path names.
public struct IRReader: FormReader {
    /// The versions of the IR document this reader reads.
    public static let versions = [IRJSONVersion1.version, IRJSONDecoder.version]

    /// A reader of an IR JSON document (version 1 or 2); it takes no options.
    public init() {}

    /// Reads an IR JSON document (version 1 or 2) into a `Form`: problems are diagnostics; throws
    /// `ReadFailure` only when nothing can be read.
    public func read(_ input: InputDocument, diagnostics: inout Diagnostics) throws -> Form {
        let tree = try JSONReader.parse(input.bytes, name: input.name, diagnostics: &diagnostics)
        // `formconv-ir` tells version 2 and versions this formconv does not read; version 1, and any
        // document without a version, go to the version 1 decoder, which reports them as it always did.
        if let versionNode = tree["formconv-ir"], let version = versionNode.intValue, version != IRJSONVersion1.version {
            guard version == IRJSONDecoder.version else {
                throw ReadFailure(id: "ir.version", Message.unsupportedVersion(version),
                                  at: versionNode.location ?? SourceLocation(file: input.name, line: 1, column: 1))
            }
            return try IRJSONDecoder.decode(tree, diagnostics: &diagnostics)
        }
        do {
            return try IRJSONVersion1.decode(input.bytes, name: input.name)
        } catch var failure as ReadFailure {
            if let path = failure.diagnostic.path, let at = Self.locate(path, in: tree) {
                failure.diagnostic.location = at
            }
            throw failure
        }
    }

    /// Reads an IR document of either version; errors are thrown, warnings dropped.
    public static func decode(_ bytes: [UInt8], name: String) throws -> Form {
        var diagnostics = Diagnostics()
        let form = try IRReader().read(InputDocument(name: name, bytes: bytes), diagnostics: &diagnostics)
        if let error = diagnostics.errors.first { throw ReadFailure(error) }
        return form
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

    enum Message {
        static func unsupportedVersion(_ version: Int) -> String {
            "IR version \(version) is not supported (this formconv reads versions \(versions.map(String.init).joined(separator: " and ")))"
        }
    }
}
