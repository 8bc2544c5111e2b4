import DocumentTree

/// The members of one object of the IR document, in the order added; its lists are encoded as
/// `JSONFittedWriter` reaches them. What is absent, `false` or empty is left out: each adder takes the
/// IR's value and writes it only when it is not the default.
struct IRJSONObject {
    private(set) var entries: [(String, FittedNode)] = []

    var node: FittedNode { .mapping(entries) }
    var isEmpty: Bool { entries.isEmpty }

    /// A member that is always written, or written when present.
    mutating func add(_ key: String, _ node: FittedNode?) {
        if let node { entries.append((key, node)) }
    }

    mutating func string(_ key: String, _ s: String?) { add(key, s.map(FittedNode.string)) }
    mutating func int(_ key: String, _ i: Int?) { add(key, i.map(FittedNode.int)) }
    /// A `Bool?`: written when set, `false` included.
    mutating func bool(_ key: String, _ b: Bool?) { add(key, b.map(FittedNode.bool)) }
    /// A `Bool` whose default is `false`: written only when `true`.
    mutating func flag(_ key: String, _ b: Bool) { if b { entries.append((key, .bool(true))) } }
    mutating func number(_ key: String, _ d: Double?) { add(key, d.map(IRJSONEncoder.number)) }

    /// A list, written when it has elements; each element is encoded when the writer reaches it.
    mutating func list<T>(_ key: String, _ items: [T], _ encode: @escaping (T) -> FittedNode) {
        if !items.isEmpty { entries.append((key, .list(count: items.count) { encode(items[$0]) })) }
    }

    /// An object that is left out when it has no members (settings at their defaults).
    mutating func object(_ key: String, _ object: IRJSONObject) {
        if !object.isEmpty { entries.append((key, object.node)) }
    }
}
