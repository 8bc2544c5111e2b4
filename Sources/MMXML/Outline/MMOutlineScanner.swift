#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DocumentTree

/// The byte-level first pass behind `MMOutline.scan`: finds tags with `memchr`, steps over quoted
/// attribute values, comments and the content of elements it does not need, and gives up (`nil`) at
/// anything outside the shape `MMOutline` describes.
struct MMOutlineScanner {
    private let p: UnsafePointer<UInt8>
    private let n: Int
    private var i = 0
    /// Lines counted as the pages are found, while their bytes are at hand.
    private var lines = LineCounter()

    init(_ text: UnsafeBufferPointer<UInt8>) {
        p = text.baseAddress ?? UnsafePointer(bitPattern: 1)!
        n = text.baseAddress == nil ? 0 : text.count
    }

    /// A start tag: its name, where it ends (just past `>`), whether it closes itself, and the values of
    /// the attributes asked for.
    private struct StartTag {
        var name: Range<Int>
        var end: Int
        var selfClosing: Bool
        var name1: Range<Int>?
        var name2: Range<Int>?
    }

    /// A scanner of `text` from `offset` on, its lines counted from there (as line 1).
    init(_ text: UnsafeBufferPointer<UInt8>, from offset: Int) {
        self.init(text)
        i = offset
        lines = LineCounter(startingAt: offset)
    }

    mutating func scan(release: (Range<Int>) -> Void) -> MMOutline? {
        guard let rootTagEnd = head(), let run = children(release: release), let rootEnd = run.rootEnd else { return nil }
        var outline = MMOutline(rootTagEnd: rootTagEnd, rootEnd: rootEnd, pages: run.pages)
        (outline.tailLine, outline.tailColumn) = run.tail
        return outline
    }

    /// The document up to and past the root's start tag: where it ends. `nil` when the text is not of
    /// the outline's shape there.
    mutating func head() -> Int? {
        guard n > 0, memchr(p, 0x0D, n) == nil else { return nil }
        if n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF { return nil }
        guard prolog() else { return nil }
        guard starts("<form"), i + 5 < n, isSpace(p[i + 5]) || p[i + 5] == UInt8(ascii: ">"),
              let root = startTag(at: i), !root.selfClosing else { return nil }
        i = root.end
        return root.end
    }

    /// The root's children from `i` on: its pages, and where they end.
    struct Children {
        var pages: [MMOutline.Page] = []
        /// The `<` of `</form>`; `nil` when the walk stopped where it was asked to.
        var rootEnd: Int?
        /// The line and column where the last page ends (with `rootEnd`).
        var tail = (line: 0, column: 0)
        /// The line the walk stopped at (without `rootEnd`).
        var line = 0
    }

    /// Walks the root's children from `i`, to the root's end or to a child starting at `stop` (the
    /// start of another walk, which must be met between two children). `pagesBefore`: pages stand
    /// before `i` (a child other than a page then ends them).
    mutating func children(stoppingAt stop: Int = .max, pagesBefore: Bool = false, release: (Range<Int>) -> Void) -> Children? {
        var found = Children()
        var afterPages = false
        let text = UnsafeBufferPointer(start: p, count: n)
        while true {
            guard let lt = next(UInt8(ascii: "<")), onlySpaces(i..<lt), lt <= stop else { return nil }
            i = lt
            if lt == stop {
                found.line = lines.position(of: stop, in: text).line
                return found
            }
            if starts("<!--") { guard skipComment() else { return nil }; continue }
            if starts("<!") || starts("<?") { return nil }
            if starts("</") {
                guard starts("</form"), let gt = next(UInt8(ascii: ">"), from: lt + 6), onlySpaces((lt + 6)..<gt),
                      let last = found.pages.last else { return nil }
                i = gt + 1
                guard epilog() else { return nil }
                found.rootEnd = lt
                found.tail = lines.position(of: last.range.upperBound, in: text)
                return found
            }
            guard let tag = startTag(at: lt, attribute: "name") else { return nil }
            if equals(tag.name, "page") {
                let (line, column) = lines.position(of: lt, in: text)
                guard !afterPages, var page = page(tag, start: lt) else { return nil }
                (page.line, page.column) = (line, column)
                lines.advance(to: page.range.upperBound, in: text)
                found.pages.append(page)
                release(page.range)
            } else {
                if equals(tag.name, "group") || equals(tag.name, "item") { return nil }
                if pagesBefore || !found.pages.isEmpty { afterPages = true }
                guard skip(tag) else { return nil }
            }
        }
    }

