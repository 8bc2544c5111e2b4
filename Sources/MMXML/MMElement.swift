import Foundation
import FormIR
import DocumentTree

/// One element of an MM XML document, with the positions diagnostics need: the `<` of its start tag,
/// each attribute's name, and where its character content begins in the file. A handle into its
/// `MMDocument`: copying it copies one reference; names, values and texts are read on demand.
struct MMElement {
    let document: MMDocument
    /// Index of the element in document order.
    let index: Int

    /// One attribute, in source order.
    struct Attribute {
        let document: MMDocument
        let index: Int

        private var record: MMDocument.AttributeRecord { document.attributes[index] }
        var name: String { document.names[Int(record.name)] }
        /// The name as a number of `document.names`.
        var nameID: Int32 { record.name }
        var value: String { let r = record; return document.string(Int(r.valueStart), Int(r.valueCount)) }
        /// How many bytes `value` has.
        var valueCount: Int { Int(record.valueCount) }
        /// `value.trimmedWhitespace`, trimmed on the bytes before the string is made.
        var trimmedValue: String { let r = record; return document.trimmedString(Int(r.valueStart), Int(r.valueCount)) }
        /// `value.trimmedSpaces` (tab and the Unicode space separators trimmed), trimmed on the bytes
        /// before the string is made.
        var trimmedSpacesValue: String {
            let r = record, start = Int(r.valueStart)
            let kept = document.bytes.withUnsafeBufferPointer {
                UTF8Whitespace.trimmed(start..<(start + Int(r.valueCount)), in: $0, newlines: false)
            }
            return document.string(kept.lowerBound, kept.count)
        }
        /// Where `trimmedValue` is in `document.bytes` (see `MMDocument.trimmedRange`).
        var trimmedValueRange: Range<Int> { let r = record; return document.trimmedRange(Int(r.valueStart), Int(r.valueCount)) }
        /// The value as a boolean when it is spelled exactly one of the usual ways (`YES`, `no`, `true`,
        /// `0`, …, see `ReadSession.bool`); `nil` for anything else. Read off the bytes.
        var plainBool: Bool? {
            let r = record
            return document.bytes.withUnsafeBufferPointer { b -> Bool? in
                let v = UnsafeBufferPointer(rebasing: b[Int(r.valueStart)..<(Int(r.valueStart) + Int(r.valueCount))])
                func equals(_ word: StaticString) -> Bool {
                    word.utf8CodeUnitCount == v.count && memcmp(word.utf8Start, v.baseAddress!, v.count) == 0
                }
                switch v.count {
                case 1: return equals("1") ? true : equals("0") ? false : nil
                case 2: return equals("NO") || equals("no") || equals("No") ? false : nil
                case 3: return equals("YES") || equals("yes") || equals("Yes") ? true : nil
                case 4: return equals("true") ? true : nil
                case 5: return equals("false") ? false : nil
                default: return nil
                }
            }
        }
        var location: SourceLocation { document.location(of: record.offset) }

        /// What an `encoding` attribute's value names: `base64`, `urlencode` or `url` in any case, with
        /// spaces and tabs around it (`value.trimmedSpaces.lowercased()` equal to one of those), else
        /// `.other`. An ASCII value is read off the bytes.
        var textEncoding: TextEncoding {
            let r = record
            let ascii = document.bytes.withUnsafeBufferPointer { b -> TextEncoding? in
                var i = Int(r.valueStart), end = i + Int(r.valueCount)
                for k in i..<end where b[k] >= 0x80 { return nil }
                while i < end, b[i] == 0x20 || b[i] == 0x09 { i += 1 }
                while end > i, b[end - 1] == 0x20 || b[end - 1] == 0x09 { end -= 1 }
                func equals(_ word: StaticString) -> Bool {
                    guard word.utf8CodeUnitCount == end - i else { return false }
                    for k in 0..<(end - i) {
                        let c = b[i + k]
                        if (c >= 0x41 && c <= 0x5A ? c | 0x20 : c) != word.utf8Start[k] { return false }
                    }
                    return true
                }
                return equals("base64") ? .base64 : equals("urlencode") || equals("url") ? .url : .other
            }
            if let ascii { return ascii }
            switch value.trimmedSpaces.lowercased() {
            case "base64": return .base64
            case "urlencode", "url": return .url
            default: return .other
            }
        }
    }

    /// The encodings a text element's `encoding` attribute names.
    enum TextEncoding { case base64, url, other }

