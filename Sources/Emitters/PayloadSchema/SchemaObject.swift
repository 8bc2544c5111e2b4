import DocumentTree
import FormIR

/// A JSON object under construction whose keys keep the order they were first set in, so the schema
/// text is deterministic and reads in a fixed order (`title`, `type`, bounds, options, annotations).
struct SchemaObject: Sendable {
    private(set) var entries: [(key: String, value: Node)] = []

    init() {}

    /// Sets `key`, replacing an earlier value in place (its position is kept).
    mutating func set(_ key: String, _ value: Node) {
        if let i = entries.firstIndex(where: { $0.key == key }) { entries[i].value = value }
        else { entries.append((key, value)) }
    }

    /// Sets `key` when `value` is not `nil`.
    mutating func set(_ key: String, _ value: Node?) {
        if let value { set(key, value) }
    }

    /// Removes `key` when present.
    mutating func remove(_ key: String) { entries.removeAll { $0.key == key } }

    subscript(key: String) -> Node? { entries.first(where: { $0.key == key })?.value }

    var isEmpty: Bool { entries.isEmpty }

    var node: Node { Node(.mapping(entries.map { (key: $0.key, keyLocation: nil, value: $0.value) })) }
}

extension Node {
    static func strings(_ items: [String]) -> Node { Node(.array(items.map { Node(.string($0)) })) }
    /// A number: an integer when the double has no fraction.
    static func number(_ d: Double) -> Node {
        if d == d.rounded(), abs(d) < 1e15 { return Node(.int(Int(d))) }
        return Node(.double(d))
    }
    /// An object from ordered pairs.
    static func object(_ pairs: [(String, Node)]) -> Node {
        Node(.mapping(pairs.map { (key: $0.0, keyLocation: nil, value: $0.1) }))
    }

    /// The IR value as the JSON a payload holds, or `nil` for values JSON has no form of (references).
    static func json(_ value: Value) -> Node? {
        switch value {
        case .null: return Node(.null)
        case .bool(let b): return Node(.bool(b))
        case .int(let i): return Node(.int(i))
        case .double(let d): return Node.number(d)
        case .string(let s), .date(let s), .data(let s): return Node(.string(s))
        case .reference: return nil
        case .array(let items):
            var out: [Node] = []
            for item in items { guard let n = json(item) else { return nil }; out.append(n) }
            return Node(.array(out))
        case .object(let o):
            var pairs: [(String, Node)] = []
            for k in o.keys.sorted() { guard let n = json(o[k]!) else { return nil }; pairs.append((k, n)) }
            return Node.object(pairs)
        }
    }
}
