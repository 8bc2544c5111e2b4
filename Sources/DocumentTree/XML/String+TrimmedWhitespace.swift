extension String {
    /// `trimmingCharacters(in: .whitespacesAndNewlines)`, on the bytes (`UTF8Whitespace`): the readers
    /// trim every element's text.
    public var trimmedWhitespace: String { trimmed(newlines: true) }

    /// `trimmingCharacters(in:)` of `.whitespacesAndNewlines`, or of `.whitespaces` when `newlines` is
    /// false, on the bytes (`UTF8Whitespace.trimmed`): the string itself when nothing is trimmed.
    public func trimmed(newlines: Bool) -> String {
        var s = self
        return s.withUTF8 { b in
            let kept = UTF8Whitespace.trimmed(0..<b.count, in: b, newlines: newlines)
            return kept.count == b.count ? self : String(decoding: UnsafeBufferPointer(rebasing: b[kept]), as: UTF8.self)
        }
    }
}

extension String {
    /// The text without its white space (`filter { !$0.isWhitespace }`, by `Character`), on the bytes
    /// (`UTF8Whitespace.removingCharacterWhitespace`): the `Character` filter costs thousands of
    /// instructions a text (grapheme breaking and a Unicode property lookup per character).
    public var removingWhitespace: String {
        var kept: [UInt8] = []
        kept.reserveCapacity(utf8.count)
        var s = self
        s.withUTF8 { UTF8Whitespace.removingCharacterWhitespace($0, into: &kept) }
        return String(decoding: kept, as: UTF8.self)
    }
}
