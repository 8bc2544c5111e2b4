/// The base64 of an MM XML text (`encoding="base64"`), decoded from the text's bytes where they lie:
/// no white-space-free copy, no `Data`, no array of the result before its `String`.
///
/// What decodes, and to what, is what the reader decoded with Foundation before (`Data(base64Encoded:)`
/// of the text without its white space, `=` added up to a multiple of four characters when it has
/// none); Base64TextTests check it against Foundation. That reading is lenient past RFC 4648 at the
/// end: the characters after the last one that is not `=` are all `=`, at least up to a multiple of
/// four; in the last group of four, a `=` in the third place with a character after it skips one byte
/// (`QQ=A` is the bytes 0x41 0x00), and a text of `=` only (four or more) is one zero byte.
enum Base64Text {
    /// The bytes `text` decodes to, its ASCII white space skipped; `nil` when it is not base64. A text
    /// with bytes beyond ASCII (Unicode white space may lie between its characters) is decoded as
    /// `whitespaceRemoved` gives it (`String.removingWhitespace` of the trimmed text, as before).
    static func decode(_ text: UnsafeBufferPointer<UInt8>, whitespaceRemoved: () -> String) -> [UInt8]? {
        if let s = scan(text) { return decode(text, s) }
        var compact = whitespaceRemoved()
        return compact.withUTF8 { c in scan(c).flatMap { decode(c, $0) } }
    }

    /// What the first pass finds: how many characters `text` has besides ASCII white space, the number
    /// of them up to and with the last that is not `=`, and whether any is `=`. `nil` when a byte is
    /// not ASCII.
    private struct Scan { var count = 0, end = 0, hasPadding = false }

    private static func scan(_ text: UnsafeBufferPointer<UInt8>) -> Scan? {
        var s = Scan()
        for c in text {
            guard c < 0x80 else { return nil }
            if isSpace(c) { continue }
            s.count += 1
            if c == UInt8(ascii: "=") { s.hasPadding = true } else { s.end = s.count }
        }
        return s
    }

    @inline(__always) private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || (c >= 0x09 && c <= 0x0D) }

    /// Decodes the characters of `text` that are not ASCII white space (`scan`: how many, and where
    /// the `=` at the end begin).
    private static func decode(_ text: UnsafeBufferPointer<UInt8>, _ scan: Scan) -> [UInt8]? {
        let (count, end) = (scan.count, scan.end)
        // Without any `=`, the missing ones are added (they follow `end`).
        let total = count % 4 != 0 && !scan.hasPadding ? count + 4 - count % 4 : count
        if total == 0 { return [] }
        if end == 0 { return total >= 4 ? [0] : nil }
        // The groups of four up to the last holding a character; the rest must be `=`.
        let groups = (end + 3) / 4
        guard groups * 4 <= total else { return nil }
        let last = (groups - 1) * 4
        var out: [UInt8] = []
        out.reserveCapacity(groups * 3)
        var k = 0
        var quad: UInt32 = 0
        // In the last group: whether its third and fourth characters are there (not `=`).
        var third = false, fourth = false
        for c in text where !isSpace(c) {
            guard k < groups * 4 else { break }
            let offset = k - last
            k += 1
            let v: UInt32
            if c == UInt8(ascii: "=") {
                // Only the last group's third and fourth places may be `=`.
                guard offset >= 2 else { return nil }
                v = 0
            } else {
                guard let d = value(c) else { return nil }
                v = d
                if offset == 2 { third = true } else if offset == 3 { fourth = true }
            }
            quad = quad << 6 | v
            if offset < 0, k % 4 == 0 {
                out.append(UInt8(truncatingIfNeeded: quad >> 16))
                out.append(UInt8(truncatingIfNeeded: quad >> 8))
                out.append(UInt8(truncatingIfNeeded: quad))
                quad = 0
            }
        }
        // The added `=`: in the last group's third and fourth places only, like those written.
        while k < groups * 4 {
            guard k - last >= 2 else { return nil }
            quad <<= 6
            k += 1
        }
        out.append(UInt8(truncatingIfNeeded: quad >> 16))
        if third { out.append(UInt8(truncatingIfNeeded: quad >> 8)) }
        if fourth { out.append(UInt8(truncatingIfNeeded: quad)) }
        return out
    }

    /// The 6-bit value of a character of the standard alphabet (`A`–`Z`, `a`–`z`, `0`–`9`, `+`, `/`).
    @inline(__always) private static func value(_ c: UInt8) -> UInt32? {
        switch c {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt32(c - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt32(c - UInt8(ascii: "a") + 26)
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(c - UInt8(ascii: "0") + 52)
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }
}
