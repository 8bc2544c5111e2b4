/// The elements of an XML file as byte ranges, for edits that must leave every other byte as it is
/// (`LegacySpellingFix`). Comments, CDATA sections, processing instructions and the document type
/// declaration (with its internal subset: `<!ENTITY …>`, quoted values, nested comments) are skipped
/// whole, so nothing inside them is ever seen as an element. A file whose tags do not balance is not
/// scanned (`nil`): an edit of a broken file could make it worse.
struct MarkupScan {
    /// One attribute of a start tag.
    struct Attribute {
        var name: String
        /// From the first space before the name to the closing quote: what removing it removes.
        var whole: Range<Int>
        /// The value between the quotes.
        var value: Range<Int>
    }

    /// One element.
    struct Element {
        var name: String
        /// The name in the start tag, and in the end tag (`nil` for `<a/>`).
        var nameRange: Range<Int>
        var endNameRange: Range<Int>?
        /// From `<` of the start tag to `>` of the end tag (inclusive).
        var whole: Range<Int>
        /// Between the tags (empty for `<a/>`).
        var content: Range<Int>
        var attributes: [Attribute]
        var parent: Int?
        var children: [Int] = []
    }

    private(set) var elements: [Element] = []
    let bytes: [UInt8]

    /// Scans `bytes`; `nil` when the markup is not well-formed enough to edit.
    init?(_ bytes: [UInt8]) {
        self.bytes = bytes
        let n = bytes.count
        var i = 0
        var open: [Int] = []
        func starts(_ s: StaticString, at k: Int) -> Bool {
            let len = s.utf8CodeUnitCount
            guard k + len <= n else { return false }
            return s.withUTF8Buffer { b in (0..<len).allSatisfy { bytes[k + $0] == b[$0] } }
        }
        /// Past the first `end` at or after `k`; `nil` when there is none.
        func past(_ end: StaticString, from k: Int) -> Int? {
            var j = k
            while j < n { if starts(end, at: j) { return j + end.utf8CodeUnitCount }; j += 1 }
            return nil
        }
        while i < n {
            guard bytes[i] == UInt8(ascii: "<") else { i += 1; continue }
            if starts("<!--", at: i) { guard let e = past("-->", from: i + 4) else { return nil }; i = e; continue }
            if starts("<![CDATA[", at: i) { guard let e = past("]]>", from: i + 9) else { return nil }; i = e; continue }
            if starts("<?", at: i) { guard let e = past("?>", from: i + 2) else { return nil }; i = e; continue }
            if starts("<!", at: i) { guard let e = Self.pastDeclaration(bytes, from: i + 2) else { return nil }; i = e; continue }
            let closing = i + 1 < n && bytes[i + 1] == UInt8(ascii: "/")
            let nameStart = i + (closing ? 2 : 1)
            var j = nameStart
            while j < n && !Self.isSpace(bytes[j]) && bytes[j] != UInt8(ascii: ">") && bytes[j] != UInt8(ascii: "/") { j += 1 }
            guard j > nameStart else { return nil }
            let name = String(decoding: bytes[nameStart..<j], as: UTF8.self)
            var attributes: [Attribute] = []
            var k = j
            var selfClosing = false
            while true {
                let spaceStart = k
                while k < n && Self.isSpace(bytes[k]) { k += 1 }
                guard k < n else { return nil }
                if bytes[k] == UInt8(ascii: ">") { break }
                if bytes[k] == UInt8(ascii: "/") && k + 1 < n && bytes[k + 1] == UInt8(ascii: ">") { selfClosing = true; k += 1; break }
                guard !closing, k > spaceStart else { return nil }
                let an = k
                while k < n && !Self.isSpace(bytes[k]) && bytes[k] != UInt8(ascii: "=") && bytes[k] != UInt8(ascii: ">") { k += 1 }
                let attrName = String(decoding: bytes[an..<k], as: UTF8.self)
                while k < n && Self.isSpace(bytes[k]) { k += 1 }
                guard k < n, bytes[k] == UInt8(ascii: "=") else { return nil }
                k += 1
                while k < n && Self.isSpace(bytes[k]) { k += 1 }
                guard k < n, bytes[k] == UInt8(ascii: "\"") || bytes[k] == UInt8(ascii: "'") else { return nil }
                let q = bytes[k]
                let vs = k + 1
                k = vs
                while k < n && bytes[k] != q { k += 1 }
                guard k < n else { return nil }
                attributes.append(Attribute(name: attrName, whole: spaceStart..<(k + 1), value: vs..<k))
                k += 1
            }
            let tagEnd = k + 1  // past `>`
            if closing {
                guard let top = open.popLast(), elements[top].name == name else { return nil }
                elements[top].endNameRange = nameStart..<j
                elements[top].content = elements[top].content.lowerBound..<i
                elements[top].whole = elements[top].whole.lowerBound..<tagEnd
            } else {
                let index = elements.count
                elements.append(Element(name: name, nameRange: nameStart..<j, endNameRange: nil, whole: i..<tagEnd,
                                        content: tagEnd..<tagEnd, attributes: attributes, parent: open.last))
                if let p = open.last { elements[p].children.append(index) }
                if !selfClosing { open.append(index) }
            }
            i = tagEnd
        }
        guard open.isEmpty, !elements.isEmpty else { return nil }
    }

