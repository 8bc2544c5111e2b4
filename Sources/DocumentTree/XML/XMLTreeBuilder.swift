import CLibXML2
import FormIR

/// The state of one `XMLTreeReader` parse, fed by libxml2's SAX2 callbacks: the depth of open
/// elements, positions (a forward-only cursor over the source), entity bookkeeping and the first
/// failure. Elements go to the parse's `XMLElementSink`.
final class XMLTreeBuilder {
    let file: String
    let ids: XMLParseFailureIDs
    let limits: XMLParseLimits
    let sink: XMLElementSink
    /// Whether the root element ended.
    private(set) var sawRoot = false
    private(set) var failure: ReadFailure?
    var declarations: [XMLEntityDeclaration] = []
    var references: [XMLEntityReference] = []
    var entitySizes: [String: Int] = [:] {
        didSet { state.pointee.hasEntities = !entitySizes.isEmpty }
    }
    var expanded = 0

    /// The state every callback touches, behind a pointer: stored properties of a class are checked
    /// for exclusive access at run time on every use, which costs more than the work per element.
    private struct State {
        var source = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        var context: xmlParserCtxtPtr?
        var failed = false
        var hasEntities = false
        var depth = 0
        var cursor = XMLPositionCursor()
        /// Scratch space reused from start tag to start tag.
        var scanned: [(start: Int, end: Int)] = []
        var events: [XMLAttributeEvent] = []
    }
    private let state: UnsafeMutablePointer<State>

    var source: UnsafeBufferPointer<UInt8> {
        get { state.pointee.source }
        set { state.pointee.source = newValue }
    }
    var context: xmlParserCtxtPtr? {
        get { state.pointee.context }
        set { state.pointee.context = newValue }
    }
    var cursor: XMLPositionCursor {
        get { state.pointee.cursor }
        _modify { yield &state.pointee.cursor }
    }

