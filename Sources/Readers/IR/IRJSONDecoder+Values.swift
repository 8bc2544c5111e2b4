import DocumentTree
import FormIR

/// Values and texts.
extension IRJSONDecoder {
    /// JSON as itself, except the one-key objects that give a kind: `{"date": s}`, `{"data": base64}`,
    /// `{"reference": name}`, `{"double": number or "nan"}`, `{"object": {…}}`.
    func value(_ e: IRJSONElement) throws -> Value {
        switch e.node.kind {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .int(let i): return .int(i)
        case .double(let d): return .double(d)
        case .string(let s): return .string(s)
        case .date, .data: return e.node.toValue()
        case .array: return .array(try e.array().map(value))
        case .mapping(let entries):
            guard entries.count == 1 else { return .object(try values(e)) }
            let content = e.child(entries[0].key, entries[0].value)
            switch entries[0].key {
            case "date": return .date(try content.string())
            case "data": return .data(try content.string())
            case "reference": return .reference(try content.string())
            case "double": return .double(try content.number())
            case "object": return .object(try values(content))
            default: return .object(try values(e))
            }
        }
    }

    /// An object of values (extensions, formatters, `Value.object`).
    func values(_ e: IRJSONElement) throws -> [String: Value] {
        guard case .mapping(let entries) = e.node.kind else { throw e.expected("an object") }
        var o: [String: Value] = [:]
        for entry in entries where o[entry.key] == nil { o[entry.key] = try value(e.child(entry.key, entry.value)) }
        return o
    }

    /// `"text"`, `{"EN_US": "…", "": "…"}` by locale (`""`: no locale), or `[{"locale": …, "text": …}]`.
    func text(_ e: IRJSONElement) throws -> LocalizedText {
        switch e.node.kind {
        case .string(let s): return LocalizedText([.init(text: s)])
        case .mapping(let entries):
            return LocalizedText(try entries.map { entry in
                .init(locale: entry.key.isEmpty ? nil : entry.key, text: try e.child(entry.key, entry.value).string())
            })
        case .array:
            return LocalizedText(try e.array().map { entry in
                try object(entry) { m in .init(locale: try m.string("locale"), text: try m.required("text").string()) }
            })
        default: throw e.expected(IRJSONMessage.text)
        }
    }
}