    /// Past the `>` that ends a declaration begun at `k` (after `<!`): quoted strings, an internal
    /// subset in brackets and the comments and processing instructions inside it are skipped whole.
    private static func pastDeclaration(_ bytes: [UInt8], from k: Int) -> Int? {
        var j = k
        var depth = 0
        let n = bytes.count
        while j < n {
            let c = bytes[j]
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                j += 1
                while j < n && bytes[j] != c { j += 1 }
            } else if c == UInt8(ascii: "<"), j + 3 < n, bytes[j + 1] == UInt8(ascii: "!"), bytes[j + 2] == UInt8(ascii: "-"), bytes[j + 3] == UInt8(ascii: "-") {
                j += 4
                while j + 2 < n && !(bytes[j] == UInt8(ascii: "-") && bytes[j + 1] == UInt8(ascii: "-") && bytes[j + 2] == UInt8(ascii: ">")) { j += 1 }
                j += 2
            } else if c == UInt8(ascii: "[") {
                depth += 1
            } else if c == UInt8(ascii: "]") {
                depth -= 1
            } else if c == UInt8(ascii: ">") && depth <= 0 {
                return j + 1
            }
            j += 1
        }
        return nil
    }

    /// The element's text when it is plain (no child, comment, CDATA or entity reference), with the
    /// range of it that is not space.
    func plainText(of e: Element) -> (text: String, range: Range<Int>)? {
        let r = e.content
        guard !r.isEmpty, !bytes[r].contains(UInt8(ascii: "<")), !bytes[r].contains(UInt8(ascii: "&")) else { return nil }
        var s = r.lowerBound, t = r.upperBound
        while s < t && Self.isSpace(bytes[s]) { s += 1 }
        while t > s && Self.isSpace(bytes[t - 1]) { t -= 1 }
        return (String(decoding: bytes[s..<t], as: UTF8.self), s..<t)
    }

    /// What removing the element removes: the element and, when it stands alone on its lines, the
    /// indentation before it and the line break after it.
    func removal(of e: Element) -> Range<Int> {
        var s = e.whole.lowerBound, t = e.whole.upperBound
        while s > 0 && (bytes[s - 1] == 0x20 || bytes[s - 1] == 0x09) { s -= 1 }
        var u = t
        while u < bytes.count && (bytes[u] == 0x20 || bytes[u] == 0x09 || bytes[u] == 0x0D) { u += 1 }
        if (s == 0 || bytes[s - 1] == 0x0A) && u < bytes.count && bytes[u] == 0x0A { return s..<(u + 1) }
        return e.whole
    }

    static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }
}
