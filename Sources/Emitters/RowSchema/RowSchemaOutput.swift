import FormIR
import DocumentTree

/// Where the row schema is written: a `DocumentSink` (JSON bytes, or a tree for YAML) and the keys of
/// the objects still open, so extension keys never repeat a key the schema already wrote.
///
/// Keys go out in the order they are set and are never set twice in one object (the emitter checks
/// `has` where a key could repeat; debug builds assert it).
struct RowSchemaOutput<Sink: DocumentSink> {
    var sink: Sink
    /// Where the keys of each open object begin in `named` and `constants`, outermost first;
    /// `nil` for an object that keeps none.
    private var starts: [KeyStart?] = []
    /// The keys made while writing (extensions', a dynamic section's) of the open objects that keep
    /// theirs, in order, and the same keys by open object (its depth), hashed: `has` searched the
    /// open object's keys, so a row with 300,000 extension keys was quadratic (10,000 took 42 s in a
    /// debug build).
    private var named: [String] = []
    private var present = Set<OpenKey>()
    /// The schema's own keys of the open objects that keep theirs, as the constants they are: no
    /// `String` made and no hash computed for them. An object has at most the schema's few dozen
    /// keys, so `has` compares a name with each.
    private var constants: [StaticString] = []

    private struct KeyStart {
        var named: Int
        var constants: Int
    }

    private struct OpenKey: Hashable {
        var depth: Int
        var key: String
    }

    init(_ sink: Sink) { self.sink = sink }

    /// Opens an object. `keepingKeys`: whether `has` will be asked of it (only objects that may get
    /// extension keys are; bench/RESULTS.md, "Cost notes"). Debug builds
    /// keep every object's keys, for the assertion in `key`.
    mutating func beginObject(keepingKeys: Bool) {
        #if DEBUG
        let keep = true
        #else
        let keep = keepingKeys
        #endif
        starts.append(keep ? KeyStart(named: named.count, constants: constants.count) : nil)
        sink.beginObject()
    }

    mutating func endObject() {
        // Popped one by one: `removeSubrange` went through the generic range replacement (some 300
        // instructions an object).
        if let start = starts.removeLast() {
            while named.count > start.named { present.remove(OpenKey(depth: starts.count + 1, key: named.removeLast())) }
            while constants.count > start.constants { constants.removeLast() }
        }
        sink.endObject()
    }

    mutating func beginArray() { sink.beginArray() }
    mutating func endArray() { sink.endArray() }

    /// `true` when the open object already has `key`.
    func has(_ key: String) -> Bool {
        guard let last = starts.last else { return false }
        guard let start = last else { preconditionFailure("the open object keeps no keys") }
        if present.contains(OpenKey(depth: starts.count, key: key)) { return true }
        var key = key
        return key.withUTF8 { bytes in
            constants[start.constants...].contains { c in
                c.withUTF8Buffer { $0.count == bytes.count && $0.elementsEqual(bytes) }
            }
        }
    }

    /// The key of the next value of the open object: one of the schema's, a constant the sink copies
    /// as it is (`DocumentSink.key(constant:)`).
    mutating func key(_ key: StaticString) {
        if let last = starts.last, last != nil {
            assert(!has(key.description), "row schema key '\(key)' written twice")
            constants.append(key)
        }
        sink.key(constant: key)
    }

    /// A key made while writing (an extension's, an option value's): the sink escapes it.
    mutating func key(named key: String) {
        if let last = starts.last, last != nil {
            assert(!has(key), "row schema key '\(key)' written twice")
            named.append(key)
            present.insert(OpenKey(depth: starts.count, key: key))
        }
        sink.key(key)
    }

    mutating func set(_ key: StaticString, _ s: String?) {
        guard let s else { return }
        self.key(key)
        sink.string(s)
    }

    mutating func set(named key: String, _ s: String) {
        self.key(named: key)
        sink.string(s)
    }

    mutating func set(_ key: StaticString, _ b: Bool) {
        self.key(key)
        sink.bool(b)
    }

    mutating func set(_ key: StaticString, number d: Double?) {
        guard let d else { return }
        self.key(key)
        number(d)
    }

    mutating func set(_ key: StaticString, int i: Int?) {
        guard let i else { return }
        self.key(key)
        sink.int(i)
    }

    mutating func set(_ key: StaticString, value v: Value) {
        self.key(key)
        value(v)
    }

    mutating func set(named key: String, value v: Value) {
        self.key(named: key)
        value(v)
    }

    mutating func set(named key: String, node: Node) {
        self.key(named: key)
        sink.node(node)
    }

    mutating func string(_ s: String) { sink.string(s) }
    mutating func int(_ i: Int) { sink.int(i) }

    /// A whole number as an integer (`3`, not `3.0`), anything else as a double.
    mutating func number(_ d: Double) {
        if d == d.rounded(), abs(d) < 1e15 { sink.int(Int(d)) } else { sink.double(d) }
    }

    /// An IR value: references, dates and data as their strings, object keys sorted.
    mutating func value(_ v: Value) {
        switch v {
        case .null: sink.null()
        case .bool(let b): sink.bool(b)
        case .int(let i): sink.int(i)
        case .double(let d): sink.double(d)
        case .string(let s), .reference(let s), .date(let s), .data(let s): sink.string(s)
        case .array(let a):
            sink.beginArray()
            for i in a.indices { value(a[i]) }
            sink.endArray()
        case .object(let o):
            // Keys of plain values are not tracked: they cannot repeat.
            sink.beginObject()
            for k in o.keys.sorted() {
                sink.key(k)
                value(o[k]!)
            }
            sink.endObject()
        }
    }
}
