import DocumentTree
import FormIR
import Lowering

/// The data JSON Schema (draft-07, the dialect JSON Forms' and rjsf's AJV read) of a web form: the
/// JSON Schema emitter's payload schema, with which keys each field's answers are stored under and the
/// translator for conditions over them.
struct WebDataSchema {
    var schema: Node
    /// The data keys of each field, in submission order (a composite field has one per component).
    var keys: [String: [PayloadSchemaBuilder.Entry]]
    var conditions: WebConditionSchemas

    init(form: Form, locale: String?, target: String, diagnostics: inout Diagnostics) {
        var builder = PayloadSchemaBuilder(form: form, draft: .draft07, target: target, locale: locale,
                                           diagnostics: diagnostics)
        builder.titles = FieldTitles(form)
        schema = Self.forWebAnswers(builder.build())
        diagnostics = builder.diagnostics
        keys = Dictionary(grouping: builder.entries, by: \.fieldID)
        conditions = WebConditionSchemas(form: form, target: target, translator: builder.conditionTranslator())
    }

    /// The payload schema for the data a web form holds. A web form stores no empty answer (an emptied
    /// text is absent), so the payload's allowances for `""` go: `anyOf: [{"const": ""}, X]` becomes X
    /// and `{"const": ""}` leaves option lists (both libraries render them as extra choices or a
    /// choice between schemas). A property of no fixed type (a custom kind) is edited as text.
    static func forWebAnswers(_ root: Node) -> Node {
        func property(_ p: Node) -> Node {
            guard var entries = p.mappingEntries else { return p }
            let empty = Node.object([("const", .string(""))])
            if let i = entries.firstIndex(where: { $0.key == "anyOf" }), let alternatives = entries[i].value.arrayValue,
               alternatives.count == 2, alternatives.contains(empty),
               let other = alternatives.first(where: { $0 != empty })?.mappingEntries {
                entries.remove(at: i)
                entries += other.filter { o in !entries.contains { $0.key == o.key } }
            }
            if let i = entries.firstIndex(where: { $0.key == "oneOf" }), let options = entries[i].value.arrayValue,
               options.contains(empty), options.count > 1 {
                entries[i].value = .array(options.filter { $0 != empty })
            }
            if !entries.contains(where: { ["type", "enum", "const", "oneOf", "anyOf", "allOf", "not"].contains($0.key) }) {
                entries.append((key: "type", keyLocation: nil, value: .string("string")))
            }
            return Node(.mapping(entries))
        }
        func properties(_ o: Node) -> Node {
            guard var entries = o.mappingEntries else { return o }
            for i in entries.indices {
                switch entries[i].key {
                case "properties":
                    entries[i].value = Node(.mapping((entries[i].value.mappingEntries ?? []).map {
                        (key: $0.key, keyLocation: $0.keyLocation, value: property($0.value))
                    }))
                case "then", "else": entries[i].value = properties(entries[i].value)
                case "allOf": entries[i].value = .array((entries[i].value.arrayValue ?? []).map(properties))
                default: break
                }
            }
            return Node(.mapping(entries))
        }
        return properties(root)
    }

    /// `#/properties/<key>` with the key escaped as a JSON Pointer token.
    static func scope(_ key: String) -> String {
        "#/properties/" + UnwritableValues.pointerEscaped(key)
    }
}