    // MARK: The form's parts

    /// The XML declaration (UTF-8 or no encoding named), comments and processing instructions before the
    /// root; stops at its `<`.
    private mutating func prolog() -> Bool {
        skipSpaces()
        if starts("<?xml"), i + 5 < n, isSpace(p[i + 5]) {
            guard let end = find("?>", from: i) else { return false }
            if let e = find("encoding", from: i, before: end) {
                var j = e + 8
                while j < end, isSpace(p[j]) || p[j] == UInt8(ascii: "=") { j += 1 }
                guard j < end, p[j] == UInt8(ascii: "\"") || p[j] == UInt8(ascii: "'"),
                      let close = next(p[j], from: j + 1), close < end else { return false }
                let value = String(decoding: UnsafeBufferPointer(start: p + j + 1, count: close - j - 1), as: UTF8.self)
                guard ["utf-8", "utf8"].contains(value.lowercased()) else { return false }
            }
            i = end + 2
        }
        while true {
            skipSpaces()
            if starts("<!--") { guard skipComment() else { return false }; continue }
            if starts("<?") {
                guard let end = find("?>", from: i) else { return false }
                i = end + 2
                continue
            }
            return i < n && p[i] == UInt8(ascii: "<") && !starts("<!")
        }
    }

    /// After the root: spaces, comments and processing instructions to the end.
    private mutating func epilog() -> Bool {
        while true {
            skipSpaces()
            if i >= n { return true }
            if starts("<!--") { guard skipComment() else { return false }; continue }
            guard starts("<?"), let end = find("?>", from: i) else { return false }
            i = end + 2
        }
    }

    /// A `<page>` element whose start tag is `tag`.
    private mutating func page(_ tag: StartTag, start: Int) -> MMOutline.Page? {
        guard let name = attribute(tag.name1, trimmed: false) else { return nil }
        var sections: [MMOutline.Section] = []
        let read = children(of: tag, closing: "</page") { scanner, child in
            if scanner.equals(child.name, "group") {
                guard let group = scanner.group(child) else { return false }
                sections.append(group)
            } else if scanner.equals(child.name, "item") {
                guard let item = scanner.item(child) else { return false }
                if sections.last?.isImplicit != true { sections.append(MMOutline.Section(name: nil, isImplicit: true, items: [])) }
                sections[sections.count - 1].items.append(item)
            } else {
                return !scanner.isRelationship(child) && scanner.skip(child)
            }
            return true
        }
        return read ? MMOutline.Page(range: start..<i, name: name, sections: sections) : nil
    }

    /// A `<group>` element and its items.
    private mutating func group(_ tag: StartTag) -> MMOutline.Section? {
        guard let name = attribute(tag.name1, trimmed: false) else { return nil }
        var section = MMOutline.Section(name: name, isImplicit: false, items: [])
        let read = children(of: tag, closing: "</group") { scanner, child in
            if scanner.equals(child.name, "item") {
                guard let item = scanner.item(child) else { return false }
                section.items.append(item)
                return true
            }
            return !scanner.isRelationship(child) && scanner.skip(child)
        }
        return read ? section : nil
    }

    /// Walks the children of the element whose start tag is `tag` (and whose end tag starts with
    /// `closing`), handing each child's start tag to `body`, which moves past the child; leaves `i` past
    /// the end tag. `false` when the content is not of the outline's shape or `body` says so.
    private mutating func children(of tag: StartTag, closing: StaticString,
                                   _ body: (inout MMOutlineScanner, StartTag) -> Bool) -> Bool {
        i = tag.end
        if tag.selfClosing { return true }
        let count = closing.utf8CodeUnitCount
        while true {
            guard let lt = next(UInt8(ascii: "<")) else { return false }
            i = lt
            if starts("<!--") { guard skipComment() else { return false }; continue }
            if starts("<!") || starts("<?") { return false }
            if starts("</") {
                guard starts(closing), let gt = next(UInt8(ascii: ">"), from: lt + count), onlySpaces((lt + count)..<gt) else { return false }
                i = gt + 1
                return true
            }
            guard let child = startTag(at: lt, attribute: "name", "type"), body(&self, child) else { return false }
        }
    }

