import DocumentTree
import FormIR

/// Writes one JSON object for JSON Forms 3.x: `schema` (the data JSON Schema, draft-07, from the JSON
/// Schema emitter), `uischema` (pages as a `Categorization` of `Category`s, groups as `Group`s, each
/// submitted value a `Control` whose `scope` resolves in `schema`, display texts as `Label`s) with
/// relationships as `SHOW`/`HIDE`/`ENABLE`/`DISABLE` rules whose conditions are schemas over the whole
/// data (`scope: "#"`), and `i18n`: one key → text dictionary per language for the app's `translate`
/// function. Computed and copied values, option sets switched by condition and fields that submit
/// nothing have no JSON Forms form and are reported as losses, besides the data schema's own.
public struct JSONFormsEmitter: FormEmitter {
    /// An emitter of a JSON Forms document (data schema and UI schema); it takes no options.
    public init() {}

    /// The target id losses name (`jsonforms`).
    public var formatID: String { "jsonforms" }

    /// The IR features this output holds; `LossCheck` reports the others as losses.
    public var supportedFeatures: Set<Feature> {
        JSONSchemaEmitter().supportedFeatures.subtracting([.ruleSetOptions])
            .union([.pages, .pageTitle, .sectionTitle, .bodyText, .missingMessage, .patternMessage, .ruleEnableDisable])
    }

    /// Writes `form` as a JSON Forms document (data schema and UI schema); what it cannot hold is reported as
    /// losses in `diagnostics`.
    public func emit<Sink: OutputSink>(_ form: Form, options: EmitOptions, into sink: inout Sink,
                                       diagnostics: inout Diagnostics) throws {
        LossCheck.report(form, supported: supportedFeatures, target: formatID, keepingExtensions: ["jsonschema", "jsonforms"],
                         into: &diagnostics)
        let locales = WebLocales(form: form, requested: options.locale)
        var data = WebDataSchema(form: form, locale: locales.base, target: formatID, diagnostics: &diagnostics)
        data.schema = JSONFormsRequirements.typedBranches(data.schema)
        let web = WebEmitContext(form: form, locales: locales, target: formatID)
        JSONFormsRequirements.report(web, keys: data.keys, schema: data.schema, into: &diagnostics)
        var ui = JSONFormsUISchema(web, data: data)
        let uischema = ui.build()
        diagnostics.append(contentsOf: ui.diagnostics.items)
        diagnostics.append(contentsOf: ui.data.conditions.diagnostics.items)
        sink.write(JSONWriter.write(.object([("schema", data.schema), ("uischema", uischema),
                                             ("i18n", ui.translations.node)])))
    }
}
