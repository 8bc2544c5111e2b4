/// White space of UTF-8 text, told on the bytes: every scalar of Foundation's
/// `CharacterSet.whitespacesAndNewlines` (which is Unicode's `White_Space` and U+200B), sorted by what
/// the readers ask of it. Trimming and skipping on the bytes with it is exact for every text, with no
/// `String`, no `Character` and no Foundation set in the loop. UTF8WhitespaceTests check the kinds
/// against Foundation and the standard library for every scalar.
public enum UTF8Whitespace {
    /// Which white space a scalar is: what tells whether a trim with or without newlines removes it.
    public enum Kind: Equatable, Sendable {
        /// Space and the other space separators (`White_Space`, in `CharacterSet.whitespaces`); a
        /// combining mark after one joins its `Character`.
        case space
        /// Tab (`White_Space`, in `CharacterSet.whitespaces`); a grapheme control.
        case tab
        /// Line feed to carriage return, U+0085, U+2028, U+2029 (`White_Space`, in
        /// `CharacterSet.newlines` only); grapheme controls.
        case newline
        /// U+200B: in Foundation's `whitespaces`, not `White_Space` (`Character.isWhitespace` is false).
        case zeroWidthSpace

        /// Whether `CharacterSet.whitespaces` holds it (`newlines` false) or `whitespacesAndNewlines`.
        @inline(__always)
        public func isTrimmed(newlines: Bool) -> Bool { newlines || self != .newline }
    }

    /// The kind and byte length of the scalar starting at `i` (before `end`), `nil` when it is not white
    /// space. `b` holds valid UTF-8.
    @inline(__always)
    public static func scalar(at i: Int, before end: Int, in b: UnsafeBufferPointer<UInt8>) -> (kind: Kind, length: Int)? {
        let c = b[i]
        if c < 0x80 {
            if c == 0x20 { return (.space, 1) }
            if c == 0x09 { return (.tab, 1) }
            return c >= 0x0A && c <= 0x0D ? (.newline, 1) : nil
        }
        if c == 0xC2, i + 1 < end { return kind2(b[i + 1]).map { ($0, 2) } }
        if c >= 0xE1, c <= 0xE3, i + 2 < end { return kind3(c, b[i + 1], b[i + 2]).map { ($0, 3) } }
        return nil
    }

    /// The kind and byte length of the scalar ending just before `end` (after `start`), `nil` when it is
    /// not white space. A white-space scalar's first byte is a lead byte, so its bytes at the end are it.
    @inline(__always)
    public static func scalar(endingAt end: Int, after start: Int, in b: UnsafeBufferPointer<UInt8>) -> (kind: Kind, length: Int)? {
        let c = b[end - 1]
        if c < 0x80 { return scalar(at: end - 1, before: end, in: b) }
        if end - 2 >= start, b[end - 2] == 0xC2 { return kind2(c).map { ($0, 2) } }
        if end - 3 >= start, b[end - 3] >= 0xE1, b[end - 3] <= 0xE3 { return kind3(b[end - 3], b[end - 2], c).map { ($0, 3) } }
        return nil
    }

    /// `range` of `b` without the white space around it (`trimmingCharacters(in:)` of
    /// `.whitespacesAndNewlines`, or of `.whitespaces` when `newlines` is false).
    public static func trimmed(_ range: Range<Int>, in b: UnsafeBufferPointer<UInt8>, newlines: Bool = true) -> Range<Int> {
        var first = range.lowerBound, end = range.upperBound
        // An ASCII byte is told in place; a byte beyond ASCII starts or ends a scalar to look up.
        while first < end {
            let c = b[first]
            if c < 0x80 {
                guard isTrimmedASCII(c, newlines: newlines) else { break }
                first += 1
            } else {
                guard let s = scalar(at: first, before: end, in: b), s.kind.isTrimmed(newlines: newlines) else { break }
                first += s.length
            }
        }
        while end > first {
            let c = b[end - 1]
            if c < 0x80 {
                guard isTrimmedASCII(c, newlines: newlines) else { break }
                end -= 1
            } else {
                guard let s = scalar(endingAt: end, after: first, in: b), s.kind.isTrimmed(newlines: newlines) else { break }
                end -= s.length
            }
        }
        return first..<end
    }

