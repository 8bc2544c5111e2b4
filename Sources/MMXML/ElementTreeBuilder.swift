import Foundation
import DocumentTree
import FormIR

/// Builds the flat `MMDocument` straight from the shared libxml2 reader's events (`XMLTreeReader` with
/// an `XMLElementSink`): the parser checks well-formedness, decodes content and bounds entities and
/// depth; positions are exact. No intermediate tree is built.
final class ElementTreeBuilder: XMLElementSink {
    /// Deepest element nesting read (MM forms need about six levels); deeper documents are refused
    /// (`mmxml.too-deep`) rather than risking the stack in the recursive walks over the tree.
    static let maxDepth = 256

    /// Parses `bytes`; throws `mmxml.malformed` (`mmxml.entity-expansion`, `mmxml.too-deep`) at the
    /// exact line and column of the first problem.
    static func parse(bytes: [UInt8], file: String) throws -> (document: MMDocument, parse: XMLParseResult) {
        let builder = ElementTreeBuilder(expecting: bytes.count)
        let result = try XMLTreeReader.parse(bytes, file: file, ids: XMLParseFailureIDs(namespace: "mmxml"),
                                             limits: XMLParseLimits(maxDepth: maxDepth), into: builder)
        let built = builder.take()
        // The document's arrays are exactly as long as what was read (the buffers were sized by guess).
        let bytes = Array(built.bytes.bytes(from: 0))
        let elements = built.elements.array(), attributes = built.attributes.array()
        built.deallocate()
        let document = MMDocument(file: file, elements: elements, attributes: attributes,
                                  names: built.names.strings, bytes: bytes, source: result.source)
        return (document, result)
    }

    /// What the builder built (the caller frees its buffers, `State.deallocate`); the builder is left
    /// empty.
    private func take() -> State {
        let built = state.move()
        state.initialize(to: State(expecting: 0))
        return built
    }

    /// What is built, behind a pointer rather than in a class's stored properties (bench/RESULTS.md,
    /// "Cost notes").
    struct State {
        /// The records, in buffers of their own until the parse ends: an `Array`'s append and element
        /// update check its uniqueness and bounds each time, some 20 instructions a call, several calls
        /// an element.
        var elements: RecordBuffer<MMDocument.ElementRecord>
        var attributes: RecordBuffer<MMDocument.AttributeRecord>
        var names = NameTable()
        /// Attribute values and texts (`MMDocument.bytes`), in a buffer of its own until the parse ends:
        /// appending to an `Array` cost some 90 instructions a value.
        var bytes: PendingBytes
        /// The open elements, innermost last.
        var open = RecordBuffer<OpenElement>(capacity: 64)
        /// The character data of the open elements so far, outermost first (each one's from its
        /// `OpenElement.pendingStart`). An element's text is taken off the end when it closes, so its
        /// parent's text before and after it stays contiguous; one buffer instead of one per depth.
        var pending = PendingBytes()
        var scratch: [UInt8] = []
        /// For each name id of a namespace declaration, the start tag (its element index plus one) that
        /// last had it: a name given twice is found in constant time (searching the tag's earlier
        /// attributes was quadratic: 100,000 attributes on one element took minutes).
        var attributeSeenIn: [Int32] = []
        /// Whitespace-only texts already in `bytes`, by a hash of their content: the indentation
        /// between tags repeats, and is stored once (a cache: a colliding text replaces the slot).
        var whitespaceTexts = [(start: UInt32, count: UInt32)](repeating: (0, 0), count: 256)
        /// Element and attribute names by libxml2's interned pointers (local name and prefix).
        var namesByAddress = NamesByAddress()

        /// Buffers with room for the elements, attributes and texts of a typical form of `byteCount`
        /// bytes (one element per 24 bytes and one attribute per 48 are more than forms have): they
        /// rarely need to grow and copy.
        init(expecting byteCount: Int) {
            elements = RecordBuffer(capacity: byteCount / 24 + 16)
            attributes = RecordBuffer(capacity: byteCount / 48 + 16)
            bytes = PendingBytes(capacity: byteCount / 2 + 64)
        }