    /// An `<item>` element's name (it must have a name and a type); leaves `i` past the element.
    private mutating func item(_ tag: StartTag) -> String? {
        guard let name = attribute(tag.name1, trimmed: true), let named = name, !named.isEmpty,
              let type = attribute(tag.name2, trimmed: true), let typed = type, !typed.isEmpty,
              skip(tag) else { return nil }
        return named
    }

    /// The value of an attribute found by `startTag`: `nil` when it cannot be taken as written (an entity
    /// or character reference, whitespace that libxml2 would normalise, a byte that is not ASCII);
    /// `.some(nil)` when the attribute is absent. `trimmed`: leading and trailing spaces and tabs
    /// are allowed and left out (items' names and types are read trimmed).
    private func attribute(_ range: Range<Int>?, trimmed: Bool) -> String?? {
        guard var r = range else { return .some(nil) }
        if trimmed {
            while r.lowerBound < r.upperBound, p[r.lowerBound] == 0x20 { r = (r.lowerBound + 1)..<r.upperBound }
            while r.lowerBound < r.upperBound, p[r.upperBound - 1] == 0x20 { r = r.lowerBound..<(r.upperBound - 1) }
        }
        for k in r {
            let c = p[k]
            guard c >= 0x20, c < 0x7F, c != UInt8(ascii: "&") else { return nil }
            if trimmed && c == 0x20 { return nil }
        }
        return String(decoding: UnsafeBufferPointer(start: p + r.lowerBound, count: r.count), as: UTF8.self)
    }

    // MARK: Tags

    private func isRelationship(_ tag: StartTag) -> Bool {
        equals(tag.name, "relationship") || equals(tag.name, "relationships")
    }

    /// The start tag at `lt` (`p[lt]` is `<`), with the values of the attributes named `first` and
    /// `second` when asked.
    private func startTag(at lt: Int, attribute first: StaticString? = nil, _ second: StaticString? = nil) -> StartTag? {
        var j = lt + 1
        let nameStart = j
        while j < n, !isSpace(p[j]), p[j] != UInt8(ascii: ">"), p[j] != UInt8(ascii: "/") { j += 1 }
        guard j > nameStart, j < n else { return nil }
        var tag = StartTag(name: nameStart..<j, end: 0, selfClosing: false)
        while true {
            while j < n, isSpace(p[j]) { j += 1 }
            guard j < n else { return nil }
            if p[j] == UInt8(ascii: ">") { tag.end = j + 1; return tag }
            if p[j] == UInt8(ascii: "/") {
                guard j + 1 < n, p[j + 1] == UInt8(ascii: ">") else { return nil }
                tag.end = j + 2
                tag.selfClosing = true
                return tag
            }
            let attributeStart = j
            while j < n, !isSpace(p[j]), p[j] != UInt8(ascii: "="), p[j] != UInt8(ascii: ">") { j += 1 }
            let attributeName = attributeStart..<j
            while j < n, isSpace(p[j]) { j += 1 }
            guard j < n, p[j] == UInt8(ascii: "=") else { return nil }
            j += 1
            while j < n, isSpace(p[j]) { j += 1 }
            guard j < n, p[j] == UInt8(ascii: "\"") || p[j] == UInt8(ascii: "'"), let close = next(p[j], from: j + 1) else { return nil }
            let value = (j + 1)..<close
            guard memchr(p + value.lowerBound, Int32(UInt8(ascii: "<")), value.count) == nil else { return nil }
            if let first, equals(attributeName, first) { tag.name1 = value }
            if let second, equals(attributeName, second) { tag.name2 = value }
            j = close + 1
            guard j < n, isSpace(p[j]) || p[j] == UInt8(ascii: ">") || p[j] == UInt8(ascii: "/") else { return nil }
        }
    }

