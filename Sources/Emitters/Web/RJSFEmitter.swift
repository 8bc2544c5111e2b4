import DocumentTree
import FormIR

/// Writes one JSON object for react-jsonschema-form: `schema` (the data JSON Schema, draft-07, from the
/// JSON Schema emitter, with each conditionally shown field moved into an `if`/`then` branch so rjsf
/// renders it only while its relationships show it) and `uiSchema` (`ui:order` listing every property,
/// `ui:widget` fitting the property's type, `ui:placeholder`, `ui:help`, `ui:disabled`), plus one member
/// per other language whose texts differ, keyed by its tag and holding its own `schema` and `uiSchema`.
/// rjsf has no pages, groups, conditional enabling, computed values or static texts: those are losses.
public struct RJSFEmitter: FormEmitter {
    /// An emitter of a react-jsonschema-form document (schema and uiSchema); it takes no options.
    public init() {}

    /// The target id losses name (`rjsf`).
    public var formatID: String { "rjsf" }

    /// The IR features this output holds; `LossCheck` reports the others as losses.
    public var supportedFeatures: Set<Feature> {
        JSONSchemaEmitter().supportedFeatures.union([.placeholder, .presentation])
    }

    /// Writes `form` as a react-jsonschema-form document (schema and uiSchema); what it cannot hold is
    /// reported as losses in `diagnostics`.
    public func emit<Sink: OutputSink>(_ form: Form, options: EmitOptions, into sink: inout Sink,
                                       diagnostics: inout Diagnostics) throws {
        LossCheck.report(form, supported: supportedFeatures, target: formatID, keepingExtensions: ["jsonschema", "rjsf"],
                         into: &diagnostics)
        let locales = WebLocales(form: form, requested: options.locale)
        let base = RJSFDocuments(form: form, locale: locales.base, formLocales: locales, target: formatID,
                                 diagnostics: &diagnostics)
        var members: [(String, Node)] = [("schema", base.schema), ("uiSchema", base.uiSchema)]
        for locale in locales.all where locale.lowercased() != locales.base?.lowercased() {
            var scratch = Diagnostics()
            let other = RJSFDocuments(form: form, locale: locale, formLocales: locales, target: formatID,
                                      diagnostics: &scratch)
            if other.schema != base.schema || other.uiSchema != base.uiSchema {
                members.append((WebLocales.tag(locale), .object([("schema", other.schema), ("uiSchema", other.uiSchema)])))
            }
        }
        sink.write(JSONWriter.write(.object(members)))
    }
}
