/// The encodings formconv recognises in its inputs. Readers always receive UTF-8 without a BOM.
public enum TextEncoding: String, Sendable, CaseIterable {
    case utf8 = "UTF-8"
    case utf8BOM = "UTF-8 with BOM"
    case utf16LE = "UTF-16LE"
    case utf16BE = "UTF-16BE"
    case utf32LE = "UTF-32LE"
    case utf32BE = "UTF-32BE"

    /// `true` when the bytes had to be transcoded (not just a BOM removed).
    var isTranscoded: Bool { self != .utf8 && self != .utf8BOM }
}

/// Input bytes after `EncodingNormalizer`: UTF-8 for every text input (invalid UTF-8 left as it was, for
/// the reader to report with its position), binary data untouched.
public struct NormalizedBytes: Sendable {
    /// The bytes readers receive.
    public var bytes: [UInt8]
    /// The encoding the input was in.
    public var encoding: TextEncoding
    /// `true` when UTF-16/32 input held unpaired surrogates or a truncated code unit, replaced by U+FFFD.
    public var repaired: Bool
    /// Line and column (1-based, Unicode scalars) of the first replaced code unit, when `repaired`.
    public var firstRepair: (line: Int, column: Int)?
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
    /// Detects the encoding of `bytes` and returns them as UTF-8, positions kept.
    public static func normalize(_ bytes: [UInt8]) -> NormalizedBytes {
        let encoding = detect(bytes)
        var out: [UInt8]
        var repaired = false
        var firstRepair: (line: Int, column: Int)?
        switch encoding {
        case .utf8:
            out = bytes
        case .utf8BOM:
            out = Array(bytes.dropFirst(3))
        case .utf16LE, .utf16BE:
            let hasBOM = bytes.count >= 2 && (bytes[0] == 0xFF && bytes[1] == 0xFE || bytes[0] == 0xFE && bytes[1] == 0xFF)
            (out, firstRepair) = decodeUTF16(bytes.dropFirst(hasBOM ? 2 : 0), bigEndian: encoding == .utf16BE)
            repaired = firstRepair != nil
        case .utf32LE, .utf32BE:
            let hasBOM = bytes.count >= 4 && (bytes[0...3].elementsEqual([0xFF, 0xFE, 0, 0]) || bytes[0...3].elementsEqual([0, 0, 0xFE, 0xFF]))
            (out, firstRepair) = decodeUTF32(bytes.dropFirst(hasBOM ? 4 : 0), bigEndian: encoding == .utf32BE)
            repaired = firstRepair != nil
        }
        let rewrote = rewriteXMLDeclaration(&out)
        return NormalizedBytes(bytes: out, encoding: encoding, repaired: repaired, firstRepair: firstRepair,
                               rewroteXMLDeclaration: rewrote)
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

    /// UTF-8 for UTF-16 code units, unpaired surrogates and a trailing odd byte replaced by U+FFFD; the
    /// position of the first replacement.
    static func decodeUTF16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> ([UInt8], (line: Int, column: Int)?) {
        var scalars = String.UnicodeScalarView()
        var tracker = PositionTracker()
        var i = bytes.startIndex
        func unit(_ at: Int) -> UInt32 {
            let a = UInt32(bytes[at]), b = UInt32(bytes[at + 1])
            return bigEndian ? a << 8 | b : b << 8 | a
        }
        while i + 1 < bytes.endIndex {
            let u = unit(i)
            var scalar: Unicode.Scalar?
            if (0xD800...0xDBFF).contains(u), i + 3 < bytes.endIndex, (0xDC00...0xDFFF).contains(unit(i + 2)) {
                scalar = Unicode.Scalar(0x10000 + ((u - 0xD800) << 10) + (unit(i + 2) - 0xDC00))
                i += 4
            } else {
                scalar = Unicode.Scalar(u)
                i += 2
            }
            tracker.append(scalar, to: &scalars)
        }
        if i < bytes.endIndex { tracker.append(nil, to: &scalars) }
        return (Array(String(scalars).utf8), tracker.firstRepair)
    }

    static func decodeUTF32(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> ([UInt8], (line: Int, column: Int)?) {
        var scalars = String.UnicodeScalarView()
        var tracker = PositionTracker()
        var i = bytes.startIndex
        while i + 3 < bytes.endIndex {
            let q = (0..<4).map { UInt32(bytes[i + $0]) }
            let v = bigEndian ? q[0] << 24 | q[1] << 16 | q[2] << 8 | q[3] : q[3] << 24 | q[2] << 16 | q[1] << 8 | q[0]
            tracker.append(Unicode.Scalar(v), to: &scalars)
            i += 4
        }
        if i < bytes.endIndex { tracker.append(nil, to: &scalars) }
        return (Array(String(scalars).utf8), tracker.firstRepair)
    }

    /// Counts lines and columns while decoding, to say where the first invalid code unit was.
    struct PositionTracker {
        var line = 1, column = 1
        var firstRepair: (line: Int, column: Int)?

        mutating func append(_ scalar: Unicode.Scalar?, to scalars: inout String.UnicodeScalarView) {
            guard let scalar else {
                if firstRepair == nil { firstRepair = (line, column) }
                scalars.append("\u{FFFD}")
                column += 1
                return
            }
            scalars.append(scalar)
            if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
        }
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