        /// Frees every buffer; the state is not used after.
        func deallocate() {
            elements.deallocate()
            attributes.deallocate()
            bytes.deallocate()
            open.deallocate()
            pending.deallocate()
        }
    }
    private let state: UnsafeMutablePointer<State>

    /// An element whose end tag has not come yet.
    struct OpenElement {
        /// Its index in `elements`.
        var index: Int
        /// Where its character data starts in `pending`.
        var pendingStart: Int
    }

    /// A builder for a document of `byteCount` bytes (`State.init(expecting:)`).
    private init(expecting byteCount: Int) {
        state = .allocate(capacity: 1)
        state.initialize(to: State(expecting: byteCount))
    }

    deinit {
        state.pointee.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    func startElement(_ tag: XMLStartTag) {
        let st = state
        let name = Self.internInterned(tag.localName, tag.prefix, &st.pointee)
        let first = st.pointee.attributes.count
        for a in tag.attributes {
            // An attribute's name as written is `prefix:localName` (libxml2 splits it at the colon); a
            // namespace declaration has only its written name.
            let attributeName: Int32
            if let local = a.localName {
                attributeName = Self.internInterned(local, a.prefix, &st.pointee)
            } else {
                attributeName = st.pointee.names.intern(a.written ?? UnsafeBufferPointer(start: nil, count: 0))
            }
            // A name given twice counts once, its first time. libxml2 refuses a tag that repeats an
            // attribute (a fatal error, before the tag is reported), so only the namespace declarations
            // it refused (`xmlns:p=""` twice) can repeat: those have no local name.
            if a.localName == nil {
                let tagStamp = Int32(truncatingIfNeeded: st.pointee.elements.count + 1)
                let nameIndex = Int(attributeName)
                if nameIndex >= st.pointee.attributeSeenIn.count {
                    st.pointee.attributeSeenIn.append(contentsOf: repeatElement(0, count: nameIndex + 1 - st.pointee.attributeSeenIn.count))
                }
                if st.pointee.attributeSeenIn[nameIndex] == tagStamp { continue }
                st.pointee.attributeSeenIn[nameIndex] = tagStamp
            }
            let start = st.pointee.bytes.count
            st.pointee.bytes.append(a.value)
            st.pointee.attributes.append(.init(name: attributeName, offset: UInt32(truncatingIfNeeded: a.offset),
                                               valueCount: Int32(truncatingIfNeeded: a.value.count),
                                               valueStart: UInt32(truncatingIfNeeded: start)))
        }
        st.pointee.open.append(OpenElement(index: st.pointee.elements.count, pendingStart: st.pointee.pending.count))
        st.pointee.elements.append(.init(name: name, firstAttribute: Int32(truncatingIfNeeded: first), end: 0,
                                         offset: UInt32(truncatingIfNeeded: tag.offset), textStart: 0, textCount: 0,
                                         contentOffset: UInt32(truncatingIfNeeded: tag.contentOffset)))
    }

    func characters(_ bytes: UnsafeBufferPointer<UInt8>, cdata: Bool) {
        let st = state
        guard st.pointee.open.count > 0 else { return }
        st.pointee.pending.append(bytes)
    }

    func endElement() {
        let st = state
        guard st.pointee.open.count > 0 else { return }
        let open = st.pointee.open.removeLast()
        let record = st.pointee.elements.base + open.index
        record.pointee.end = Int32(truncatingIfNeeded: st.pointee.elements.count)
        let start = open.pendingStart
        let count = st.pointee.pending.count - start
        if count > 0 {
            record.pointee.textStart = Self.store(&st.pointee, from: start)
            record.pointee.textCount = UInt32(truncatingIfNeeded: count)
            st.pointee.pending.truncate(to: start)
        }
    }

    /// Puts the text of the innermost open element (`pending` from `start`) into `bytes` and returns
    /// where it starts. A short whitespace-only text equal to one stored before is not stored again:
    /// the element points at the earlier copy (the same bytes, so `rawText` and positions are unchanged).
    private static func store(_ st: inout State, from start: Int) -> UInt32 {
        let text = st.pending.bytes(from: start)
        if text.count <= 256, let hash = whitespaceHash(text) {
            let slot = Int((hash ^ (hash >> 16)) & 255)
            let known = st.whitespaceTexts[slot]
            if Int(known.count) == text.count,
               memcmp(st.bytes.bytes(from: Int(known.start)).baseAddress!, text.baseAddress!, text.count) == 0 {
                return known.start
            }
            st.whitespaceTexts[slot] = (UInt32(truncatingIfNeeded: st.bytes.count), UInt32(truncatingIfNeeded: text.count))
        }
        let offset = UInt32(truncatingIfNeeded: st.bytes.count)
        st.bytes.append(text)
        return offset
    }

    /// A hash of `text` when it is all white space (space, tab, line feed, carriage return).
    private static func whitespaceHash(_ text: UnsafeBufferPointer<UInt8>) -> UInt32? {
        var hash: UInt32 = 0x811c_9dc5
        for c in text {
            guard c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D else { return nil }
            hash = (hash ^ UInt32(c)) &* 0x0100_0193
        }
        return hash
    }

    /// The number of the name `prefix:local` (or `local`) of libxml2's interned strings. Such a
    /// string comes with the same pointer for the whole parse, so a name seen before is found by its
    /// addresses without reading or hashing its bytes; each pair is read and interned once.
    @inline(__always)
    private static func internInterned(_ local: UnsafePointer<UInt8>, _ prefix: UnsafePointer<UInt8>?,
                                       _ st: inout State) -> Int32 {
        let key = UInt(bitPattern: local), prefixKey = UInt(bitPattern: prefix)
        let slot = st.namesByAddress.slot(local: key, prefix: prefixKey)
        if let id = st.namesByAddress.id(at: slot) { return id }
        let id: Int32
        if let prefix {
            st.scratch.removeAll(keepingCapacity: true)
            append(prefix, to: &st.scratch)
            st.scratch.append(UInt8(ascii: ":"))
            append(local, to: &st.scratch)
            id = st.scratch.withUnsafeBufferPointer { st.names.intern($0) }
        } else {
            id = st.names.intern(local)
        }
        st.namesByAddress.insert(local: key, prefix: prefixKey, id: id, at: slot)
        return id
    }

    private static func append(_ p: UnsafePointer<UInt8>, to out: inout [UInt8]) {
        var i = 0
        while p[i] != 0 { out.append(p[i]); i += 1 }
    }
}

/// libxml2's interned name pointers (local name and prefix) to name numbers: open addressing, kept at
/// most half full, every pair kept (a form has some tens of distinct names).
struct NamesByAddress {
    private var slots = [(local: UInt, prefix: UInt, id: Int32)](repeating: (0, 0, 0), count: 128)
    private var count = 0

