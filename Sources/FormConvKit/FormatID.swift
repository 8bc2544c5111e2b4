/// Every format formconv reads or writes, by the id used on the command line (`--to`, `--from`).
/// What each format is (extension, description, detection hint, reader, emitter) is its entry in
/// `FormatRegistry.table`; the ids are listed here in the table's order.
public enum FormatID: String, CaseIterable, Sendable, Codable, CustomStringConvertible {
    case ir
    case mmxml
    case json
    case yaml
    case xlform
    case xlformPlist = "xlform-plist"
    case xlformSwift = "xlform-swift"
    case xlformObjc = "xlform-objc"
    case rmsform
    case rmsformJSON = "rmsform-json"
    case shinobi
    case jsonSchema = "json-schema"
    case surveyjs
    case jsonforms
    case rjsf
    case html

    /// The id as the command line spells it (`json-schema`).
    public var description: String { rawValue }

    /// This format's entry in `FormatRegistry.table`.
    public var entry: FormatRegistry.Entry { FormatRegistry.entry(for: self) }

    /// One line for `formconv formats` and `--help`.
    public var summary: String { entry.summary }

    /// The usual file extension of output in this format.
    public var fileExtension: String { entry.fileExtension }
}
