import FormIR
import DocumentTree

/// A parsed MM XML document, stored flat: elements in document order (each element's descendants
/// follow it), attributes and character data in shared arrays, names interned. `MMElement` is a
/// handle into it, so walking and passing elements around copies no strings or arrays.
final class MMDocument {
    /// One element: 28 bytes (a large form has hundreds of thousands). Offsets and counts are 32-bit
    /// (inputs are far below 4 GiB: `--max-input-size` is 64 MiB by default). Positions are byte
    /// offsets in `source`, made lines and columns when asked (`position(of:)`). The element's
    /// attributes are `firstAttribute` up to the next element's `firstAttribute` (attributes are
    /// stored in document order, each element's just before its descendants').
    struct ElementRecord {
        var name: Int32
        var firstAttribute: Int32
        /// Index just past the element's last descendant.
        var end: Int32
        /// Where the start tag's `<` is in `source`.
        var offset: UInt32
        var textStart: UInt32
        var textCount: UInt32
        /// Where the content starts in `source`: just after the start tag's `>`.
        var contentOffset: UInt32
    }

    struct AttributeRecord {
        var name: Int32
        /// Where the name is in `source` (the element's `<` for an attribute the DTD supplied).
        var offset: UInt32
        var valueCount: Int32
        var valueStart: UInt32
    }

    let file: String
    /// `file`, as the many locations of the document name it.
    let sourceFile: SourceFile
    let elements: [ElementRecord]
    let attributes: [AttributeRecord]
    /// Interned element and attribute names.
    let names: [String]
    /// Attribute values and element texts, UTF-8.
    let bytes: [UInt8]
    /// The source positions refer to (UTF-8, comments repaired).
    let source: [UInt8]
    /// The name numbers of `name` and `type` (-1 when the document has no such name): the item reader
    /// finds those attributes by number.
    let nameAttributeID: Int32
    let typeAttributeID: Int32
    /// The name numbers of `language`, `encoding` and `value` (-1 when absent): every text and option
    /// element is asked for them.
    let languageAttributeID: Int32
    let encodingAttributeID: Int32
    let valueAttributeID: Int32

    /// What the reader asks of the whole document before reading it.
    struct Summary: Equatable {
        /// `usesLegacySpelling()`.
        var usesLegacySpelling: Bool
        /// How many pages, groups and items it has (`count(namedAnyOf:)`): the names a read will hold.
        var declarableCount: Int
    }

    /// Worked out once the document is built.
    private(set) var summary = Summary(usesLegacySpelling: false, declarableCount: 0)

    init(file: String, elements: [ElementRecord], attributes: [AttributeRecord], names: [String], bytes: [UInt8],
         source: [UInt8]) {
        self.file = file
        sourceFile = SourceFile(file)
        self.elements = elements
        self.attributes = attributes
        self.names = names
        self.bytes = bytes
        self.source = source
        lines = source.withUnsafeBufferPointer { XMLLineTable($0) }
        nameAttributeID = names.firstIndex(of: "name").map { Int32($0) } ?? -1
        typeAttributeID = names.firstIndex(of: "type").map { Int32($0) } ?? -1
        languageAttributeID = names.firstIndex(of: "language").map { Int32($0) } ?? -1
        encodingAttributeID = names.firstIndex(of: "encoding").map { Int32($0) } ?? -1
        valueAttributeID = names.firstIndex(of: "value").map { Int32($0) } ?? -1
        summary = Summary(usesLegacySpelling: usesLegacySpelling(), declarableCount: count(namedAnyOf: ["item", "group", "page"]))
    }

    var root: MMElement { MMElement(document: self, index: 0) }

    /// Where the lines of `source` start (every read asks for positions: made with the document).
    private let lines: XMLLineTable

    /// The line of the last position asked for: the next is usually on it or a little further. Held
    /// apart from the document, so that updating it, on every position asked for, is no access to a
    /// stored variable of a class (each one checked for exclusivity at run time).
    private let lastLine: UnsafeMutablePointer<Int> = {
        let p = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        p.initialize(to: 1)
        return p
    }()

    deinit { lastLine.deallocate() }

    /// The line and column of byte `offset` of `source`.
    func position(of offset: UInt32) -> (line: Int, column: Int) {
        source.withUnsafeBufferPointer { lines.position(of: Int(offset), in: $0, near: &lastLine.pointee) }
    }

