import Foundation

extension String {
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` without the trip through `NSString` when the
    /// ends are ASCII (nearly always in XML content): the readers trim every element's text.
    public var trimmedWhitespace: String {
        trimmed(asciiSpace: { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) }, otherwise: .whitespacesAndNewlines)
    }

    /// `trimmingCharacters(in: set)` where `asciiSpace` says which ASCII bytes `set` holds: ends that are
    /// ASCII are trimmed on the bytes, anything else goes through Foundation. `set` is evaluated only
    /// then: Foundation's `CharacterSet.whitespaces` getters cost about a thousand instructions each.
    @inlinable
    public func trimmed(asciiSpace space: (UInt8) -> Bool, otherwise set: @autoclosure () -> CharacterSet) -> String {
        let u = utf8
        guard let first = u.first, let last = u.last else { return self }
        if first < 0x80, last < 0x80, !space(first), !space(last) { return self }
        var start = u.startIndex, end = u.endIndex
        while start < end, space(u[start]) { start = u.index(after: start) }
        while end > start, space(u[u.index(before: end)]) { end = u.index(before: end) }
        if start == end { return "" }
        if u[start] < 0x80, u[u.index(before: end)] < 0x80 { return String(self[start..<end]) }
        return trimmingCharacters(in: set())
    }
}

extension String {
    /// The text without its white space (`Character.isWhitespace`). In ASCII text that white space is
    /// tab to carriage return and space, filtered on the bytes: the `Character` filter costs thousands of
    /// instructions a text (grapheme breaking and a Unicode property lookup per character).
    public var removingWhitespace: String {
        var kept: [UInt8] = []
        kept.reserveCapacity(utf8.count)
        for byte in utf8 {
            guard byte < 0x80 else { return filter { !$0.isWhitespace } }
            if !(byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)) { kept.append(byte) }
        }
        return String(decoding: kept, as: UTF8.self)
    }
}
