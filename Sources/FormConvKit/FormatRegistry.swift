import FormIR
import MMXML
import Readers
import Emitters
import DocumentTree

/// Maps each `FormatID` to its reader and emitter. The one place that knows every format.
public enum FormatRegistry {
    /// The reader for `format`, or `nil` when formconv only writes it.
    public static func reader(for format: FormatID) -> (any FormReader)? {
        switch format {
        case .ir: IRReader()
        case .mmxml: MMXMLReader()
        case .json: RowSchemaReader(syntax: .json)
        case .yaml: RowSchemaReader(syntax: .yaml)
        case .xlform, .xlformPlist: XLFormReader()
        case .rmsform, .rmsformJSON: RMSFormReader()
        case .shinobi: ShinobiReader()
        case .surveyjs: SurveyJSReader()
        case .xlformSwift, .xlformObjc, .jsonSchema, .jsonforms, .rjsf, .html: nil
        }
    }

    /// The emitter for `format`, or `nil` when formconv only reads it, with the options of its format.
    public static func emitter(for format: FormatID, options: FormatOptions = FormatOptions()) -> (any FormEmitter)? {
        switch format {
        case .ir: IREmitter()
        case .mmxml: MMXMLEmitter(keepLegacy: options.keepLegacy)
        case .json: RowSchemaEmitter(syntax: .json)
        case .yaml: RowSchemaEmitter(syntax: .yaml)
        case .xlform: XLFormEmitter(syntax: .json)
        case .xlformPlist: XLFormEmitter(syntax: .plist)
        case .xlformSwift: XLFormCodeEmitter(language: .swift, typeName: options.typeName)
        case .xlformObjc: XLFormCodeEmitter(language: .objc, typeName: options.typeName)
        case .rmsform: RMSFormEmitter(syntax: .plist)
        case .rmsformJSON: RMSFormEmitter(syntax: .json)
        case .shinobi: ShinobiEmitter()
        case .jsonSchema: JSONSchemaEmitter(draft: options.jsonSchemaDraft)
        case .surveyjs: SurveyJSEmitter()
        case .jsonforms: JSONFormsEmitter()
        case .rjsf: RJSFEmitter()
        case .html: HTMLEmitter()
        }
    }

    /// The options that only some formats' emitters take (`--draft`, `--type-name`).
    public struct FormatOptions: Sendable {
        /// JSON Schema draft: `2020-12` (default) or `07`.
        public var jsonSchemaDraft: String
        /// The name of the generated type (`xlform-swift`, `xlform-objc`); from the input's name when `nil`.
        public var typeName: String?
        /// MM XML: keep what the language's schema rejects (`--keep-legacy`).
        public var keepLegacy: Bool

        /// Options with the JSON Schema draft `jsonSchemaDraft`, the generated type name `typeName` and
        /// MM XML's `keepLegacy`.
        public init(jsonSchemaDraft: String = "2020-12", typeName: String? = nil, keepLegacy: Bool = false) {
            self.jsonSchemaDraft = jsonSchemaDraft
            self.typeName = typeName
            self.keepLegacy = keepLegacy
        }

        /// Why `name` cannot be `--type-name` (not an identifier, a keyword, a class XLForm's generated
        /// code uses), or `nil` when it can.
        public static func typeNameProblem(_ name: String) -> String? { XLFormCodeEmitter.typeNameProblem(name) }
    }

    /// Every format with a reader: the values `--from` accepts.
    public static var readable: [FormatID] { FormatID.allCases.filter { reader(for: $0) != nil } }
    /// Every format with an emitter: the values `--to` accepts.
    public static var writable: [FormatID] { FormatID.allCases.filter { emitter(for: $0) != nil } }
}
