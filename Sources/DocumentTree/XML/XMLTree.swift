import FormIR

/// A parsed XML document: the root element, the entity declarations and references met, and the
/// UTF-8 source the positions refer to (for positions inside character data, see `contentPosition`).
public struct XMLTree: Sendable {
    /// The document element.
    public var root: XMLTreeElement
    /// The entities the internal DTD subset declares, in source order.
    public var entityDeclarations: [XMLEntityDeclaration]
    /// The references in content to declared entities, in source order.
    public var entityReferences: [XMLEntityReference]
    /// The document as parsed: UTF-8, without byte-order mark, comments repaired (same positions).
    public let source: [UInt8]

    /// The line and column of the scalar at `offset` of `element.text`: walks the raw content from its
    /// start, counting a character or predefined entity reference as one scalar, CDATA content one for
    /// one, skipping comments and processing instructions, `\r\n` as one newline; a reference to a
    /// declared entity (empty text) is at its `&`. `nil` past the element's own first text run.
    public func contentPosition(of element: XMLTreeElement, scalarOffset: Int) -> (line: Int, column: Int)? {
        contentPosition(from: element.content, scalarOffset: scalarOffset)
    }

    /// `contentPosition(of:scalarOffset:)` for the element whose content starts at `anchor`.
    public func contentPosition(from anchor: XMLContentAnchor, scalarOffset: Int) -> (line: Int, column: Int)? {
        Self.contentPosition(in: source, from: anchor, scalarOffset: scalarOffset)
    }

    /// `contentPosition(from:scalarOffset:)` in `source` (an `XMLParseResult`'s), for readers that
    /// build their own elements through an `XMLElementSink`.
    public static func contentPosition(in source: [UInt8], from anchor: XMLContentAnchor,
                                       scalarOffset: Int) -> (line: Int, column: Int)? {
        source.withUnsafeBufferPointer { b in
            var i = anchor.offset
            var line = anchor.line, column = anchor.column
            var decoded = 0
            var inCDATA = false
            func has(_ s: StaticString) -> Bool {
                let n = s.utf8CodeUnitCount
                guard i + n <= b.count else { return false }
                for k in 0..<n where b[i + k] != s.utf8Start[k] { return false }
                return true
            }
            func advance() {
                guard i < b.count else { return }
                let c = b[i]
                i += 1
                if c == 0x0A || (c == 0x0D && !(i < b.count && b[i] == 0x0A)) { line += 1; column = 1 }
                else if c != 0x0D && c & 0xC0 != 0x80 { column += 1 }
            }
            func skip(past s: StaticString) {
                while i < b.count && !has(s) { advance() }
                for _ in 0..<s.utf8CodeUnitCount { advance() }
            }
            while i < b.count {
                if inCDATA {
                    if has("]]>") { inCDATA = false; for _ in 0..<3 { advance() }; continue }
                } else if has("<![CDATA[") {
                    for _ in 0..<9 { advance() }
                    inCDATA = true
                    continue
                } else if has("<!--") {
                    skip(past: "-->"); continue
                } else if has("<?") {
                    skip(past: "?>"); continue
                } else if b[i] == UInt8(ascii: "<") {
                    break
                }
                if decoded == scalarOffset { return (line, column) }
                if !inCDATA && b[i] == UInt8(ascii: "&") {
                    let here = (line, column)
                    let start = i + 1
                    while i < b.count, b[i] != UInt8(ascii: ";"), b[i] != UInt8(ascii: "<") { advance() }
                    let name = String(decoding: UnsafeBufferPointer(rebasing: b[min(start, i)..<i]), as: UTF8.self)
                    advance()
                    if name.hasPrefix("#") || ["lt", "gt", "amp", "quot", "apos"].contains(name) { decoded += 1 }
                    else if decoded == scalarOffset { return here }
                    continue
                }
                if b[i] == 0x0D && i + 1 < b.count && b[i + 1] == 0x0A { advance() }
                advance()
                while i < b.count && b[i] & 0xC0 == 0x80 { i += 1 }
                decoded += 1
            }
            return decoded == scalarOffset ? (line, column) : nil
        }
    }
}
