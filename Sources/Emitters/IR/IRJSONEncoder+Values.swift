import DocumentTree
import FormIR

/// Values, texts and numbers: plain JSON wherever JSON tells the kind itself.
extension IRJSONEncoder {
    /// The one-key objects that give a `Value` the kind JSON cannot tell: `{"date": "2020-01-31"}`.
    static let valueKinds: Set<String> = ["date", "data", "reference", "double", "object"]

    /// `null`, `true`, `3`, `2.5`, `3.0` (a double, whole), `"text"`, `[…]` and `{…}` as themselves;
    /// `{"date": s}`, `{"data": base64}`, `{"reference": name}`, `{"double": "nan"}` (non-finite), and
    /// `{"object": {…}}` for an object that would read as one of those.
    func value(_ v: Value) -> FittedNode {
        switch v {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .int(let i): return .int(i)
        case .double(let d): return d.isFinite ? .double(d) : Self.tagged("double", .string(Self.nonFinite(d)))
        case .string(let s): return .string(s)
        case .reference(let s): return Self.tagged("reference", .string(s))
        case .date(let s): return Self.tagged("date", .string(s))
        case .data(let s): return Self.tagged("data", .string(s))
        case .array(let items): return .array(items.map(value))
        case .object(let o):
            let node = object(o)
            if o.count == 1, let key = o.keys.first, Self.valueKinds.contains(key) { return Self.tagged("object", node) }
            return node
        }
    }

    /// An object of values (extensions, formatters), keys sorted.
    func object(_ o: [String: Value]) -> FittedNode {
        .mapping(o.keys.sorted().map { ($0, value(o[$0]!)) })
    }

    func extensions(_ e: Extensions) -> FittedNode? { e.isEmpty ? nil : object(e) }

    /// `"text"` for one entry without a locale; `{"EN_US": "…", "FR_CA": "…"}` by locale, `""` for the
    /// entry without one; the entries as a list when locales repeat or one is `""` itself.
    func text(_ t: LocalizedText) -> FittedNode {
        if t.entries.count == 1, t.entries[0].locale == nil { return .string(t.entries[0].text) }
        let keys = t.entries.map { $0.locale ?? "" }
        if !t.entries.contains(where: { $0.locale == "" }), Set(keys).count == keys.count {
            return .mapping(zip(keys, t.entries).map { ($0, .string($1.text)) })
        }
        return .array(t.entries.map { entry in
            var o = IRJSONObject()
            o.string("locale", entry.locale)
            o.string("text", entry.text)
            return o.node
        })
    }

    /// A number whose type the IR already knows (a `Double`): whole ones as integers, non-finite
    /// ones as `"+infinity"`, `"-infinity"`, `"nan"`.
    static func number(_ d: Double) -> FittedNode {
        if !d.isFinite { return .string(nonFinite(d)) }
        if d == d.rounded(), abs(d) < 1e15 { return .int(Int(d)) }
        return .double(d)
    }

    static func nonFinite(_ d: Double) -> String { d.isNaN ? "nan" : d < 0 ? "-infinity" : "+infinity" }

    static func tagged(_ tag: String, _ node: FittedNode) -> FittedNode { .mapping([(tag, node)]) }
}
