import DocumentTree
import FormIR

/// Writes the JSON Schema (2020-12 by default, or draft-07) of the payload a form submits to its
/// backend, keyed as the legacy app submits it (`SubmissionModel`): one property per submitted key,
/// typed as the app sends it, with the constraints its validation implies, `required` for required
/// keys, and `if`/`then`/`else` conditionals for relationships that show, hide, skip, force or change
/// the options of fields. Layout, style, actions, computed values and texts other than labels and
/// detail labels have no place in a payload schema and are reported as losses.
public struct JSONSchemaEmitter: FormEmitter {
    /// The draft to write, as the command line spells it: `2020-12` (the default) or `07`
    /// (`SchemaDraft(option:)` reads the other spellings); an unknown one writes 2020-12 with a warning.
    public var draft: String

    /// An emitter writing `draft` (`2020-12` unless told otherwise).
    public init(draft: String = SchemaDraft.draft2020_12.rawValue) { self.draft = draft }

    /// The target id losses name (`json-schema`).
    public var formatID: String { "json-schema" }

    /// The IR features this output holds; `LossCheck` reports the others as losses.
    public var supportedFeatures: Set<Feature> {
        [.formTitle, .label, .detailLabel, .localization, .hidden, .hiddenSection, .hiddenPage, .disabled, .defaultValue,
         .options, .optionLabels, .optionRange, .multipleSelection, .required, .length, .valueRange, .pattern,
         .namedValidator, .predicateValidation, .selectionCount, .requiredValue, .submitKey, .submitPolicy, .dateEncoding, .submitPrefix, .submitsValue,
         .partClone, .overrides, .ruleShowHideField, .ruleShowHideSection, .ruleShowHidePage, .ruleSetOptions,
         .ruleSubmission, .ruleUnconditional, .requirementGroup]
    }

    /// Writes `form` as a JSON Schema of the submitted payload; what it cannot hold is reported as losses in
    /// `diagnostics`.
    public func emit<Sink: OutputSink>(_ form: Form, options: EmitOptions, into sink: inout Sink,
                                       diagnostics: inout Diagnostics) throws {
        LossCheck.report(form, supported: supportedFeatures, target: formatID, keepingExtensions: ["jsonschema"],
                         into: &diagnostics)
        let draft: SchemaDraft
        if let d = SchemaDraft(option: self.draft) {
            draft = d
        } else {
            draft = .draft2020_12
            diagnostics.warning("json-schema.unknown-draft",
                                "unknown JSON Schema draft '\(self.draft)' (use 2020-12 or 07); writing 2020-12")
        }
        var builder = PayloadSchemaBuilder(form: form, draft: draft, target: formatID,
                                           locale: form.defaultLocale ?? options.locale, diagnostics: diagnostics)
        let schema = builder.build()
        diagnostics = builder.diagnostics
        sink.write(JSONWriter.write(schema))
    }
}
