import FormIR
import DocumentTree

/// Writes the row schema's first revision as JSON (`--to json`) or YAML (`--to yaml`).
///
/// Keys are the spec's, in a stable order; data the schema has no key for but worth keeping for a
/// round trip goes under `x-formconv-*` keys (section titles and footers, default values) and is still
/// reported as a loss. Relationships become row `hidden`/`disabled` predicates where the schema can
/// say them; everything else is a loss with its feature id and source position. docs/row-schema.md
/// lists the mapping of IR kinds to row types.
public struct RowSchemaEmitter: FormEmitter {
    /// The document syntax written.
    public var syntax: DocumentSyntax
    /// An emitter writing `syntax`.
    public init(syntax: DocumentSyntax) { self.syntax = syntax }

    /// The target id losses name: `yaml` or `json`.
    public var formatID: String { syntax == .yaml ? "yaml" : "json" }

    /// What rows can say. Features handled in part (presentation, named validators, …) are listed
    /// here and their unsayable uses reported one by one by the emitter.
    public var supportedFeatures: Set<Feature> {
        [.formTitle, .formDisabled, .hiddenPage, .hiddenSection, .dynamicSection,
         .label, .placeholder, .emptyText, .selectorTitle, .bodyText,
         .customKind, .presentation, .hidden, .disabled,
         .options, .optionLabels, .optionRange, .multipleSelection,
         .required, .length, .valueRange, .pattern, .patternMessage, .namedValidator, .predicateValidation,
         .comparison, .dateBounds, .colors, .formatting, .requiredValue,
         .ruleShowHideField, .ruleShowHideSection, .ruleShowHidePage, .ruleEnableDisable, .ruleUnconditional]
    }

    /// Writes `form` as a row-schema document (JSON or YAML, by `syntax`); what it cannot hold is reported as
    /// losses in `diagnostics`.
    public func emit<Sink: OutputSink>(_ form: Form, options: EmitOptions, into sink: inout Sink,
                                       diagnostics: inout Diagnostics) throws {
        LossCheck.report(form, supported: supportedFeatures, target: formatID, locale: options.locale ?? form.defaultLocale,
                         keepingExtensions: ["rowschema"],
                         into: &diagnostics)
        // row-schema.md says nothing of a hidden row's value or validation.
        HiddenFieldCheck.report(form, engine: nil, target: formatID, into: &diagnostics)
        var writer = RowSchemaDocumentWriter(form: form, target: formatID, locale: options.locale ?? form.defaultLocale)
        // The writer adds its losses to the run's one list, in the same order as appending its own list
        // at the end would, without a second list of them and the copy of both into a third.
        diagnostics.append(contentsOf: writer.diagnostics.items)
        writer.diagnostics = Diagnostics()
        swap(&writer.diagnostics, &diagnostics)
        defer { swap(&writer.diagnostics, &diagnostics) }
        switch syntax {
        case .yaml:
            var out = RowSchemaOutput(NodeBuilder())
            writer.document(into: &out)
            do { sink.write(try YAMLWriter.write(out.sink.root ?? .null)) } catch {
                throw EmitFailure(id: "rowschema.yaml-write", "could not write YAML: \(error)")
            }
        case .json, .plist:
            // Straight to bytes, no tree, handed to the sink in pieces as the rows are written.
            withoutActuallyEscaping({ sink.write($0) }) { handOn in
                var out = RowSchemaOutput(PiecedJSONSink(JSONStreamWriter(pretty: true), handOn: handOn))
                writer.document(into: &out)
                out.sink.finish()
            }
        }
    }
}