    /// The location of byte `offset` of `source`.
    func location(of offset: UInt32) -> SourceLocation {
        let p = position(of: offset)
        return SourceLocation(file: sourceFile, line: p.line, column: p.column)
    }

    /// The attributes of the element at `index`, as indices of `attributes`.
    @inline(__always)
    func attributeRange(ofElement index: Int) -> Range<Int> {
        let first = Int(elements[index].firstAttribute)
        let next = index + 1 < elements.count ? Int(elements[index + 1].firstAttribute) : attributes.count
        return first..<next
    }

    /// The string of `count` bytes of `bytes` from `start`.
    @inline(__always)
    func string(_ start: Int, _ count: Int) -> String {
        count == 0 ? "" : bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<(start + count)]), as: UTF8.self) }
    }

    /// `string(start, count).trimmedWhitespace`, trimmed on the bytes before the string is made.
    func trimmedString(_ start: Int, _ count: Int) -> String {
        let range = trimmedRange(start, count)
        return string(range.lowerBound, range.count)
    }

    /// Where `bytes[start..<start + count]` is without the white space around it
    /// (`trimmingCharacters(in: .whitespacesAndNewlines)`, told on the bytes by `UTF8Whitespace`).
    func trimmedRange(_ start: Int, _ count: Int) -> Range<Int> {
        bytes.withUnsafeBufferPointer { UTF8Whitespace.trimmed(start..<(start + count), in: $0) }
    }

    /// How many elements have one of `names` (one pass over the elements).
    func count(namedAnyOf wanted: [String]) -> Int {
        var isWanted = [Bool](repeating: false, count: names.count)
        for name in wanted { if let id = names.firstIndex(of: name) { isWanted[id] = true } }
        var n = 0
        for e in elements where isWanted[Int(e.name)] { n += 1 }
        return n
    }

    /// Whether the document uses any spelling of the legacy format (`Legacy`): an obsolete element or
    /// legacy tag name anywhere, an obsolete attribute on the root, a page, group or item, a legacy
    /// item type, or a legacy validation name. One pass over the flat arrays, each name judged once.
    func usesLegacySpelling() -> Bool {
        let flags = names.map { Self.legacyScanFlags[$0] ?? [] }
        for index in elements.indices {
            let e = elements[index]
            let f = flags[Int(e.name)]
            if f.contains(.legacyElement) { return true }
            if index == 0 || f.contains(.container) {
                for a in attributeRange(ofElement: index) where flags[Int(attributes[a].name)].contains(.obsoleteAttribute) {
                    return true
                }
            }
            if f.contains(.item), let type = MMElement(document: self, index: index).attribute(id: typeAttributeID) {
                // A legacy type name starts with a capital: one starting with a small ASCII letter is not.
                let r = attributes[type.index]
                let first = r.valueCount > 0 ? bytes[Int(r.valueStart)] : 0
                if !(first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z")),
                   let found = MMItemType.lookup(type.value), found.isLegacy { return true }
            }
            if f.contains(.validation), Legacy.validationNames[MMElement(document: self, index: index).text] != nil { return true }
        }
        return false
    }

    /// What `usesLegacySpelling` needs to know of a name.
    private struct LegacyScanFlags: OptionSet {
        let rawValue: UInt8
        /// An obsolete element or a legacy tag spelling.
        static let legacyElement = LegacyScanFlags(rawValue: 1)
        /// `form`, `page`, `group` or `item`: their attributes are checked.
        static let container = LegacyScanFlags(rawValue: 2)
        static let obsoleteAttribute = LegacyScanFlags(rawValue: 4)
        static let item = LegacyScanFlags(rawValue: 8)
        static let validation = LegacyScanFlags(rawValue: 16)
    }

    /// The names with any `LegacyScanFlags` (one lookup per distinct name of a document).
    private static let legacyScanFlags: [String: LegacyScanFlags] = {
        var flags: [String: LegacyScanFlags] = [:]
        for n in Legacy.obsoleteElements { flags[n, default: []].insert(.legacyElement) }
        for n in Legacy.tagNames.keys { flags[n, default: []].insert(.legacyElement) }
        for n in ["item", "group", "page", "form"] { flags[n, default: []].insert(.container) }
        for n in Legacy.obsoleteAttributes { flags[n, default: []].insert(.obsoleteAttribute) }
        flags["item", default: []].insert(.item)
        flags["validation", default: []].insert(.validation)
        return flags
    }()
}
