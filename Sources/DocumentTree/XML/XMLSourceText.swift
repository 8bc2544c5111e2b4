/// Brings an XML document to the UTF-8 bytes the parser reads and positions count in: a UTF-8
/// byte-order mark is dropped (it is no column), UTF-16 (by byte-order mark) and the Latin-1 family
/// (by the XML declaration) are transcoded, so that one character stays one scalar column.
enum XMLSourceText {
    enum Outcome {
        case utf8([UInt8])
        case unsupported(encoding: String)
    }

    static func normalize(_ bytes: [UInt8]) -> Outcome {
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            let little = bytes[0] == 0xFF
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var i = 2
            while i + 1 < bytes.count {
                units.append(little ? UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8 : UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]))
                i += 2
            }
            return .utf8(Array(String(decoding: units, as: UTF16.self).utf8))
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        switch declaredEncoding(body) {
        case nil, "utf-8", "utf8", "utf-16", "utf16": return .utf8(body)
        case "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1", "us-ascii", "ascii":
            return .utf8(latin1ToUTF8(body))
        case "windows-1252", "cp1252":
            // 0x80–0x9F are € ‘ ’ “ ” – — … in Windows-1252, C1 controls in Latin-1.
            return .utf8(body.contains { (0x80...0x9F).contains($0) } ? Array(Windows1252.decode(body).utf8) : latin1ToUTF8(body))
        case let other?: return .unsupported(encoding: other)
        }
    }

    /// The lower-cased `encoding="…"` of the XML declaration (up to its first `>`), if any: read on the
    /// bytes, delimiters as text finds them (`XMLDeclarationBytes`).
    static func declaredEncoding(_ bytes: [UInt8]) -> String? {
        guard bytes.starts(with: "<?xml".utf8) else { return nil }
        let head = bytes.prefix(200)
        guard let end = head.firstIndex(of: UInt8(ascii: ">")) else { return nil }
        let text = XMLDeclarationBytes(head[..<end])
        guard let r = text.firstMatch(of: "encoding", in: 0..<end) else { return nil }
        let rest = (r + 8)..<end
        var i = rest.lowerBound
        while i < end, text.isCharacter(i, oneOf: " =\"'\t", in: rest) { i += 1 }
        var j = i
        while j < end, !text.isCharacter(j, oneOf: "\"' ?", in: rest) { j += 1 }
        return i == j ? nil : text.text(i..<j).lowercased()
    }

    private static func latin1ToUTF8(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(where: { $0 >= 0x80 }) else { return bytes }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 8)
        for b in bytes {
            if b < 0x80 { out.append(b) } else { out.append(0xC0 | b >> 6); out.append(0x80 | b & 0x3F) }
        }
        return out
    }
}
