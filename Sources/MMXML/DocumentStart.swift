import FormIR

/// An XML document starts with `<` (its declaration, a comment, the doctype or the root element) after
/// an optional byte-order mark and white space (checked in UTF-8 documents; UTF-16 ones are libxml2's). Checked before the encoding, so that a file which is not
/// XML at all (binary data, plain text) fails at its first byte rather than at its first non-UTF-8 byte
/// further on.
enum DocumentStart {
    static func check(_ bytes: [UInt8], file: String) throws {
        guard EncodingCheck.isUTF8Document(bytes) else { return }
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1, column = 1
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) {
            if bytes[i] == 0x0A { line += 1; column = 1 } else if bytes[i] != 0x0D { column += 1 }
            i += 1
        }
        guard i < bytes.count, bytes[i] != UInt8(ascii: "<") else { return }
        let b = bytes[i]
        let found = b >= 0x20 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x\(String(b, radix: 16, uppercase: true))"
        throw ReadFailure(id: "mmxml.malformed",
                          "malformed XML: a document starts with '<' (an XML declaration or the root element), found \(found)",
                          at: SourceLocation(file: file, line: line, column: column))
    }
}
