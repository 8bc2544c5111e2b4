import DocumentTree

/// The base64 of an MM XML text (`encoding="base64"`), decoded in one pass over the text's bytes where
/// they lie, into a buffer the reader keeps: no white-space-free copy, no `Data`, no array a text.
///
/// What decodes, and to what, is what the reader decoded with Foundation before: `Data(base64Encoded:)`
/// of the text trimmed (`trimmingCharacters(in: .whitespacesAndNewlines)`) and without its white space
/// (`filter { !$0.isWhitespace }`, by `Character`), `=` added up to a multiple of four characters when
/// it has none; Base64TextTests check it against Foundation. On the bytes that is: white space
/// (`UTF8Whitespace`) is skipped, and so are the marks that join a space separator's `Character` when
/// something that is not white space came before it; U+200B (trimmed, but not `Character` white
/// space) only at the end; any other byte beyond ASCII makes the text not base64.
///
/// That reading is lenient past RFC 4648 at the end: the characters after the last one that is not
/// `=` are all `=`, at least up to a multiple of four; in the last group of four, a `=` in the third
/// place with a character after it skips one byte (`QQ=A` is the bytes 0x41 0x00), and a text of `=`
/// only (four or more) is one zero byte.
enum Base64Text {
    /// Decodes `text` into `out` (grown when it is too small) and returns how many bytes it wrote;
    /// `nil` when `text` is not base64.
    static func decode(_ text: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) -> Int? {
        let capacity = (text.count / 4 + 1) * 3
        if out.count < capacity { out = [UInt8](repeating: 0, count: max(capacity, 2 * out.count)) }
        return out.withUnsafeMutableBufferPointer { out in
            classes.withUnsafeBufferPointer { decode(text, into: out, classes: $0) }
        }
    }

    /// What each byte is, by its value: a character's 6-bit value (0–63), `pad`, `space` (ASCII white
    /// space), `invalid` (another ASCII byte) or `nonASCII`. One load a byte.
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

    private static func decode(_ text: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>,
                               classes: UnsafeBufferPointer<UInt8>) -> Int? {
        var written = 0
        // The group being read: its 6-bit values and how many places it has (characters and `=`).
        var quad: UInt32 = 0, places = 0
        // The `=` not yet followed by a character, and whether any character came.
        var pads = 0, hasCharacters = false
        // The group after the last character, when that character left it incomplete: its values and
        // places then (0 places: it was whole).
        var lastQuad: UInt32 = 0, lastPlaces = 0
        // A group `xx=y` was read: only `=` may follow.
        var closed = false
        // White space: whether something else came before it (leading white space is trimmed), whether
        // the last scalar began a space separator's `Character` (marks after it join it, and go with
        // it), whether a U+200B came after something else (then only white space may follow it: it is
        // trimmed at the end, and is not `Character` white space anywhere else).
        var started = false, joinable = false, trailing = false
        var i = 0
        let end = text.count
        while i < end {
            var v = classes[Int(text[i])]
            if v < pad {
                guard !closed, !trailing else { return nil }
                (started, joinable, hasCharacters) = (true, false, true)
                if pads > 0 {
                    // Only `xx=y`: a single `=`, in the third place of this group.
                    guard pads == 1, places == 3 else { return nil }
                    quad = quad << 6 | UInt32(v)
                    out[written] = UInt8(truncatingIfNeeded: quad >> 16)
                    out[written + 1] = UInt8(truncatingIfNeeded: quad)
                    written += 2
                    (quad, places, pads, lastPlaces, closed) = (0, 0, 0, 0, true)
                    i += 1
                    continue
                }
                // The run of characters from here: three bytes a group of four.
                while true {
                    quad = quad << 6 | UInt32(v)
                    places += 1
                    if places == 4 {
                        out[written] = UInt8(truncatingIfNeeded: quad >> 16)
                        out[written + 1] = UInt8(truncatingIfNeeded: quad >> 8)
                        out[written + 2] = UInt8(truncatingIfNeeded: quad)
                        written += 3
                        (quad, places) = (0, 0)
                    }
                    i += 1
                    guard i < end else { break }
                    v = classes[Int(text[i])]
                    guard v < pad else { break }
                }
                (lastQuad, lastPlaces) = (quad, places)
            } else if v == pad {
                guard !trailing else { return nil }
                pads += 1
                quad <<= 6
                places = (places + 1) & 3
                (started, joinable) = (true, false)
                i += 1
            } else if v == space {
                joinable = started && text[i] == 0x20
                i += 1
            } else if v == invalid {
                return nil
            } else if let s = UTF8Whitespace.scalar(at: i, before: end, in: text) {
                switch s.kind {
                case .space: joinable = started
                case .tab, .newline: joinable = false
                case .zeroWidthSpace: trailing = started; joinable = false
                }
                i += s.length
            } else {
                // Any other scalar beyond ASCII: only a mark that joins a space separator's `Character`.
                let c = text[i]
                let length = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2
                guard joinable, !trailing, i + length <= end, UTF8Whitespace.joinsSpace(UnsafeBufferPointer(rebasing: text[i..<(i + length)])) else {
                    return nil
                }
                i += length
            }
        }
        if !hasCharacters {
            // White space only: no bytes; `=` only: one zero byte when there are four or more.
            if pads == 0 { return 0 }
            guard pads >= 4 else { return nil }
            out[0] = 0
            return 1
        }
        if lastPlaces == 0 { return written }
        // The last group holds 2 or 3 characters, then the `=` that follow it (all of its places) or,
        // when the text has none, the `=` added.
        guard lastPlaces >= 2, pads == 0 || pads >= 4 - lastPlaces else { return nil }
        let value = lastQuad << UInt32(6 * (4 - lastPlaces))
        out[written] = UInt8(truncatingIfNeeded: value >> 16)
        written += 1
        if lastPlaces == 3 {
            out[written] = UInt8(truncatingIfNeeded: value >> 8)
            written += 1
        }
        return written
    }
}