    /// Moves past the element whose start tag is `tag`, its content walked for nested tags (comments
    /// skipped, quoted values stepped over): a byte loop, as most of the document is items' content
    /// of short texts and tags, where a library call per tag cost more than the walk.
    private mutating func skip(_ tag: StartTag) -> Bool {
        i = tag.end
        if tag.selfClosing { return true }
        var depth = 1
        var j = i
        while true {
            j = next(lessThanFrom: j)
            guard j + 1 < n else { return false }
            let c = p[j + 1]
            if c == UInt8(ascii: "/") {
                // An end tag: no quotes, so its `>` is the next one.
                j += 2
                while j < n && p[j] != UInt8(ascii: ">") { j += 1 }
                guard j < n else { return false }
                j += 1
                depth -= 1
                if depth == 0 {
                    i = j
                    return true
                }
            } else if c == UInt8(ascii: "!") || c == UInt8(ascii: "?") {
                i = j
                guard starts("<!--"), skipComment() else { return false }
                j = i
            } else {
                // A start tag: to its `>`, stepping over quoted values (which may hold `>`).
                j += 1
                var quote: UInt8 = 0
                while j < n {
                    let b = p[j]
                    if quote != 0 {
                        if b == quote { quote = 0 }
                    } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                        quote = b
                    } else if b == UInt8(ascii: ">") {
                        break
                    }
                    j += 1
                }
                guard j < n else { return false }
                if p[j - 1] != UInt8(ascii: "/") { depth += 1 }
                j += 1
            }
        }
    }

    /// The next `<` from `j` on (`n` when there is none), eight bytes at a time: the texts between tags
    /// are short, where a call to `memchr` costs more than the search.
    @inline(__always) private func next(lessThanFrom start: Int) -> Int {
        var j = start
        let ones: UInt64 = 0x0101_0101_0101_0101
        let pattern = ones &* UInt64(UInt8(ascii: "<"))
        while j + 8 <= n {
            let x = UInt64(littleEndian: UnsafeRawPointer(p + j).loadUnaligned(as: UInt64.self)) ^ pattern
            // The lowest byte flagged is the first `<` (flags above a zero byte may be false).
            let found = (x &- ones) & ~x & 0x8080_8080_8080_8080
            if found != 0 { return j + found.trailingZeroBitCount >> 3 }
            j += 8
        }
        while j < n && p[j] != UInt8(ascii: "<") { j += 1 }
        return j
    }

    /// Steps over the comment at `i`; `false` when it holds `--` before its end (libxml2 refuses it and
    /// the whole-form read repairs it) or does not end.
    private mutating func skipComment() -> Bool {
        guard let dashes = find("--", from: i + 4), dashes + 2 < n, p[dashes + 2] == UInt8(ascii: ">") else { return false }
        i = dashes + 3
        return true
    }

    // MARK: Bytes

    @inline(__always) private func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x09 }

    private mutating func skipSpaces() { while i < n, isSpace(p[i]) { i += 1 } }

    private func onlySpaces(_ r: Range<Int>) -> Bool { r.allSatisfy { isSpace(p[$0]) } }

    private func starts(_ s: StaticString) -> Bool {
        let m = s.utf8CodeUnitCount
        return i + m <= n && memcmp(p + i, s.utf8Start, m) == 0
    }

    private func equals(_ r: Range<Int>, _ s: StaticString) -> Bool {
        r.count == s.utf8CodeUnitCount && memcmp(p + r.lowerBound, s.utf8Start, r.count) == 0
    }

    /// The next `byte` from `from` (default: `i`) on.
    private func next(_ byte: UInt8, from: Int? = nil) -> Int? {
        let start = from ?? i
        guard start < n, let q = memchr(p + start, Int32(byte), n - start) else { return nil }
        return p.distance(to: q.assumingMemoryBound(to: UInt8.self))
    }

    /// The next `s` from `from` on (and before `before`).
    private func find(_ s: StaticString, from: Int, before: Int? = nil) -> Int? {
        let limit = before ?? n
        let m = s.utf8CodeUnitCount
        var j = from
        while j + m <= limit {
            guard let k = next(s.utf8Start.pointee, from: j), k + m <= limit else { return nil }
            if memcmp(p + k, s.utf8Start, m) == 0 { return k }
            j = k + 1
        }
        return nil
    }
}
