/// Windows-1252: Latin-1 with the 0x80–0x9F block mapped to typographic characters (€, ‘’, “”, –, —,
/// …). Legacy MM XML forms hold it in base64 texts and in files whose XML declaration names it.
public enum Windows1252 {
    /// The scalars of 0x80–0x9F; U+FFFD for the five bytes Windows-1252 leaves undefined.
    @usableFromInline static let high: [UInt32] = [0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
                                 0x2039, 0x0152, 0xFFFD, 0x017D, 0xFFFD, 0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
                                 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0xFFFD, 0x017E, 0x0178]

    /// The text `bytes` hold: written straight as UTF-8 (one to three bytes a character), with no
    /// scalar-by-scalar appends. Inlinable, so that a caller's sequence type is known where it runs
    /// (through the generic entry point each byte costs a witness call).
    @inlinable public static func decode(_ bytes: some Sequence<UInt8>) -> String {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(bytes.underestimatedCount * 2)
        for b in bytes {
            if b < 0x80 {
                utf8.append(b)
                continue
            }
            let v = b <= 0x9F ? high[Int(b) - 0x80] : UInt32(b)
            if v < 0x800 {
                utf8.append(UInt8(0xC0 | v >> 6))
                utf8.append(UInt8(0x80 | v & 0x3F))
            } else {
                utf8.append(UInt8(0xE0 | v >> 12))
                utf8.append(UInt8(0x80 | v >> 6 & 0x3F))
                utf8.append(UInt8(0x80 | v & 0x3F))
            }
        }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// The bytes of `text`; `nil` when a character has none (U+FFFD included).
    public static func encode(_ text: String) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v < 0x80 || (0xA0...0xFF).contains(v) {
                out.append(UInt8(v))
            } else if v != 0xFFFD, let i = high.firstIndex(of: v) {
                out.append(UInt8(0x80 + i))
            } else {
                return nil
            }
        }
        return out
    }
}
