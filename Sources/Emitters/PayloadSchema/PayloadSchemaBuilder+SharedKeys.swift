import DocumentTree
import FormIR

/// Keys several fields submit (a title list for men and one for women, both submitting `title`): the
/// payload holds one value under the key, so the schema has one property accepting what any of the
/// fields sends, required whenever one of them must be answered. The union is written without `anyOf`
/// (which web libraries render as a picker between schemas): options joined into one list, the JSON
/// type both share, and only the constraints both fields state. Each field's own schema is kept in
/// `shared` for targets that show the options of the field that is shown.
extension PayloadSchemaBuilder {
    /// Joins `entry` (a later field's) into the entry that already holds `key`.
    mutating func share(_ key: String, with entry: Entry) {
        guard let i = entryIndex[key] else { return }
        let first = entries[i]
        if shared[key] == nil { shared[key] = [first] }
        shared[key]!.append(entry)
        let earlier = shared[key]!.dropLast().map { "'\($0.fieldID)'" }.joined(separator: ", ")
        diagnostics.warning("json-schema.duplicate-key",
                            "'\(entry.fieldID)' submits the key '\(key)' that \(earlier) submits too; the key's schema accepts the values of all of them",
                            at: entry.location, path: entry.path)
        entries[i].schema = SchemaObject(Self.union(entries[i].schema.node, entry.schema.node))
        entries[i].required = .any([first.required, entry.required])
        entries[i].shape = first.shape == entry.shape ? first.shape : .any
    }

    /// Keywords that describe a value without restricting it: kept from either side.
    static let annotationKeywords: Set<String> = ["title", "description", "x-formconv-titles", "x-formconv-descriptions",
                                                  "x-formconv-condition", "x-formconv-pattern", "x-formconv-date-format",
                                                  "x-formconv-range", "x-formconv-bitmask"]

    /// A schema accepting every value `a` or `b` accepts (and possibly more): annotations of both (`a`'s
    /// first), the options of both as one list, `type` when both have one (`number` for integer and
    /// number, both types for others), every other keyword only when both state it alike.
    static func union(_ a: Node, _ b: Node) -> Node {
        guard a != b else { return a }
        guard let ea = a.mappingEntries, let eb = b.mappingEntries else { return .object([]) }
        let va = Dictionary(ea.map { ($0.key, $0.value) }, uniquingKeysWith: { x, _ in x })
        let vb = Dictionary(eb.map { ($0.key, $0.value) }, uniquingKeysWith: { x, _ in x })
        var out = SchemaObject()
        for e in ea + eb where annotationKeywords.contains(e.key) && out[e.key] == nil { out.set(e.key, e.value) }
        switch (va["type"]?.stringValue, vb["type"]?.stringValue) {
        case (let x?, let y?) where x == y: out.set("type", .string(x))
        case ("integer", "number"), ("number", "integer"): out.set("type", .string("number"))
        case (let x?, let y?): out.set("type", .strings([x, y].sorted()))
        default: break
        }
        if let oa = options(va), let ob = options(vb) {
            var joined = oa
            for o in ob where !joined.contains(where: { $0.value == o.value }) { joined.append(o) }
            if joined.contains(where: { $0.item != nil }) {
                out.set("oneOf", .array(joined.map { $0.item ?? .object([("const", $0.value)]) }))
            } else {
                out.set("enum", .array(joined.map(\.value)))
            }
        }
        for e in ea where !annotationKeywords.contains(e.key) && !["type", "enum", "oneOf"].contains(e.key)
            && out[e.key] == nil && vb[e.key] == e.value {
            out.set(e.key, e.value)
        }
        return out.node
    }

    /// The option values of a schema that lists them (`enum`, or `oneOf` of `const`s with their titles).
    private static func options(_ schema: [String: Node]) -> [(value: Node, item: Node?)]? {
        if let values = schema["enum"]?.arrayValue { return values.map { ($0, nil) } }
        guard let items = schema["oneOf"]?.arrayValue else { return nil }
        var out: [(value: Node, item: Node?)] = []
        for item in items {
            guard let value = item["const"] else { return nil }
            out.append((value, item))
        }
        return out
    }
}

extension SchemaObject {
    /// The object `node` holds (empty when it is no mapping).
    init(_ node: Node) {
        self.init()
        for e in node.mappingEntries ?? [] { set(e.key, e.value) }
    }
}
