import FormIR
import DocumentTree

/// Reads the row schema (form → sections → rows) from JSON or YAML into the IR.
///
/// Covers every key of the first revision (docs/row-schema.md) and accepts the later revision's
/// spellings (`textfield` + `style`, `header`/`footer`, `dynamic.row`, `action` objects, …) with a
/// `rowschema.later-revision` note, since the emitter writes the first revision. Unknown keys are kept
/// in `rowschema.key.*` extensions for round trips; every diagnostic carries the line and column.
public struct RowSchemaReader: FormReader {
    /// The document syntax read.
    public var syntax: DocumentSyntax
    /// A reader of documents in `syntax`.
    public init(syntax: DocumentSyntax) { self.syntax = syntax }

    /// Reads a row-schema document (JSON or YAML, by `syntax`) into a `Form`: problems are diagnostics;
    /// throws `ReadFailure` only when nothing can be read.
    public func read(_ input: InputDocument, diagnostics: inout Diagnostics) throws -> Form {
        let root: Node
        switch syntax {
        case .json: root = try JSONReader.parse(input.bytes, name: input.name, diagnostics: &diagnostics)
        case .yaml, .plist: root = try YAMLReader.parse(input.bytes, name: input.name, diagnostics: &diagnostics)
        }
        guard case .mapping = root.kind else {
            throw ReadFailure(id: RowSchemaDiagnostic.notAnObject,
                              "a row schema document is an object with a 'sections' array, found \(RowSchemaBuilder.describe(root))",
                              at: root.location ?? SourceLocation(file: input.name, line: 1, column: 1))
        }
        var builder = RowSchemaBuilder(file: input.name, quotedStrings: syntax == .json, source: input.bytes)
        let form = builder.form(root)
        diagnostics.append(contentsOf: builder.diagnostics.items)
        return form
    }

    /// Maps an already parsed tree (for callers holding a `Node`, and for tests).
    public static func form(from root: Node, file: String, quotedStrings: Bool,
                            diagnostics: inout Diagnostics) -> Form {
        var builder = RowSchemaBuilder(file: file, quotedStrings: quotedStrings)
        let form = builder.form(root)
        diagnostics.append(contentsOf: builder.diagnostics.items)
        return form
    }
}

/// The ids of every diagnostic the row-schema reader reports, declared once.
public enum RowSchemaDiagnostic {
    /// The document's root is not an object (thrown: nothing can be read).
    public static let notAnObject = "rowschema.not-an-object"
    /// A required key (`sections`, `items`, row `type`, `id`/`tag`, formatter `type`, …) is missing.
    public static let missingKey = "rowschema.missing-key"
    /// A value has the wrong JSON/YAML type (a number where a string belongs, …).
    public static let typeMismatch = "rowschema.type-mismatch"
    /// A value is not one of the values the key allows (`style: sideways`).
    public static let invalidValue = "rowschema.invalid-value"
    /// A date bound is not ISO 8601 (nor the later revision's `/Date(ms)/`).
    public static let invalidDate = "rowschema.invalid-date"
    /// Two rows share an id.
    public static let duplicateID = "rowschema.duplicate-id"
    /// A `hidden`/`disabled`/`rules[].predicate` string is not a valid predicate.
    public static let predicateSyntax = "rowschema.predicate-syntax"
    /// A `rules[].regexp` does not compile.
    public static let invalidRegexp = "rowschema.invalid-regexp"
    /// An option value appears twice in `options`.
    public static let duplicateOption = "rowschema.duplicate-option"
    /// A predicate names a row (`$tag`) that is not in the form.
    public static let unknownReference = "rowschema.unknown-reference"
    /// A key the schema does not define (warning; kept for round trips).
    public static let unknownKey = "rowschema.unknown-key"
    /// A row type the schema does not define (warning; kept as a custom kind).
    public static let unknownType = "rowschema.unknown-type"
    /// A spelling of the schema's later revision (note: the emitter writes the first revision).
    public static let laterRevision = "rowschema.later-revision"

    /// Every id, for docs and tests.
    public static let all = [notAnObject, missingKey, typeMismatch, invalidValue, invalidDate, duplicateID,
                             predicateSyntax, invalidRegexp, duplicateOption, unknownReference, unknownKey, unknownType, laterRevision]
}