    /// The slot holding the pair, or the empty one where it goes.
    @inline(__always)
    func slot(local: UInt, prefix: UInt) -> Int {
        let mask = slots.count - 1
        let mixed = local ^ (prefix &* 0x9E37_79B9)
        var slot = Int(truncatingIfNeeded: (mixed >> 3) ^ (mixed >> 11)) & mask
        while true {
            let known = slots[slot]
            if known.local == 0 || (known.local == local && known.prefix == prefix) { return slot }
            slot = (slot + 1) & mask
        }
    }

    /// The number in `slot`, `nil` when it is empty.
    @inline(__always)
    func id(at slot: Int) -> Int32? { slots[slot].local == 0 ? nil : slots[slot].id }

    /// Puts the pair in the empty `slot` (`slot(local:prefix:)` of the pair).
    mutating func insert(local: UInt, prefix: UInt, id: Int32, at slot: Int) {
        slots[slot] = (local, prefix, id)
        count += 1
        guard 2 * count > slots.count else { return }
        let old = slots
        slots = [(local: UInt, prefix: UInt, id: Int32)](repeating: (0, 0, 0), count: 2 * old.count)
        for entry in old where entry.local != 0 {
            slots[self.slot(local: entry.local, prefix: entry.prefix)] = entry
        }
    }
}

/// A growing byte buffer (the builder's pending character data, and its attribute values and texts):
/// appends and truncation without `Array`'s generic `append(contentsOf:)`/`removeLast(_:)` (some 90
/// instructions a call, on every text event and attribute). Owned by the builder's state, which frees
/// it (`deallocate`).
struct PendingBytes {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 1024) {
        base = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity {
            capacity = max(count + bytes.count, capacity * 2)
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            grown.update(from: base, count: count)
            base.deallocate()
            base = grown
        }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Drops the bytes from `start` on.
    mutating func truncate(to start: Int) { count = start }

