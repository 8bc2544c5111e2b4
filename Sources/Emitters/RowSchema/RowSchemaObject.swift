import FormIR
import DocumentTree

/// An ordered object under construction: keys keep the order they are set in.
struct RowSchemaObject {
    private(set) var pairs: [(key: String, value: Node)] = []

    var isEmpty: Bool { pairs.isEmpty }
    func has(_ key: String) -> Bool { pairs.contains { $0.key == key } }

    mutating func set(_ key: String, _ node: Node) {
        if let i = pairs.firstIndex(where: { $0.key == key }) { pairs[i].value = node } else { pairs.append((key, node)) }
    }
    mutating func set(_ key: String, node: Node?) { if let node { set(key, node) } }
    mutating func set(_ key: String, _ s: String?) { if let s { set(key, Node(.string(s))) } }
    mutating func set(_ key: String, _ b: Bool) { set(key, Node(.bool(b))) }
    mutating func set(_ key: String, number d: Double?) { if let d { set(key, Self.number(d)) } }
    mutating func set(_ key: String, int i: Int?) { if let i { set(key, Node(.int(i))) } }

    var node: Node { Node(.mapping(pairs.map { (key: $0.key, keyLocation: nil, value: $0.value) })) }

    static func number(_ d: Double) -> Node {
        if d == d.rounded(), abs(d) < 1e15 { return Node(.int(Int(d))) }
        return Node(.double(d))
    }

    /// An IR value as a tree node; object keys sorted.
    static func node(_ v: Value) -> Node {
        switch v {
        case .null: return Node(.null)
        case .bool(let b): return Node(.bool(b))
        case .int(let i): return Node(.int(i))
        case .double(let d): return Node(.double(d))
        case .string(let s), .reference(let s), .date(let s), .data(let s): return Node(.string(s))
        case .array(let a): return Node(.array(a.map(node)))
        case .object(let o):
            return Node(.mapping(o.keys.sorted().map { (key: $0, keyLocation: nil, value: node(o[$0]!)) }))
        }
    }
}
