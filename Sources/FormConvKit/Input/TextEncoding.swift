/// The encodings formconv recognises in its inputs. Readers always receive UTF-8 without a BOM.
public enum TextEncoding: String, Sendable, CaseIterable {
    case utf8 = "UTF-8"
    case utf8BOM = "UTF-8 with BOM"
    case utf16LE = "UTF-16LE"
    case utf16BE = "UTF-16BE"
    case utf32LE = "UTF-32LE"
    case utf32BE = "UTF-32BE"

    /// `true` when the bytes had to be transcoded (not just a BOM removed).
    public var isTranscoded: Bool { self != .utf8 && self != .utf8BOM }
}

/// Input bytes after `EncodingNormalizer`: UTF-8 for every text input (invalid UTF-8 left as it was, for
/// the reader to report with its position), binary data untouched.
public struct NormalizedBytes: Sendable, Equatable {
    public var bytes: [UInt8]
    /// The encoding the input was in.
    public var encoding: TextEncoding
    /// `true` when UTF-16/32 input held unpaired surrogates or a truncated code unit, replaced by U+FFFD.
    public var repaired: Bool
    /// `true` when an XML declaration's `encoding` was rewritten to `UTF-8`.
    public var rewroteXMLDeclaration: Bool
}

/// Turns UTF-8 (with or without BOM), UTF-16 LE/BE and UTF-32 LE/BE input into UTF-8 before any reader
/// sees it. With a BOM the encoding is certain; without one, UTF-16/32 is recognised from the zero bytes
/// around the first ASCII characters (as XML 1.0 appendix F and RFC 4627 describe). An XML declaration
/// that names another Unicode encoding (`encoding="UTF-16"`) is rewritten to say `UTF-8`, padded with
/// spaces so that every column on line 1 stays where it was. Lines and columns (Unicode scalars) are the
/// same before and after, so readers' positions are positions in the original file.
public enum EncodingNormalizer {
    public static func normalize(_ bytes: [UInt8]) -> NormalizedBytes {
        let encoding = detect(bytes)
        var out: [UInt8]
        var repaired = false
        switch encoding {
        case .utf8:
            out = bytes
        case .utf8BOM:
            out = Array(bytes.dropFirst(3))
        case .utf16LE, .utf16BE:
            let hasBOM = bytes.count >= 2 && (bytes[0] == 0xFF && bytes[1] == 0xFE || bytes[0] == 0xFE && bytes[1] == 0xFF)
            (out, repaired) = decodeUTF16(bytes.dropFirst(hasBOM ? 2 : 0), bigEndian: encoding == .utf16BE)
        case .utf32LE, .utf32BE:
            let hasBOM = bytes.count >= 4 && (bytes[0...3].elementsEqual([0xFF, 0xFE, 0, 0]) || bytes[0...3].elementsEqual([0, 0, 0xFE, 0xFF]))
            (out, repaired) = decodeUTF32(bytes.dropFirst(hasBOM ? 4 : 0), bigEndian: encoding == .utf32BE)
        }
        let rewrote = rewriteXMLDeclaration(&out)
        return NormalizedBytes(bytes: out, encoding: encoding, repaired: repaired, rewroteXMLDeclaration: rewrote)
    }

    /// The encoding of `bytes`, from a BOM or from the zero-byte pattern of the first four bytes.
    public static func detect(_ bytes: [UInt8]) -> TextEncoding {
        let b = Array(bytes.prefix(4)) + Array(repeating: 0xAA, count: max(0, 4 - bytes.count))
        if b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF { return .utf8BOM }
        if b[0] == 0 && b[1] == 0 && b[2] == 0xFE && b[3] == 0xFF { return .utf32BE }
        if b[0] == 0xFF && b[1] == 0xFE && b[2] == 0 && b[3] == 0 && bytes.count >= 4 { return .utf32LE }
        if b[0] == 0xFE && b[1] == 0xFF { return .utf16BE }
        if b[0] == 0xFF && b[1] == 0xFE { return .utf16LE }
        guard bytes.count >= 4 else { return .utf8 }
        if b[0] == 0 && b[1] == 0 && b[2] == 0 && b[3] != 0 { return .utf32BE }
        if b[0] != 0 && b[1] == 0 && b[2] == 0 && b[3] == 0 { return .utf32LE }
        if b[0] == 0 && b[1] != 0 && b[2] == 0 && b[3] != 0 { return .utf16BE }
        if b[0] != 0 && b[1] == 0 && b[2] != 0 && b[3] == 0 { return .utf16LE }
        return .utf8
    }

