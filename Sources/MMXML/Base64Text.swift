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

    /// What each byte is, by its value: a character's 6-bit value (0–63), `pad`, `space` (ASCII white
    /// space), `invalid` (another ASCII byte) or `nonASCII`. One load a byte in each pass.
    private static let classes: [UInt8] = (0..<256).map { b -> UInt8 in
        let c = UInt8(b)
        switch c {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return c - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return c - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): return 62
        case UInt8(ascii: "/"): return 63
        case UInt8(ascii: "="): return pad
        case 0x20, 0x09...0x0D: return space
        case 0x80...: return nonASCII
        default: return invalid
        }
    }
    private static let pad: UInt8 = 64, space: UInt8 = 65, invalid: UInt8 = 66, nonASCII: UInt8 = 67

    private static func scan(_ text: UnsafeBufferPointer<UInt8>) -> Scan? {
        classes.withUnsafeBufferPointer { classes in
            var s = Scan()
            for c in text {
                let v = classes[Int(c)]
                if v < pad { s.count += 1; s.end = s.count; continue }
                switch v {
                case space: continue
                case nonASCII: return nil
                case pad: s.count += 1; s.hasPadding = true
                default: s.count += 1; s.end = s.count
                }
            }
            return s
        }
    }

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
        return classes.withUnsafeBufferPointer { classes -> [UInt8]? in
            var failed = false
            // Every group but the last: three bytes each, written in place.
            let out = [UInt8](unsafeUninitializedCapacity: groups * 3) { out, written in
                var k = 0, n = 0
                var quad: UInt32 = 0
                var i = text.startIndex
                while k < last {
                    let v = classes[Int(text[i])]
                    i += 1
                    if v == space { continue }
                    // Only the last group's third and fourth places may be `=`.
                    guard v < pad else { failed = true; return }
                    quad = quad << 6 | UInt32(v)
                    k += 1
                    if k & 3 == 0 {
                        out[n] = UInt8(truncatingIfNeeded: quad >> 16)
                        out[n + 1] = UInt8(truncatingIfNeeded: quad >> 8)
                        out[n + 2] = UInt8(truncatingIfNeeded: quad)
                        n += 3
                        quad = 0
                    }
                }
                // The last group: whether its third and fourth characters are there (not `=`).
                var third = false, fourth = false
                while k < groups * 4, i < text.endIndex {
                    let v = classes[Int(text[i])]
                    i += 1
                    if v == space { continue }
                    let offset = k - last
                    k += 1
                    if v == pad {
                        guard offset >= 2 else { failed = true; return }
                        quad <<= 6
                    } else {
                        guard v < pad else { failed = true; return }
                        quad = quad << 6 | UInt32(v)
                        if offset == 2 { third = true } else if offset == 3 { fourth = true }
                    }
                }
                // The added `=`: in the last group's third and fourth places only, like those written.
                while k < groups * 4 {
                    guard k - last >= 2 else { failed = true; return }
                    quad <<= 6
                    k += 1
                }
                out[n] = UInt8(truncatingIfNeeded: quad >> 16)
                n += 1
                if third { out[n] = UInt8(truncatingIfNeeded: quad >> 8); n += 1 }
                if fourth { out[n] = UInt8(truncatingIfNeeded: quad); n += 1 }
                written = n
            }
            return failed ? nil : out
        }
    }
}
