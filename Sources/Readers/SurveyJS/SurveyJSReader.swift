import FormIR
import DocumentTree

/// Reads a SurveyJS survey JSON (survey-core 1.x–3.x; docs/surveyjs.md): pages, nested panels,
/// `elements` (and the old `questions` key), questions by type, choices, validators, locale maps and
/// the expressions of `visibleIf`, `enableIf`, `requiredIf`, choice `visibleIf` and `setValueIf` as IR
/// rules. What the IR has no home for is reported by question name; misspelt and unknown properties,
/// text where a boolean belongs, duplicate and empty names and expressions survey-core cannot parse are
/// reported with their positions, never skipped silently as survey-core does at run time.
public struct SurveyJSReader: FormReader {
    /// A reader of a SurveyJS survey JSON; it takes no options.
    public init() {}

    /// Reads a survey JSON into a `Form`: problems are diagnostics; throws `ReadFailure` only when the
    /// text is not JSON or its root is not an object.
    public func read(_ input: InputDocument, diagnostics: inout Diagnostics) throws -> Form {
        let root = try JSONReader.parse(input.bytes, name: input.name, diagnostics: &diagnostics)
        guard root.mappingEntries != nil else {
            throw ReadFailure(id: "surveyjs.malformed", "a SurveyJS survey is a JSON object, found \(root.typeName)",
                              at: root.location ?? SourceLocation(file: input.name, line: 1, column: 1))
        }
        var decoder = SurveyJSDecoder(file: input.name)
        let form = decoder.survey(root)
        diagnostics.append(contentsOf: decoder.diagnostics.items)
        return form
    }
}