    /// The attributes in source order (a name given twice counts once, its first time).
    struct Attributes: RandomAccessCollection {
        let document: MMDocument
        let startIndex: Int
        let endIndex: Int
        subscript(position: Int) -> Attribute { Attribute(document: document, index: position) }
    }

    /// The child elements in order.
    struct Children: Collection {
        let document: MMDocument
        /// The first child's index (or `endIndex`).
        let startIndex: Int
        let endIndex: Int
        subscript(position: Int) -> MMElement { MMElement(document: document, index: position) }
        func index(after i: Int) -> Int { Int(document.elements[i].end) }
    }

    private var record: MMDocument.ElementRecord { document.elements[index] }

    var name: String { document.names[Int(record.name)] }
    /// The element's name as a number of `document.names` (equal names, equal numbers).
    var nameID: Int32 { record.name }
    var attributes: Attributes {
        let range = document.attributeRange(ofElement: index)
        return Attributes(document: document, startIndex: range.lowerBound, endIndex: range.upperBound)
    }
    var children: Children { Children(document: document, startIndex: index + 1, endIndex: Int(record.end)) }
    /// The element's own character data (text and CDATA), not trimmed, entity references decoded.
    var rawText: String { let r = record; return document.string(Int(r.textStart), Int(r.textCount)) }
    var location: SourceLocation { document.location(of: record.offset) }
    /// Where the element's content starts in the source (for positions inside its text).
    var content: XMLContentAnchor {
        let offset = record.contentOffset
        let p = document.position(of: offset)
        return XMLContentAnchor(offset: Int(offset), line: p.line, column: p.column)
    }

    /// How many white-space scalars (`CharacterSet.whitespacesAndNewlines`) start `rawText`: read off
    /// the bytes (`UTF8Whitespace`), without making the text a `String`.
    var leadingWhitespaceScalars: Int {
        let r = record
        return document.bytes.withUnsafeBufferPointer { b in
            UTF8Whitespace.leadingScalars(Int(r.textStart)..<(Int(r.textStart) + Int(r.textCount)), in: b)
        }
    }

    /// The text as a number when it is plain: ASCII digits with an optional leading `-` and white space
    /// around, at most 18 digits (no overflow). `nil` for anything else, which `ReadSession.int` reads.
    /// Read off the bytes, without making the text a `String`.
    var plainInteger: Int? {
        let r = record
        return document.bytes.withUnsafeBufferPointer { b in
            @inline(__always) func space(_ c: UInt8) -> Bool { c == 0x20 || (c >= 0x09 && c <= 0x0D) }
            var i = Int(r.textStart), end = i + Int(r.textCount)
            while i < end, space(b[i]) { i += 1 }
            while end > i, space(b[end - 1]) { end -= 1 }
            let negative = i < end && b[i] == UInt8(ascii: "-")
            if negative { i += 1 }
            guard i < end, end - i <= 18 else { return nil }
            var n = 0
            while i < end {
                let d = b[i] &- UInt8(ascii: "0")
                guard d < 10 else { return nil }
                n = n * 10 + Int(d)
                i += 1
            }
            return negative ? -n : n
        }
    }

    /// The character data without surrounding whitespace.
    var text: String { let r = record; return document.trimmedString(Int(r.textStart), Int(r.textCount)) }

    /// Calls `body` with the bytes of the character data as the document holds them (untrimmed).
    func withTextBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let r = record
        return document.bytes.withUnsafeBufferPointer { b in
            body(UnsafeBufferPointer(rebasing: b[Int(r.textStart)..<Int(r.textStart) + Int(r.textCount)]))
        }
    }

    func attribute(_ name: String) -> Attribute? {
        for a in document.attributeRange(ofElement: index) where document.names[Int(document.attributes[a].name)] == name {
            return Attribute(document: document, index: a)
        }
        return nil
    }

    func value(_ name: String) -> String? { attribute(name)?.value }

    /// The attribute whose name is number `id` of `document.names` (`attribute(_:)` without comparing
    /// strings).
    func attribute(id: Int32) -> Attribute? {
        document.attributes.withUnsafeBufferPointer { attributes in
            for a in document.attributeRange(ofElement: index) where attributes[a].name == id {
                return Attribute(document: document, index: a)
            }
            return nil
        }
    }

    /// Direct children named `name` (exact spelling).
    func children(named name: String) -> [MMElement] { children.filter { $0.name == name } }
}
