import FormIR

/// Receives a document as a stream of calls, so an emitter can describe its output once and have it
/// written as JSON bytes (`JSONStreamWriter`) or built as a tree (`NodeBuilder`, for YAML and plists).
///
/// Calls must nest: every `beginObject`/`beginArray` has its `endObject`/`endArray`; inside an object
/// each value (scalar or container) follows exactly one `key`. A document is one value.
public protocol DocumentSink {
    mutating func beginObject()
    /// The key of the next value of the open object.
    mutating func key(_ key: String)
    /// A constant key that needs no escape (no `"`, `\` or control character): a JSON writer copies
    /// its bytes as they are. The default is `key(_:)` of its text.
    mutating func key(constant key: StaticString)
    mutating func endObject()
    mutating func beginArray()
    mutating func endArray()
    mutating func string(_ s: String)
    mutating func int(_ i: Int)
    /// A double as it is (see the sink for non-finite values).
    mutating func double(_ d: Double)
    mutating func bool(_ b: Bool)
    mutating func null()
    /// A whole tree as one value. The default walks it with the calls above: dates become strings,
    /// data a base64 string.
    mutating func node(_ node: Node)
    /// The non-finite doubles the sink could not hold and wrote as something else (JSON: `null`), in
    /// the order given; emitters report them as losses. Sinks that hold every double have none.
    var unwritableNumbers: [Double] { get }
}

extension DocumentSink {
    /// None: the default for sinks that hold every double.
    public var unwritableNumbers: [Double] { [] }

    /// `key(_:)` of the constant's text.
    public mutating func key(constant key: StaticString) { self.key(key.description) }

    /// Walks `node` with the sink's calls: dates become strings, data a base64 string.
    public mutating func node(_ node: Node) {
        switch node.kind {
        case .null: null()
        case .bool(let b): bool(b)
        case .int(let i): int(i)
        case .double(let d): double(d)
        case .string(let s), .date(let s): string(s)
        case .data(let d): string(Base64.encode(d))
        case .array(let items):
            beginArray()
            for i in items.indices { self.node(items[i]) }
            endArray()
        case .mapping(let entries):
            beginObject()
            for i in entries.indices {
                key(entries[i].key)
                self.node(entries[i].value)
            }
            endObject()
        }
    }
}
