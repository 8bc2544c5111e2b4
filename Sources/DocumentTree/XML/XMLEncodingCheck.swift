import FormIR

/// A document that is UTF-8 (no UTF-16 byte-order mark, no other declared encoding) must be valid
/// UTF-8: otherwise reading fails with the caller's `malformed` id at the first bad byte, with a message
/// naming the byte (libxml2 would stop there too, with a less precise message).
enum XMLEncodingCheck {
    static func check(_ bytes: [UInt8], file: String, id: String) throws {
        guard isUTF8Document(bytes), !bytes.withUnsafeBufferPointer(isValidUTF8) else { return }
        try locateFailure(bytes, file: file, id: id)
    }

    /// Whether `b` is well-formed UTF-8 (no overlong forms, surrogates or scalars past U+10FFFF), eight
    /// ASCII bytes at a time where it can.
    static func isValidUTF8(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = b.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let n = b.count
        var i = 0
        @inline(__always) func continuation(_ k: Int) -> Bool { k < n && b[k] & 0xC0 == 0x80 }
        while i < n {
            // 64 ASCII bytes (eight words with no high bit), then 8.
            if i + 64 <= n, Self.highBits(raw + i, words: 8) == 0 {
                i += 64
                continue
            }
            if i + 8 <= n, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
                continue
            }
            let c = b[i]
            if c < 0x80 { i += 1; continue }
            switch c {
            case 0xC2...0xDF:
                guard continuation(i + 1) else { return false }
                i += 2
            case 0xE0...0xEF:
                guard i + 1 < n else { return false }
                let c1 = b[i + 1]
                let lo: UInt8 = c == 0xE0 ? 0xA0 : 0x80, hi: UInt8 = c == 0xED ? 0x9F : 0xBF
                guard c1 >= lo, c1 <= hi, continuation(i + 2) else { return false }
                i += 3
            case 0xF0...0xF4:
                guard i + 1 < n else { return false }
                let c1 = b[i + 1]
                let lo: UInt8 = c == 0xF0 ? 0x90 : 0x80, hi: UInt8 = c == 0xF4 ? 0x8F : 0xBF
                guard c1 >= lo, c1 <= hi, continuation(i + 2), continuation(i + 3) else { return false }
                i += 4
            default:
                return false
            }
        }
        return true
    }

    /// The high bits of `words` words from `p`, or'ed.
    @inline(__always)
    private static func highBits(_ p: UnsafeRawPointer, words: Int) -> UInt64 {
        var bits: UInt64 = 0
        for k in 0..<words { bits |= p.loadUnaligned(fromByteOffset: 8 * k, as: UInt64.self) }
        return bits & 0x8080_8080_8080_8080
    }

    /// Throws at the first byte that is not UTF-8 (the document has one).
    private static func locateFailure(_ bytes: [UInt8], file: String, id: String) throws {
        var line = 1, column = 1
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            let length: Int
            switch b {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: length = 0
            }
            var valid = length > 0 && i + length <= bytes.count
            if valid, length > 1 {
                valid = String(validating: bytes[i..<(i + length)], as: UTF8.self) != nil
            }
            guard valid else {
                throw ReadFailure(id: id,
                                  "malformed XML: byte 0x\(String(b, radix: 16, uppercase: true)) is not UTF-8 (the document declares no other encoding)",
                                  at: SourceLocation(file: file, line: line, column: column))
            }
            if b == 0x0A { line += 1; column = 1 } else if b != 0x0D || (i + 1 < bytes.count && bytes[i + 1] != 0x0A) {
                if b == 0x0D { line += 1; column = 1 } else { column += 1 }
            }
            i += length
        }
    }

    /// No UTF-16 byte-order mark and no `encoding="…"` other than UTF-8 in the XML declaration: the
    /// first 256 bytes read as text, on the bytes (`XMLDeclarationBytes`, which keeps the rules of text
    /// at each delimiter).
    static func isUTF8Document(_ bytes: [UInt8]) -> Bool {
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) { return false }
        let text = XMLDeclarationBytes(bytes.prefix(256))
        let all = 0..<text.count
        // Without a declaration (after a UTF-8 byte-order mark, if any) the document is UTF-8.
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard text.hasCharacters("<?xml", at: start, in: all), let end = text.firstMatch(of: "?>", in: all),
              let r = text.firstMatch(of: "encoding", in: 0..<end) else { return true }
        let rest = (r + 8)..<end
        var i = rest.lowerBound
        while i < end, text.isCharacter(i, oneOf: " =\"'", in: rest) { i += 1 }
        var j = i
        while j < end, !text.isCharacter(j, oneOf: "\"' ", in: rest) { j += 1 }
        return text.asciiLowercased(i..<j, equals: "utf-8") || text.asciiLowercased(i..<j, equals: "utf8")
    }
}
