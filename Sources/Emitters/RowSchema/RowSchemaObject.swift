import FormIR
import DocumentTree

/// An ordered object built before it is written, for the few places where a later key replaces an
/// earlier one in place (a dynamic section's `dynamic.*` keys and its template row's keys).
struct RowSchemaObject {
    private(set) var pairs: [(key: String, value: Node)] = []

    /// Sets `key`: a key already set keeps its place and takes the new value.
    mutating func set(_ key: String, _ node: Node) {
        if let i = pairs.firstIndex(where: { $0.key == key }) { pairs[i].value = node } else { pairs.append((key, node)) }
    }
    mutating func set(_ key: String, _ s: String?) { if let s { set(key, Node(.string(s))) } }
    mutating func set(_ key: String, _ b: Bool) { set(key, Node(.bool(b))) }

    /// Writes the pairs into the open object of `out`.
    func write<Sink: DocumentSink>(into out: inout RowSchemaOutput<Sink>) {
        for i in pairs.indices { out.set(named: pairs[i].key, node: pairs[i].value) }
    }
}
