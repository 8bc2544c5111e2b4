#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a document may be parsed in two halves (`XMLTreeReader.parse(_:file:ids:limits:splittingBefore:…)`):
/// the end of the root's start tag and the `<` of a start tag that begins a line near the middle.
///
/// Only the bytes are looked at, so the split is a guess: the tag may stand deeper than the root's
/// children, or inside a comment or CDATA section. The parse of the first half proves it: that half,
/// closed with the root's end tag, is well-formed only when the tag is a child of the root.
struct XMLSplitPoint: Equatable {
    /// Just past the `>` of the root's start tag.
    var rootTagEnd: Int
    /// The `<` of the start tag the second half begins with.
    var offset: Int
    /// The root's name as written (`prefix:local`), for the end tag that closes the first half.
    var rootName: [UInt8]

    /// A split before a line `<name` (after spaces or tabs) at or after `target`, else before it; `nil`
    /// when the document has a DOCTYPE (its declarations would have to reach both halves), an empty
    /// root, or no such line.
    static func find(in text: UnsafeBufferPointer<UInt8>, before name: [UInt8], near target: Int) -> XMLSplitPoint? {
        guard let root = rootStartTag(in: text) else { return nil }
        let candidate = lineStart(of: name, in: text, from: max(target, root.end), to: text.count)
            ?? lineStart(of: name, in: text, from: root.end, to: max(target, root.end))
        return candidate.map { XMLSplitPoint(rootTagEnd: root.end, offset: $0, rootName: root.name) }
    }

    /// An exact split for tests: `offset` must be the `<` of a start tag after the root's.
    static func at(_ offset: Int, in text: UnsafeBufferPointer<UInt8>) -> XMLSplitPoint? {
        guard let root = rootStartTag(in: text), offset > root.end, offset < text.count, text[offset] == UInt8(ascii: "<") else { return nil }
        return XMLSplitPoint(rootTagEnd: root.end, offset: offset, rootName: root.name)
    }

    /// The root's name and where its start tag ends: past the XML declaration, processing instructions,
    /// comments and white space of the prolog; `nil` for a DOCTYPE or anything unexpected.
    private static func rootStartTag(in t: UnsafeBufferPointer<UInt8>) -> (name: [UInt8], end: Int)? {
        let n = t.count
        var i = 0
        while i < n {
            let c = t[i]
            if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { i += 1; continue }
            guard c == UInt8(ascii: "<"), i + 1 < n else { return nil }
            if t[i + 1] == UInt8(ascii: "?") {
                guard let close = find([UInt8(ascii: "?"), UInt8(ascii: ">")], in: t, from: i + 2) else { return nil }
                i = close + 2
            } else if t[i + 1] == UInt8(ascii: "!") {
                // A comment; anything else (DOCTYPE) ends the search.
                guard i + 3 < n, t[i + 2] == UInt8(ascii: "-"), t[i + 3] == UInt8(ascii: "-"),
                      let close = find(Array("-->".utf8), in: t, from: i + 4) else { return nil }
                i = close + 3
            } else {
                var j = i + 1
                while j < n, !isNameEnd(t[j]) { j += 1 }
                guard j > i + 1 else { return nil }
                let name = Array(t[(i + 1)..<j])
                // To the `>`, over quoted attribute values.
                var quote: UInt8 = 0
                while j < n {
                    let c = t[j]
                    if quote != 0 { if c == quote { quote = 0 } } else if c == 0x22 || c == 0x27 { quote = c } else if c == UInt8(ascii: ">") { break }
                    j += 1
                }
                guard j < n, t[j - 1] != UInt8(ascii: "/") else { return nil }
                return (name, j + 1)
            }
        }
        return nil
    }

    /// The first `<name` in `from..<to` followed by white space, `/` or `>`, with only spaces or tabs
    /// between it and the line break before it.
    private static func lineStart(of name: [UInt8], in t: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
        guard let base = t.baseAddress else { return nil }
        var i = from
        while i < to, let found = memchr(base + i, Int32(UInt8(ascii: "<")), to - i) {
            let lt = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            i = lt + 1
            let after = lt + 1 + name.count
            guard after < t.count, isNameEnd(t[after]),
                  memcmp(base + lt + 1, name, name.count) == 0 else { continue }
            var k = lt - 1
            while k >= 0, t[k] == 0x20 || t[k] == 0x09 { k -= 1 }
            if k >= 0, t[k] == 0x0A || t[k] == 0x0D { return lt }
        }
        return nil
    }

    /// White space or `>` (or `/`): the end of a name in a tag.
    private static func isNameEnd(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == UInt8(ascii: ">") || c == UInt8(ascii: "/")
    }

    /// The first occurrence of `needle` at or after `from`.
    private static func find(_ needle: [UInt8], in t: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard let base = t.baseAddress else { return nil }
        var i = from
        while i + needle.count <= t.count, let found = memchr(base + i, Int32(needle[0]), t.count - i) {
            let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if at + needle.count <= t.count, memcmp(base + at, needle, needle.count) == 0 { return at }
            i = at + 1
        }
        return nil
    }
}
