import FormIR

/// An XML document starts with `<` (its declaration, a comment, the doctype or the root element) after
/// an optional byte-order mark and white space (UTF-16 input is left to the XML reader). Checked before the encoding, so that a file which is not
/// XML at all (binary data, plain text) fails at its first byte rather than at its first non-UTF-8 byte
/// further on.
enum XMLDocumentStart {
    static func check(_ bytes: [UInt8], file: String, id: String) throws {
        // UTF-16 (with a byte-order mark, or `<` as 00 3C) is converted by the XML reader.
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0x00, 0x3C]) { return }
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1, column = 1
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) {
            if bytes[i] == 0x0A { line += 1; column = 1 } else if bytes[i] != 0x0D { column += 1 }
            i += 1
        }
        guard i < bytes.count, bytes[i] != UInt8(ascii: "<") else { return }
        let b = bytes[i]
        let found = b >= 0x20 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x\(String(b, radix: 16, uppercase: true))"
        throw ReadFailure(id: id,
                          "malformed XML: a document starts with '<' (an XML declaration or the root element), found \(found)",
                          at: SourceLocation(file: file, line: line, column: column))
    }
}