    /// The bytes from `start` on; valid until the next change.
    func bytes(from start: Int) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base + start, count: count - start) }

    func deallocate() { base.deallocate() }
}

/// A growing buffer of records (the builder's elements, attributes and open elements): appends, updates
/// in place and removal of the last without `Array`'s uniqueness and bounds checks. Owned by the
/// builder's state, which frees it (`deallocate`).
struct RecordBuffer<Record: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Record>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 16) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    @inline(__always)
    mutating func append(_ record: Record) {
        if count == capacity { grow() }
        (base + count).initialize(to: record)
        count += 1
    }

    /// Removes and returns the last record; the buffer is not empty.
    @inline(__always)
    mutating func removeLast() -> Record {
        count -= 1
        return base[count]
    }

    private mutating func grow() {
        capacity *= 2
        let grown = UnsafeMutablePointer<Record>.allocate(capacity: capacity)
        grown.moveInitialize(from: base, count: count)
        base.deallocate()
        base = grown
    }

    /// The records, in an array of exactly `count`.
    func array() -> [Record] { Array(UnsafeBufferPointer(start: base, count: count)) }

    func deallocate() { base.deallocate() }
}

/// Interns names by their UTF-8 bytes: each distinct name becomes a `String` once and gets a number.
struct NameTable {
    private(set) var strings: [String] = []
    private var storage: [UInt8] = []
    private var spans: [(start: Int, count: Int)] = []
    /// Open addressing: name number + 1, 0 for an empty slot.
    private var slots = [Int32](repeating: 0, count: 64)

    mutating func intern(_ p: UnsafePointer<UInt8>) -> Int32 {
        var n = 0
        while p[n] != 0 { n += 1 }
        return intern(UnsafeBufferPointer(start: p, count: n))
    }

    mutating func intern(_ name: UnsafeBufferPointer<UInt8>) -> Int32 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for c in name { hash = (hash ^ UInt64(c)) &* 0x100_0000_01b3 }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        while true {
            let found = slots[slot]
            if found == 0 { break }
            let span = spans[Int(found) - 1]
            if span.count == name.count, storage.withUnsafeBufferPointer({ s in
                name.count == 0 || memcmp(s.baseAddress! + span.start, name.baseAddress!, name.count) == 0
            }) {
                return found - 1
            }
            slot = (slot + 1) & mask
        }
        let id = Int32(strings.count)
        strings.append(String(decoding: name, as: UTF8.self))
        spans.append((storage.count, name.count))
        storage.append(contentsOf: name)
        slots[slot] = id + 1
        if strings.count * 2 > slots.count { grow() }
        return id
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (i, span) in spans.enumerated() {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for k in span.start..<(span.start + span.count) { hash = (hash ^ UInt64(storage[k])) &* 0x100_0000_01b3 }
            var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(i + 1)
        }
    }
}
