import FormIR

/// Reads JSON (RFC 8259) into a `Node` tree where every value knows its line and column.
///
/// A byte-level scanner: numbers without a fraction or exponent that fit in `Int` become `.int`,
/// other numbers `.double`; a UTF-8 byte order mark is skipped. Syntax errors throw `ReadFailure`
/// (`json.syntax`, `json.invalid-utf8`, `json.too-deep`, `json.number-range` for numbers beyond a double) with the exact position; duplicate keys are
/// reported as `json.duplicate-key` errors (the first value is kept) and reading continues.
public enum JSONReader {
    /// Parses JSON `bytes` into a tree located in file `name`; problems go to `diagnostics`, and it throws
    /// when the text is not JSON.
    public static func parse(_ bytes: [UInt8], name: String, limits: ParseLimits = ParseLimits(),
                             diagnostics: inout Diagnostics) throws -> Node {
        try bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(buffer, file: name, maxDepth: limits.maxDepth)
            let node = try parser.parseDocument()
            diagnostics.append(contentsOf: parser.diagnostics.items)
            return node
        }
    }

    /// Parses `text` (convenience for tests and small inline documents).
    public static func parse(_ text: String, name: String = "<string>", limits: ParseLimits = ParseLimits(),
                             diagnostics: inout Diagnostics) throws -> Node {
        try parse(Array(text.utf8), name: name, limits: limits, diagnostics: &diagnostics)
    }
}

/// Messages of the JSON reader, declared once.
extension JSONReader {
    enum Message {
        static func expectedValue(found: String) -> String { "expected a value, found \(found)" }
        static let afterArrayElement = "expected ',' or ']' after array element"
        static let afterObjectMember = "expected ',' or '}' after object member"
        static let expectedKey = "expected a string key"
        static let expectedKeyOrEnd = "expected a string key or '}'"
        static let expectedColon = "expected ':' after object key"
        static let trailingContent = "unexpected content after the JSON value"
        static func numberOutOfRange(_ text: String) -> String {
            "number \(text.excerpt(limit: 40)) is beyond the range of a double (about ±1.8e308)"
        }
        static let unterminatedString = "unterminated string"
        static let controlCharacter = "control character in string (must be escaped)"
        static let badEscape = "invalid escape sequence in string"
        static let badUnicodeEscape = "invalid \\u escape: expected 4 hexadecimal digits"
        static let loneSurrogate = "unpaired UTF-16 surrogate in \\u escape (replaced by U+FFFD)"
        static let badNumber = "invalid number"
        static let invalidUTF8 = "invalid UTF-8 byte sequence"
        static func tooDeep(_ max: Int) -> String { "nesting deeper than \(max) levels" }
        static func duplicateKey(_ key: String, first: SourceLocation) -> String {
            "duplicate key '\(key)' (first at \(first.line):\(first.column)); the first value is kept"
        }
    }
}