    init(file: String, ids: XMLParseFailureIDs, limits: XMLParseLimits, sink: XMLElementSink) {
        self.file = file
        self.ids = ids
        self.limits = limits
        self.sink = sink
        state = .allocate(capacity: 1)
        state.initialize(to: State())
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    // MARK: Positions

    /// Byte offset of the parser in the document (its own input, not an entity's).
    var offset: Int {
        guard let input = context?.pointee.input else { return 0 }
        let i = input.pointee
        guard let cur = i.cur, let base = i.base else { return 0 }
        return Int(i.consumed) + (cur - base)
    }

    func location(_ p: (line: Int, column: Int)) -> SourceLocation {
        SourceLocation(file: file, line: p.line, column: p.column)
    }

    // MARK: Elements

    func start(localname: UnsafePointer<xmlChar>?, prefix: UnsafePointer<xmlChar>?, namespaceCount: Int,
               namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, attributeCount: Int,
               attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        let st = state
        guard !st.pointee.failed, let localname else { return }
        let b = st.pointee.source
        // The parser stands at the start tag's `>` or `/>`; no `<` can occur inside a start tag.
        var lt = min(offset, b.count - 1)
        while lt > 0 && b[lt] != UInt8(ascii: "<") { lt -= 1 }
        let at = st.pointee.cursor.move(to: lt, in: b)
        // Attribute names in source order, with their offsets; then the end of the tag.
        var i = lt + 1
        while i < b.count, !Self.endsName(b[i]) { i += 1 }
        st.pointee.scanned.removeAll(keepingCapacity: true)
        var contentStart = b.count
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: ">") { contentStart = i + 1; break }
            if c == UInt8(ascii: "/") && i + 1 < b.count && b[i + 1] == UInt8(ascii: ">") { contentStart = i + 2; break }
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                i += 1
                while i < b.count && b[i] != c { i += 1 }
                i += 1
            } else if Self.endsName(c) || c == UInt8(ascii: "=") {
                i += 1
            } else {
                let s = i
                while i < b.count, !Self.endsName(b[i]), b[i] != UInt8(ascii: "=") { i += 1 }
                st.pointee.scanned.append((s, i))
            }
        }
        st.pointee.events.removeAll(keepingCapacity: true)
        var next = 0
        for (s, e) in st.pointee.scanned {
            let p = st.pointee.cursor.move(to: s, in: b)
            let isNamespace = e - s >= 5 && b[s] == UInt8(ascii: "x") && b[s + 1] == UInt8(ascii: "m")
                && b[s + 2] == UInt8(ascii: "l") && b[s + 3] == UInt8(ascii: "n") && b[s + 4] == UInt8(ascii: "s")
                && (e - s == 5 || b[s + 5] == UInt8(ascii: ":"))
            let written = UnsafeBufferPointer(rebasing: b[s..<e])
            if isNamespace {
                // `xmlns` (no prefix) or `xmlns:p`: the last declaration of that prefix gives the value.
                let wanted = e - s == 5 ? nil : UnsafeBufferPointer(rebasing: b[(s + 6)..<e])
                var value = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
                for n in 0..<namespaceCount {
                    let pfx = namespaces?[2 * n]
                    let same: Bool
                    if let pfx, let wanted { same = Self.equals(pfx, wanted) } else { same = pfx == nil && wanted == nil }
                    if same { value = namespaces?[2 * n + 1].map(Self.buffer) ?? UnsafeBufferPointer(start: nil, count: 0) }
                }
                st.pointee.events.append(XMLAttributeEvent(written: written, localName: nil, prefix: nil, value: value,
                                                line: p.line, column: p.column))
            } else if next < attributeCount, let attributes {
                st.pointee.events.append(XMLAttributeEvent(written: written, localName: attributes[5 * next], prefix: attributes[5 * next + 1],
                                                value: Self.value(attributes, next), line: p.line, column: p.column))
                next += 1
            }
        }
        while next < attributeCount, let attributes {
            st.pointee.events.append(XMLAttributeEvent(written: nil, localName: attributes[5 * next], prefix: attributes[5 * next + 1],
                                            value: Self.value(attributes, next), line: at.line, column: at.column))
            next += 1
        }
        if st.pointee.hasEntities { countAttributeReferences(lt..<contentStart) }
        let content = st.pointee.cursor.move(to: contentStart, in: b)
        guard !st.pointee.failed, st.pointee.depth < limits.maxDepth else {
            if st.pointee.failed { return }
            return fail(ReadFailure(id: ids.tooDeep,
                                    "elements nest more than \(limits.maxDepth) levels deep; refusing to read further",
                                    at: location(at)))
        }
        st.pointee.depth += 1
        let anchor = XMLContentAnchor(offset: contentStart, line: content.line, column: content.column)
        st.pointee.events.withUnsafeBufferPointer { events in
            sink.startElement(XMLStartTag(localName: localname, prefix: prefix, line: at.line, column: at.column,
                                          content: anchor, attributes: events))
        }
    }

    private static func value(_ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>, _ n: Int) -> UnsafeBufferPointer<UInt8> {
        guard let start = attributes[5 * n + 3], let end = attributes[5 * n + 4] else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: start, count: end - start)
    }

    private static func buffer(_ p: UnsafePointer<xmlChar>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: p, count: Int(xmlStrlen(p)))
    }

    /// Whether the NUL-terminated `p` spells `bytes`.
    private static func equals(_ p: UnsafePointer<xmlChar>, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for k in 0..<bytes.count where p[k] != bytes[k] { return false }
        return p[bytes.count] == 0
    }

    @inline(__always)
    private static func endsName(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D || c == UInt8(ascii: ">") || c == UInt8(ascii: "/")
    }

    func end() {
        let st = state
        guard !st.pointee.failed, st.pointee.depth > 0 else { return }
        st.pointee.depth -= 1
        sink.endElement()
        if st.pointee.depth == 0 { sawRoot = true }
    }

    func characters(_ ch: UnsafePointer<xmlChar>?, _ count: Int, cdata: Bool) {
        guard !state.pointee.failed, let ch, count > 0, state.pointee.depth > 0 else { return }
        sink.characters(UnsafeBufferPointer(start: ch, count: count), cdata: cdata)
    }

    // MARK: Failures

    func fail(_ f: ReadFailure) {
        if failure == nil { failure = f }
        state.pointee.failed = true
        if let context { xmlStopParser(context) }
    }

    /// libxml2 ends some messages with its own " line N" ("Couldn't find end of Start Tag item line 3");
    /// the diagnostic's position already says where, so the suffix goes.
    static func withoutLineSuffix(_ message: String) -> String {
        guard let r = message.range(of: " line ", options: .backwards),
              !message[r.upperBound...].isEmpty, message[r.upperBound...].allSatisfy({ $0.isASCII && $0.isNumber }) else { return message }
        return String(message[..<r.lowerBound])
    }

    func error(_ e: xmlError, nested: xmlParserCtxtPtr) {
        guard failure == nil, e.level == XML_ERR_FATAL else { return }
        let raw = e.message.map { String(cString: $0) } ?? "parser error \(e.code)"
        let message = raw.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\t" })
            .map { $0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed() }.map { String($0) }.filter { !$0.isEmpty }
            .map(Self.withoutLineSuffix).joined(separator: "; ")
        let at: SourceLocation
        if nested == context, context?.pointee.inputNr == 1 {
            at = location(XMLPositionCursor.locate(offset, in: source))
        } else {
            at = SourceLocation(file: file, line: max(Int(e.line), 1), column: max(Int(e.int2), 1))
        }
        fail(ReadFailure(id: ids.malformed, "malformed XML: \(message)", at: at))
    }
}
