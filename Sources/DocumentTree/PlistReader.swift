import FormIR

/// Reads property lists, XML (`<plist version="1.0">`) or binary (`bplist00`), into a `Node` tree.
///
/// XML: `dict`, `array`, `string`, `integer` (decimal or `0x` hex), `real` (also `nan`, `±infinity`),
/// `true`, `false`, `date` (ISO 8601 text kept as written), `data` (base64). Read with the shared
/// libxml2 reader (`XMLTreeReader`) without ever resolving external entities or loading the DTD a
/// DOCTYPE names, and with entity declarations refused. Positions are those of each element's `<`. Malformed XML throws `plist.syntax`; problems inside a well-formed plist (unknown
/// element, key without value, duplicate key, bad number or base64) are error diagnostics.
///
/// Binary: the `bplist00` format decoded here (trailer, offset table, object references) with
/// every count and offset checked against the input size, cycles refused, and values shared by
/// reference bounded by `limits.maxAliasNodes` (`plist.invalid`). UIDs read as `{"CF$UID": n}`, sets
/// as arrays; every node is located at line 1, column 1.
public enum PlistReader {
    /// Parses a property list (XML or binary) into a tree named `name`; problems go to `diagnostics`, and it
    /// throws when the bytes are not a property list.
    public static func parse(_ bytes: [UInt8], name: String, limits: ParseLimits = ParseLimits(),
                             diagnostics: inout Diagnostics) throws -> Node {
        if isBinary(bytes) {
            var decoder = try BinaryPlistDecoder(bytes, file: name, limits: limits)
            let node = try decoder.decode()
            diagnostics.append(contentsOf: decoder.diagnostics.items)
            return node
        }
        return try XMLPlistParser.parse(bytes, file: name, limits: limits, diagnostics: &diagnostics)
    }

    /// Whether `bytes` is a binary property list (starts with `bplist`).
    public static func isBinary(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 6 && bytes[0..<6].elementsEqual("bplist".utf8)
    }

    /// Parses `text` (convenience for tests and small inline documents).
    public static func parse(_ text: String, name: String = "<string>", limits: ParseLimits = ParseLimits(),
                             diagnostics: inout Diagnostics) throws -> Node {
        try parse(Array(text.utf8), name: name, limits: limits, diagnostics: &diagnostics)
    }
}

/// Messages of the plist reader, declared once.
extension PlistReader {
    enum Message {
        static let entities = "entity declarations are not allowed in a property list"
        static let noRoot = "no property list value found"
        static let extraRoot = "more than one value inside <plist>; only the first is read"
        static func unknownElement(_ name: String) -> String { "unknown element <\(name)> is ignored" }
        static func keyOutsideDict(_ parent: String) -> String { "<key> inside <\(parent)> is ignored" }
        static func valueWithoutKey(_ element: String) -> String { "<\(element)> in <dict> has no <key> before it; ignored" }
        static func keyWithoutValue(_ key: String) -> String { "key '\(key)' has no value" }
        static func duplicateKey(_ key: String, first: SourceLocation) -> String {
            "duplicate key '\(key)' (first at \(first.line):\(first.column)); the first value is kept"
        }
        static func badInteger(_ text: String) -> String { "'\(text)' is not an integer; read as a string" }
        static func badReal(_ text: String) -> String { "'\(text)' is not a number; read as a string" }
        static let badData = "<data> is not valid base64; read as a string"
        static func tooDeep(_ max: Int) -> String { "nesting deeper than \(max) levels" }
        static func malformed(_ detail: String) -> String { "malformed XML: \(detail)" }
    }
}
