#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FormIR

/// The bound on attributes per element (`XMLParseLimits.maxAttributes`), checked before libxml2 reads
/// a start tag: libxml2 2.9 compares each attribute of a tag with every earlier one, so one element
/// with 100,000 attributes took minutes. The text is looked through once, in one pass that skips
/// comments, CDATA sections, processing instructions and the document type declaration (its internal
/// subset, quoted literals and all) and counts the quoted values of each start tag, so a `>` inside a
/// value does not end the tag. Text between tags is skipped with libc `memchr`.
///
/// The scan follows well-formed XML; at the first thing that is not (an unterminated comment, a `<` inside
/// a tag, an unclosed quote) it stops and leaves the document to libxml2, which reports that problem
/// at its position.
enum XMLAttributeBound {
    /// A start tag with more attributes than the bound.
    struct Excess: Equatable {
        /// Byte offset of the tag's `<`.
        var offset: Int
        /// The element's name as written (prefix included).
        var name: String
    }

    /// Throws `id` at the first start tag of the document `text` with more than `limit` attributes.
    static func check(_ text: UnsafeBufferPointer<UInt8>, limit: Int, file: String, id: String) throws {
        guard let excess = firstExcess(in: text, limit: limit) else { return }
        let at = XMLPositionCursor.locate(excess.offset, in: text)
        throw ReadFailure(id: id, "element <\(excess.name.excerpt())> has more than \(limit) attributes, the limit on one element",
                          at: SourceLocation(file: file, line: at.line, column: at.column))
    }

    /// The first start tag of `text` (markup, as a document's content or an entity's replacement
    /// text) with more than `limit` attributes, if any.
    static func firstExcess(in text: UnsafeBufferPointer<UInt8>, limit: Int) -> Excess? {
        guard let base = text.baseAddress else { return nil }
        let n = text.count
        var i = 0
        while i < n {
            guard let hit = memchr(base + i, Int32(UInt8(ascii: "<")), n - i) else { return nil }
            let lt = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            guard lt + 1 < n else { return nil }
            switch text[lt + 1] {
            case UInt8(ascii: "?"):
                guard let end = find("?>", in: text, from: lt + 2) else { return nil }
                i = end
            case UInt8(ascii: "!"):
                if starts(text, at: lt + 2, with: "--") {
                    guard let end = find("-->", in: text, from: lt + 4) else { return nil }
                    i = end
                } else if starts(text, at: lt + 2, with: "[CDATA[") {
                    guard let end = find("]]>", in: text, from: lt + 9) else { return nil }
                    i = end
                } else {
                    guard let end = declarationEnd(text, from: lt + 2) else { return nil }
                    i = end
                }
            case UInt8(ascii: "/"):
                guard let gt = memchr(base + lt, Int32(UInt8(ascii: ">")), n - lt) else { return nil }
                i = base.distance(to: gt.assumingMemoryBound(to: UInt8.self)) + 1
            default:
                switch startTag(text, at: lt, limit: limit) {
                case .end(let end): i = end
                case .excess: return Excess(offset: lt, name: name(text, at: lt + 1))
                case .malformed: return nil
                }
            }
        }
        return nil
    }

    private enum TagOutcome {
        case end(Int)
        case excess
        case malformed
    }

    /// Reads the start tag whose `<` is at `lt`: each attribute has exactly one quoted value, so the
    /// quoted values are counted. The tag is searched a word at a time (`XMLByteSearch`).
    private static func startTag(_ text: UnsafeBufferPointer<UInt8>, at lt: Int, limit: Int) -> TagOutcome {
        let base = text.baseAddress!, n = text.count
        var count = 0
        var i = lt + 1
        while true {
            i = XMLByteSearch.firstTagDelimiter(from: i, in: base, count: n)
            guard i < n else { return .malformed }
            let c = base[i]
            if c == UInt8(ascii: ">") { return .end(i + 1) }
            if c == UInt8(ascii: "<") { return .malformed }
            // A quote: its value runs to the same quote.
            let close = XMLByteSearch.firstIndex(of: c, from: i + 1, in: base, count: n)
            guard close < n else { return .malformed }
            count += 1
            if count > limit { return .excess }
            i = close + 1
        }
    }

    /// The index just past the `>` ending the markup declaration after `<!` (a `<!DOCTYPE` with its
    /// internal subset): quoted literals, and the comments and processing instructions of the subset,
    /// are skipped whole.
    private static func declarationEnd(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let base = text.baseAddress!, n = text.count
        var i = start
        var inSubset = false
        while i < n {
            let c = text[i]
            switch c {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                guard i + 1 < n, let close = memchr(base + i + 1, Int32(c), n - i - 1) else { return nil }
                i = base.distance(to: close.assumingMemoryBound(to: UInt8.self)) + 1
                continue
            case UInt8(ascii: "<") where inSubset:
                if starts(text, at: i + 1, with: "!--") {
                    guard let end = find("-->", in: text, from: i + 4) else { return nil }
                    i = end
                    continue
                }
                if starts(text, at: i + 1, with: "?") {
                    guard let end = find("?>", in: text, from: i + 2) else { return nil }
                    i = end
                    continue
                }
            case UInt8(ascii: "["): inSubset = true
            case UInt8(ascii: "]"): inSubset = false
            case UInt8(ascii: ">") where !inSubset: return i + 1
            default: break
            }
            i += 1
        }
        return nil
    }

    /// The index just past the next `needle` (ASCII, at least two bytes) at or after `from`.
    private static func find(_ needle: StaticString, in text: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        let base = text.baseAddress!, n = text.count, m = needle.utf8CodeUnitCount
        let first = needle.utf8Start[0]
        var i = from
        while i + m <= n {
            guard let hit = memchr(base + i, Int32(first), n - m + 1 - i) else { return nil }
            let k = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if starts(text, at: k, with: needle) { return k + m }
            i = k + 1
        }
        return nil
    }

    private static func starts(_ text: UnsafeBufferPointer<UInt8>, at i: Int, with prefix: StaticString) -> Bool {
        let m = prefix.utf8CodeUnitCount
        guard i + m <= text.count else { return false }
        for k in 0..<m where text[i + k] != prefix.utf8Start[k] { return false }
        return true
    }

    /// The name after a tag's `<`, up to white space, `/` or `>`, quoted to 80 characters.
    private static func name(_ text: UnsafeBufferPointer<UInt8>, at start: Int) -> String {
        var end = start
        while end < text.count, end - start < 320 {
            let c = text[end]
            if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == UInt8(ascii: "/") || c == UInt8(ascii: ">") { break }
            end += 1
        }
        return String(decoding: UnsafeBufferPointer(rebasing: text[start..<end]), as: UTF8.self)
    }
}
