import FormIR
import DocumentTree

/// Reads an XLForm descriptor file (`xlform`, `xlform-plist`): a JSON or property-list (XML or binary)
/// document whose keys mirror `XLFormDescriptor`, `XLFormSectionDescriptor` and `XLFormRowDescriptor`
/// (docs/xlform.md). The syntax is sniffed from the first bytes. Every row type, value type, predicate
/// and cell configuration is kept, so XLForm → IR → XLForm loses nothing; unknown keys and malformed
/// values are reported with their positions and skipped.
public struct XLFormReader: FormReader {
    /// A reader of an XLForm descriptor (JSON or plist); it takes no options.
    public init() {}

    /// Reads an XLForm descriptor (JSON or plist) into a `Form`: problems are diagnostics; throws
    /// `ReadFailure` only when nothing can be read.
    public func read(_ input: InputDocument, diagnostics: inout Diagnostics) throws -> Form {
        let syntax = Self.sniff(input.bytes)
        let root: Node
        switch syntax {
        case .plist: root = try PlistReader.parse(input.bytes, name: input.name, diagnostics: &diagnostics)
        default: root = try JSONReader.parse(input.bytes, name: input.name, diagnostics: &diagnostics)
        }
        var decoder = XLFormDecoder(file: input.name, syntax: syntax)
        let form = try decoder.decodeForm(root)
        diagnostics.append(contentsOf: decoder.diagnostics.items)
        return form
    }

    /// `.plist` for binary plists and XML documents, `.json` otherwise.
    static func sniff(_ bytes: [UInt8]) -> DocumentSyntax {
        if bytes.starts(with: Array("bplist".utf8)) { return .plist }
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        return i < bytes.count && bytes[i] == UInt8(ascii: "<") ? .plist : .json
    }
}
