import Foundation

extension String {
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` without the trip through `NSString` when the
    /// ends are ASCII (nearly always in XML content): the readers trim every element's text.
    public var trimmedWhitespace: String {
        let u = utf8
        guard let first = u.first, let last = u.last else { return self }
        @inline(__always) func space(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }
        if first < 0x80, last < 0x80, !space(first), !space(last) { return self }
        var start = u.startIndex, end = u.endIndex
        while start < end, space(u[start]) { start = u.index(after: start) }
        while end > start, space(u[u.index(before: end)]) { end = u.index(before: end) }
        if start == end { return "" }
        if u[start] < 0x80, u[u.index(before: end)] < 0x80 { return String(self[start..<end]) }
        return trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
