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
    /// Keys several fields submit: when they show, and each field's branch.
    var shared: WebSharedKeys

    init(form: Form, locale: String?, target: String, diagnostics: inout Diagnostics) {
        var builder = PayloadSchemaBuilder(form: form, draft: .draft07, target: target, locale: locale,
                                           diagnostics: diagnostics)
        builder.titles = FieldTitles(form)
        var schema = Self.forWebAnswers(builder.build())
        diagnostics = builder.diagnostics
        conditions = WebConditionSchemas(form: form, target: target, translator: builder.translator)
        shared = WebSharedKeys(form: form, shared: builder.shared, schema: &schema, conditions: &conditions)
        self.schema = schema
        keys = Dictionary(grouping: builder.entries + shared.laterEntries, by: \.fieldID)
        Self.reportOverrides(form, target: target, into: &diagnostics)
    }

    /// A multiple radioControl with `override`s submits a text for some selections; the web form holds
    /// the bitmask for them.
    private static func reportOverrides(_ form: Form, target: String, into diagnostics: inout Diagnostics) {
        for page in form.pages {
            for section in page.sections {
                for field in section.fields {
                    for key in SubmissionModel.keys(for: field) {
                        guard case .bitmask(_, let overrides) = key.valueType, !overrides.isEmpty else { continue }
                        let texts = overrides.map { "\($0.text) for \($0.value)" }.joined(separator: ", ")
                        diagnostics.loss(Feature.overrides.rawValue, target: target,
                                         "\(target) holds the bitmask of '\(field.id)' where the app sends its override text (\(texts))",
                                         at: field.location, path: nil)
                    }
                }
            }
        }
    }

    /// The payload schema for the data a web form holds. A web form stores no empty answer (an emptied
    /// text is absent), so the payload's allowances for `""` go: `if: {"minLength": 1}, then: X` becomes
    /// X and `{"const": ""}` and `""` leave option lists (both libraries render them as extra choices).
    /// A bitmask that may be an override text is a number; a property of no fixed type (a custom kind)
    /// is edited as text.
    static func forWebAnswers(_ root: Node) -> Node {
        func property(_ p: Node) -> Node {
            guard var entries = p.mappingEntries else { return p }
            let empty = Node.object([("const", .string(""))])
            if entries.contains(where: { $0.key == "if" && $0.value == PayloadSchemaBuilder.nonEmpty }),
               let then = entries.first(where: { $0.key == "then" })?.value.mappingEntries {
                entries.removeAll { $0.key == "if" || $0.key == "then" }
                entries += then.filter { o in !entries.contains { $0.key == o.key } }
            }
            if let i = entries.firstIndex(where: { $0.key == "allOf" }), let items = entries[i].value.arrayValue {
                entries[i].value = .array(items.map { item in
                    item["if"] == PayloadSchemaBuilder.nonEmpty ? item["then"] ?? item : item
                })
            }
            if let i = entries.firstIndex(where: { $0.key == "type" }), let types = entries[i].value.arrayValue {
                if entries.contains(where: { $0.key == "x-formconv-bitmask" }) {
                    // A bitmask or its override text: the web form holds the bitmask (`reportOverrides`).
                    entries[i].value = .string("integer")
                    entries.removeAll { ["if", "then", "not"].contains($0.key) }
                } else {
                    // A key items of several types submit (text and a number): edited as text.
                    entries[i].value = types.contains(.string("string")) ? .string("string") : types.first ?? .string("string")
                }
            }
            if let i = entries.firstIndex(where: { $0.key == "oneOf" }), let options = entries[i].value.arrayValue,
               options.contains(empty), options.count > 1 {
                entries[i].value = .array(options.filter { $0 != empty })
            }
            if let i = entries.firstIndex(where: { $0.key == "enum" }), let values = entries[i].value.arrayValue,
               values.contains(.string("")), values.count > 1 {
                entries[i].value = .array(values.filter { $0 != .string("") })
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
