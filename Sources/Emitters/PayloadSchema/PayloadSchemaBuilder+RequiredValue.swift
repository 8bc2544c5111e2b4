import DocumentTree
import FormIR

extension PayloadSchemaBuilder {
    /// `Validation.requiredValue` (the answer a consent question must get): `const` on the property, or
    /// `contains` a `const` for a multiple choice; a loss when the value cannot be the submitted type.
    mutating func writeRequiredValue(_ field: Field, key: SubmittedKey, shape: ValueShape, into o: inout SchemaObject,
                                     path: String) {
        guard let value = field.validation.requiredValue, key.component == nil else { return }
        if case .array = key.valueType, let node = Self.defaultNode(shape: ValueShape.ofOptions(field.options), value: value) {
            o.set("contains", .object([("const", node)]))
        } else if let node = Self.defaultNode(shape: shape, value: value) {
            o.set("const", node)
        } else {
            diagnostics.loss(Feature.requiredValue.rawValue, target: target,
                             "json-schema cannot require the value \(value.displayText) of '\(field.id)' as the value it submits",
                             at: field.location, path: path)
        }
    }
}
