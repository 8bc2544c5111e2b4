/// Every format formconv reads or writes, by the id used on the command line (`--to`, `--from`).
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

    /// One line for `formconv formats` and `--help`.
    public var summary: String {
        switch self {
        case .ir: "formconv's intermediate representation as versioned JSON"
        case .mmxml: "MM XML form builder language (pages, groups, items, relationships)"
        case .json: "row schema as JSON (form/section/row objects)"
        case .yaml: "row schema as YAML"
        case .xlform: "XLForm descriptor as JSON (mirrors XLFormDescriptor)"
        case .xlformPlist: "XLForm descriptor as XML property list (binary plists are read too)"
        case .xlformSwift: "Swift code that builds the form with XLForm"
        case .xlformObjc: "Objective-C code that builds the form with XLForm"
        case .rmsform: "RMSForm descriptor as XML property list (binary plists are read too)"
        case .rmsformJSON: "RMSForm descriptor as JSON"
        case .shinobi: "ShinobiForms XML"
        case .jsonSchema: "JSON Schema (draft 2020-12 or 07) of the submitted payload"
        case .surveyjs: "SurveyJS survey JSON (pages, panels, questions, visibleIf/enableIf logic)"
        case .jsonforms: "JSON Forms data schema, UI schema with rules, and i18n dictionaries in one JSON"
        case .rjsf: "react-jsonschema-form data schema and uiSchema in one JSON (a pair per language)"
        case .html: "self-contained HTML preview that behaves like the form (relationships, validation, payload)"
        }
    }

    /// The usual file extension of output in this format.
    public var fileExtension: String {
        switch self {
        case .ir: "ir.json"
        case .mmxml: "xml"
        case .json: "json"
        case .yaml: "yaml"
        case .xlform: "xlform.json"
        case .xlformPlist: "xlform.plist"
        case .xlformSwift: "swift"
        case .xlformObjc: "m"
        case .rmsform: "plist"
        case .rmsformJSON: "rmsform.json"
        case .shinobi: "shinobi.xml"
        case .jsonSchema: "schema.json"
        case .surveyjs: "survey.json"
        case .jsonforms: "jsonforms.json"
        case .rjsf: "rjsf.json"
        case .html: "html"
        }
    }
}
