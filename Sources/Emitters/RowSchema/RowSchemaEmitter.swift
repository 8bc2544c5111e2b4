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
    public var syntax: DocumentSyntax
    public init(syntax: DocumentSyntax) { self.syntax = syntax }

    public var formatID: String { syntax == .yaml ? "yaml" : "json" }

    /// What rows can say. Features handled in part (presentation, named validators, …) are listed
    /// here and their unsayable uses reported one by one by the emitter.
    public var supportedFeatures: Set<Feature> {
        [.formTitle, .formDisabled, .hiddenPage, .hiddenSection, .dynamicSection,
         .label, .placeholder, .emptyText, .selectorTitle, .bodyText,
         .customKind, .presentation, .hidden, .disabled,
         .options, .optionLabels, .optionRange, .multipleSelection,
         .required, .length, .valueRange, .pattern, .patternMessage, .namedValidator, .predicateValidation,
         .comparison, .dateBounds, .colors, .formatting,
         .ruleShowHideField, .ruleShowHideSection, .ruleShowHidePage, .ruleEnableDisable, .ruleUnconditional]
    }

    public func emit(_ form: Form, options: EmitOptions, diagnostics: inout Diagnostics) throws -> [UInt8] {
        let locale = options.locale ?? form.defaultLocale
        if syntax != .yaml, Self.writesOnTwoThreads(form) {
            return twoThreadJSON(form, locale: locale, diagnostics: &diagnostics)
        }
        return try oneWriter(form, locale: locale, diagnostics: &diagnostics)
    }

    /// The document written by one writer on this thread, the loss report beside it on another.
    func oneWriter(_ form: Form, locale: String?, diagnostics: inout Diagnostics) throws -> [UInt8] {
        var writerDiagnostics = Diagnostics()
        // The generic loss report runs on the second core while the rows are written.
        let written: Result<[UInt8], EmitFailure> = LossCheck.report(
            form, supported: supportedFeatures, target: formatID, keepingExtensions: ["rowschema"],
            into: &diagnostics
        ) {
            var writer = RowSchemaDocumentWriter(form: form, target: formatID, locale: locale)
            defer { writerDiagnostics = writer.diagnostics }
            switch syntax {
            case .yaml:
                var out = RowSchemaOutput(NodeBuilder())
                writer.document(into: &out)
                do { return .success(try YAMLWriter.write(out.sink.root ?? .null)) } catch {
                    return .failure(EmitFailure(id: "rowschema.yaml-write", "could not write YAML: \(error)"))
                }
            case .json, .plist:
                // Straight to bytes, no tree.
                var out = RowSchemaOutput(JSONStreamWriter(pretty: true, capacity: Self.jsonCapacity(rows: writer.states.rowCount)))
                writer.document(into: &out)
                return .success(out.sink.finish())
            }
        }
        diagnostics.append(contentsOf: writerDiagnostics.items)
        return try written.get()
    }

    /// The room a JSON writer reserves for `rows` rows: about 280 bytes a row, and the document's head.
    static func jsonCapacity(rows: Int) -> Int { 4096 + 320 * rows }
}
