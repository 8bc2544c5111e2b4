import CLibXML2
import FormIR

/// The state of one `XMLTreeReader` parse, fed by libxml2's SAX2 callbacks: the depth of open
/// elements, the offsets of tags and attributes (positions of entity references: a forward-only
/// cursor over the source), entity bookkeeping and the first failure. Elements go to the parse's `XMLElementSink`.
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
    /// Attributes declared so far (`<!ATTLIST>`) by element name: libxml2 adds their defaults to every
    /// start tag of the element, through the same quadratic check as written ones.
    var declaredAttributes: [String: Int] = [:]

    /// The state every callback touches, behind a pointer: stored properties of a class are checked
    /// for exclusive access at run time on every use, which costs more than the work per element.
    private struct State {
        var source = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        var context: xmlParserCtxtPtr?
        var failed = false
        var hasEntities = false
        var depth = 0
        var cursor = XMLPositionCursor()
        /// The attributes of the start tag being read: scratch space reused from tag to tag.
        var events = UnsafeMutablePointer<XMLAttributeEvent>.allocate(capacity: 16)
        var eventCapacity = 16
        var eventCount = 0

        mutating func growEvents() {
            let larger = UnsafeMutablePointer<XMLAttributeEvent>.allocate(capacity: 2 * eventCapacity)
            larger.moveInitialize(from: events, count: eventCount)
            events.deallocate()
            events = larger
            eventCapacity *= 2
        }
    }
    private let state: UnsafeMutablePointer<State>

    var source: UnsafeBufferPointer<UInt8> {
        get { state.pointee.source }
        set {
            state.pointee.source = newValue
            state.pointee.cursor = XMLPositionCursor(for: newValue)
        }
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
        state.pointee.events.deinitialize(count: state.pointee.eventCount)
        state.pointee.events.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    // MARK: Positions

    /// Byte offset of the parser in the document (its own input, not an entity's).
    var offset: Int {
        @inline(__always) get {
            // Field by field: `input.pointee` as a whole would copy the structure.
            guard let input = context?.pointee.input, let cur = input.pointee.cur, let base = input.pointee.base else { return 0 }
            return Int(input.pointee.consumed) + (cur - base)
        }
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
        guard let p = b.baseAddress, !b.isEmpty else { return }
        let n = b.count
        // The parser stands at the start tag's `>` or `/>`; no `<` can occur inside a start tag.
        let end = offset
        let noAttributes = attributeCount == 0 && namespaceCount == 0
        let tag = Self.tagStart(endingAt: min(end, n - 1), in: p, lookingForEquals: noAttributes)
        let lt = tag.offset
        st.pointee.eventCount = 0
        var contentStart = n
        var next = 0
        // Without an `=` the tag has no attribute (libxml2 reports a namespace declaration it refused, such as
        // `xmlns:p=""`, in neither count, hence the look at the bytes).
        let bare = noAttributes && !tag.hasEquals
        if bare && end < n && p[end] == UInt8(ascii: ">") {
            // Most tags: the tag ends where the parser stands, nothing to scan.
            contentStart = end + 1
        } else if bare && end + 1 < n && p[end] == UInt8(ascii: "/") && p[end + 1] == UInt8(ascii: ">") {
            contentStart = end + 2
        } else {
            scanAttributes(from: lt, namespaceCount: namespaceCount, namespaces: namespaces, attributeCount: attributeCount,
                           attributes: attributes, next: &next, contentStart: &contentStart)
        }
        // Attributes the DTD supplied by default are at the element's `<`.
        while next < attributeCount, let attributes {
            appendEvent(XMLAttributeEvent(written: nil, localName: attributes[5 * next], prefix: attributes[5 * next + 1],
                                          value: Self.value(attributes, next), offset: lt))
            next += 1
        }
        if st.pointee.hasEntities { countAttributeReferences(lt..<contentStart) }
        guard !st.pointee.failed, st.pointee.depth < limits.maxDepth else {
            if st.pointee.failed { return }
            return fail(ReadFailure(id: ids.tooDeep,
                                    "elements nest more than \(limits.maxDepth) levels deep; refusing to read further",
                                    at: location(XMLPositionCursor.locate(lt, in: b))))
        }
        st.pointee.depth += 1
        sink.startElement(XMLStartTag(localName: localname, prefix: prefix, offset: lt, contentOffset: contentStart,
                                      attributes: UnsafeBufferPointer(start: st.pointee.events, count: st.pointee.eventCount),
                                      source: b))
    }

    /// Reads the start tag at `lt` for its attribute names in source order, pairing them with libxml2's
    /// attributes (from `next` on), and finds where its content starts.
    private func scanAttributes(from lt: Int, namespaceCount: Int, namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
                                attributeCount: Int, attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
                                next: inout Int, contentStart: inout Int) {
        let b = state.pointee.source
        guard let p = b.baseAddress else { return }
        let n = b.count
        var i = lt + 1
        while i < n, !Self.endsName(p[i]) { i += 1 }
        while i < n {
            let c = p[i]
            if c == UInt8(ascii: ">") { contentStart = i + 1; break }
            if c == UInt8(ascii: "/") && i + 1 < n && p[i + 1] == UInt8(ascii: ">") { contentStart = i + 2; break }
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                i = XMLByteSearch.firstIndex(of: c, from: i + 1, in: p, count: n) + 1
                continue
            }
            if Self.endsNameOrEquals(c) { i += 1; continue }
            let s = i
            while i < n, !Self.endsNameOrEquals(p[i]) { i += 1 }
            let e = i
            let isNamespace = e - s >= 5 && p[s] == UInt8(ascii: "x") && p[s + 1] == UInt8(ascii: "m")
                && p[s + 2] == UInt8(ascii: "l") && p[s + 3] == UInt8(ascii: "n") && p[s + 4] == UInt8(ascii: "s")
                && (e - s == 5 || p[s + 5] == UInt8(ascii: ":"))
            let written = UnsafeBufferPointer(start: p + s, count: e - s)
            if isNamespace {
                // `xmlns` (no prefix) or `xmlns:p`: the last declaration of that prefix gives the value.
                let wanted = e - s == 5 ? nil : UnsafeBufferPointer(start: p + s + 6, count: e - s - 6)
                var value = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
                for k in 0..<namespaceCount {
                    let pfx = namespaces?[2 * k]
                    let same: Bool
                    if let pfx, let wanted { same = Self.equals(pfx, wanted) } else { same = pfx == nil && wanted == nil }
                    if same { value = namespaces?[2 * k + 1].map(Self.buffer) ?? UnsafeBufferPointer(start: nil, count: 0) }
                }
                appendEvent(XMLAttributeEvent(written: written, localName: nil, prefix: nil, value: value, offset: s))
            } else if next < attributeCount, let attributes {
                appendEvent(XMLAttributeEvent(written: written, localName: attributes[5 * next], prefix: attributes[5 * next + 1],
                                              value: Self.value(attributes, next), offset: s))
                next += 1
            }
        }
    }

    /// Adds an attribute to the scratch list of the start tag being read.
    @inline(__always)
    private func appendEvent(_ event: XMLAttributeEvent) {
        let st = state
        if st.pointee.eventCount == st.pointee.eventCapacity { st.pointee.growEvents() }
        (st.pointee.events + st.pointee.eventCount).initialize(to: event)
        st.pointee.eventCount += 1
    }

    /// What `start` needs to know of the start tag ending at `end` before reading it.
    private struct TagStart {
        /// The `<`: the last one at or before `end` (0 when there is none).
        var offset: Int
        /// Whether an `=` occurs from there to `end` (when looked for): without one the tag has no attribute.
        var hasEquals: Bool
    }

    /// Finds the start of the tag ending at `end`, eight bytes at a time, backwards (a start tag is tens of
    /// bytes long). The words' tests are gathered without branches.
    private static func tagStart(endingAt end: Int, in p: UnsafePointer<UInt8>, lookingForEquals: Bool) -> TagStart {
        let raw = UnsafeRawPointer(p)
        var stop = end + 1
        var equals: UInt64 = 0
        while stop >= 8 {
            var w = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: stop - 8, as: UInt64.self))
            let lt = XMLByteSearch.bytes(equalTo: UInt8(ascii: "<"), in: w)
            if lt != 0 {
                let k = (63 - lt.leadingZeroBitCount) >> 3
                // The bytes before the `<` are not the tag's: they become NUL (no `=`).
                w &= UInt64.max &<< UInt64(8 * k)
                equals |= hasEquals(w)
                return TagStart(offset: stop - 8 + k, hasEquals: equals != 0)
            }
            if lookingForEquals { equals |= hasEquals(w) }
            stop -= 8
        }
        var sawEquals = equals != 0
        while stop > 0 {
            stop -= 1
            let c = p[stop]
            if c == UInt8(ascii: "=") { sawEquals = true }
            if c == UInt8(ascii: "<") { break }
        }
        return TagStart(offset: stop, hasEquals: sawEquals)
    }

    /// Non-zero exactly when `w` holds an `=`: `(x - 0x01…) & ~x & 0x80…` is non-zero exactly when `x`
    /// has a NUL byte.
    @inline(__always)
    private static func hasEquals(_ w: UInt64) -> UInt64 {
        let x = w ^ 0x3D3D_3D3D_3D3D_3D3D
        return (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
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

    /// White space, `>` and `/`: all below 64, so one bit each of a 64-bit mask (one test, not six).
    @inline(__always)
    private static func endsName(_ c: UInt8) -> Bool {
        let ends: UInt64 = 1 << 0x20 | 1 << 0x0A | 1 << 0x09 | 1 << 0x0D | 1 << 0x3E | 1 << 0x2F
        return c < 64 && ends &>> UInt64(c) & 1 != 0
    }

    /// `endsName` or `=`.
    @inline(__always)
    private static func endsNameOrEquals(_ c: UInt8) -> Bool {
        let ends: UInt64 = 1 << 0x20 | 1 << 0x0A | 1 << 0x09 | 1 << 0x0D | 1 << 0x3E | 1 << 0x2F | 1 << 0x3D
        return c < 64 && ends &>> UInt64(c) & 1 != 0
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

    /// Records the first failure and ignores every callback after it. `stop` also halts libxml2, which
    /// is safe from a SAX callback only: halting frees the parser's input, and libxml2 goes on using
    /// pointers into it after raising an error (a `]]>` in the text of a form over 128 KB, whose buffer
    /// is unmapped when freed, crashed with SIGSEGV). After an error libxml2 reports nothing more to
    /// the SAX handler and reads the rest of the document on its own.
    func fail(_ f: ReadFailure, stop: Bool = true) {
        if failure == nil { failure = f }
        state.pointee.failed = true
        if stop, let context { xmlStopParser(context) }
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
        // From inside libxml2's error handler: never halt the parser here (see `fail`).
        fail(ReadFailure(id: ids.malformed, "malformed XML: \(message)", at: at), stop: false)
    }
}