    static func decodeUTF16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> ([UInt8], Bool) {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var i = bytes.startIndex
        while i + 1 < bytes.endIndex {
            let hi = UInt16(bytes[bigEndian ? i : i + 1]), lo = UInt16(bytes[bigEndian ? i + 1 : i])
            units.append(hi << 8 | lo)
            i += 2
        }
        var repaired = bytes.count % 2 != 0
        var out: [UInt8] = []
        out.reserveCapacity(units.count)
        let hadError = transcode(units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: false) { out.append($0) }
        repaired = repaired || hadError
        if bytes.count % 2 != 0 { out.append(contentsOf: [0xEF, 0xBF, 0xBD]) }
        return (out, repaired)
    }

    static func decodeUTF32(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> ([UInt8], Bool) {
        var scalars = String.UnicodeScalarView()
        var repaired = bytes.count % 4 != 0
        var i = bytes.startIndex
        while i + 3 < bytes.endIndex {
            let q = (0..<4).map { UInt32(bytes[i + $0]) }
            let v = bigEndian ? q[0] << 24 | q[1] << 16 | q[2] << 8 | q[3] : q[3] << 24 | q[2] << 16 | q[1] << 8 | q[0]
            if let s = Unicode.Scalar(v) { scalars.append(s) } else { scalars.append("\u{FFFD}"); repaired = true }
            i += 4
        }
        if bytes.count % 4 != 0 { scalars.append("\u{FFFD}") }
        return (Array(String(scalars).utf8), repaired)
    }

    /// Rewrites `encoding="UTF-16…"`/`"UTF-32…"`/`"UCS-…"` in a leading XML declaration to `UTF-8`,
    /// keeping the declaration's length. Returns whether it changed anything.
    static func rewriteXMLDeclaration(_ bytes: inout [UInt8]) -> Bool {
        guard bytes.starts(with: Array("<?xml".utf8)) else { return false }
        let limit = min(bytes.count, 400)
        guard let end = (5..<max(5, limit - 1)).first(where: { bytes[$0] == UInt8(ascii: "?") && bytes[$0 + 1] == UInt8(ascii: ">") })
        else { return false }
        let decl = Array(bytes[0..<end])
        let key = Array("encoding".utf8)
        guard let k = (0...max(0, decl.count - key.count)).first(where: { decl[$0..<min(decl.count, $0 + key.count)].elementsEqual(key) })
        else { return false }
        var i = k + key.count
        func skipSpace() { while i < decl.count, [0x20, 0x09, 0x0D, 0x0A].contains(decl[i]) { i += 1 } }
        skipSpace()
        guard i < decl.count, decl[i] == UInt8(ascii: "=") else { return false }
        i += 1
        skipSpace()
        guard i < decl.count, decl[i] == UInt8(ascii: "\"") || decl[i] == UInt8(ascii: "'") else { return false }
        let quote = decl[i]
        let valueStart = i + 1
        guard let valueEnd = (valueStart..<decl.count).first(where: { decl[$0] == quote }) else { return false }
        let value = String(decoding: decl[valueStart..<valueEnd], as: UTF8.self).uppercased()
        guard value.hasPrefix("UTF-16") || value.hasPrefix("UTF16") || value.hasPrefix("UTF-32")
                || value.hasPrefix("UTF32") || value.hasPrefix("UCS") else { return false }
        let replacement = Array("UTF-8".utf8)
        let oldLength = valueEnd - valueStart
        var piece = replacement + [quote]
        if oldLength > replacement.count { piece += Array(repeating: 0x20, count: oldLength - replacement.count) }
        bytes.replaceSubrange(valueStart...valueEnd, with: piece)
        return true
    }
}