    /// Whether the ASCII byte `c` is trimmed: space and tab, and line feed to carriage return with
    /// `newlines` (`scalar(at:before:in:)`'s kinds of ASCII bytes).
    @inline(__always)
    private static func isTrimmedASCII(_ c: UInt8, newlines: Bool) -> Bool {
        c == 0x20 || c == 0x09 || (newlines && c >= 0x0A && c <= 0x0D)
    }

    /// How many scalars of `whitespacesAndNewlines` start `range` of `b`.
    public static func leadingScalars(_ range: Range<Int>, in b: UnsafeBufferPointer<UInt8>) -> Int {
        var i = range.lowerBound, n = 0
        while i < range.upperBound, let s = scalar(at: i, before: range.upperBound, in: b) { i += s.length; n += 1 }
        return n
    }

    /// Whether `scalar` (its UTF-8, beyond ASCII) joins the `Character` of a space separator before it
    /// (a combining mark, a spacing mark, a zero-width joiner; grapheme rules GB9, GB9a): asked of the
    /// standard library's grapheme breaking, so the rule is the one `Character` follows.
    public static func joinsSpace(_ scalar: UnsafeBufferPointer<UInt8>) -> Bool {
        var s = " "
        s.append(String(decoding: scalar, as: UTF8.self))
        return s.count == 1
    }

    /// Whether a space separator after `scalar` (its UTF-8, beyond ASCII) joins its `Character` (a
    /// prepended concatenation mark such as U+0600; grapheme rule GB9b).
    public static func takesSpace(_ scalar: UnsafeBufferPointer<UInt8>) -> Bool {
        var s = String(decoding: scalar, as: UTF8.self)
        s.append(" ")
        return s.count == 1
    }

    /// The bytes of `b` without its `Character` white space (`filter { !$0.isWhitespace }`), appended to
    /// `out`. A `Character` is white space when its first scalar is (`White_Space`: U+200B is not): a
    /// space separator's `Character` takes the marks that join it (`joinsSpace`), and goes with them,
    /// unless the separator itself joins the `Character` before it (`takesSpace`); tab and the
    /// newlines are grapheme controls, their own `Character` each. One pass, a scalar at a time; the
    /// grapheme rules are asked only of a scalar beyond ASCII next to a space separator.
    public static func removingCharacterWhitespace(_ b: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        let end = b.count
        var i = 0
        // Where the last scalar starts (-1: none), and whether the scalars since the last removed space
        // separator were all marks joining it.
        var previous = -1, joining = false
        while i < end {
            let c = b[i]
            let length = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4
            let scalar = UnsafeBufferPointer(rebasing: b[i..<min(i + length, end)])
            if let s = self.scalar(at: i, before: end, in: b), s.kind != .zeroWidthSpace {
                let joinsPrevious = s.kind == .space && previous >= 0 && b[previous] >= 0x80 && !joining
                    && takesSpace(UnsafeBufferPointer(rebasing: b[previous..<i]))
                if joinsPrevious { out.append(contentsOf: scalar) }
                joining = s.kind == .space && !joinsPrevious
            } else if joining && c >= 0x80 && joinsSpace(scalar) {
                // Removed with the separator it joins.
            } else {
                out.append(contentsOf: scalar)
                joining = false
            }
            previous = i
            i += length
        }
    }

    /// U+0085 (C2 85) and U+00A0 (C2 A0).
    @inline(__always)
    private static func kind2(_ c1: UInt8) -> Kind? { c1 == 0xA0 ? .space : c1 == 0x85 ? .newline : nil }

    /// U+1680 (E1 9A 80), U+2000–U+200B and U+2028, U+2029, U+202F (E2 80 xx), U+205F (E2 81 9F),
    /// U+3000 (E3 80 80).
    @inline(__always)
    private static func kind3(_ c0: UInt8, _ c1: UInt8, _ c2: UInt8) -> Kind? {
        switch (c0, c1) {
        case (0xE2, 0x80):
            switch c2 {
            case 0x80...0x8A, 0xAF: return .space
            case 0x8B: return .zeroWidthSpace
            case 0xA8, 0xA9: return .newline
            default: return nil
            }
        case (0xE2, 0x81): return c2 == 0x9F ? .space : nil
        case (0xE1, 0x9A): return c2 == 0x80 ? .space : nil
        case (0xE3, 0x80): return c2 == 0x80 ? .space : nil
        default: return nil
        }
    }
}
