import DocumentTree
import FormIR

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
        schema = builder.build()
        diagnostics = builder.diagnostics
        keys = Dictionary(grouping: builder.entries, by: \.fieldID)
        conditions = WebConditionSchemas(form: form, target: target, translator: builder.conditionTranslator())
    }

    /// `#/properties/<key>` with the key escaped as a JSON Pointer token.
    static func scope(_ key: String) -> String {
        "#/properties/" + UnwritableValues.pointerEscaped(key)
    }
}
