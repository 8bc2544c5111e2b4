import FormIR
import MMXML
import Readers
import Emitters
import DocumentTree

/// The one place that knows every format: one `Entry` per format, in the style of pandoc's list of
/// readers and writers. Adding a format is adding a `FormatID` case and its entry here.
public enum FormatRegistry {
    /// One format: its id, output extension, one-line description, the names that identify it
    /// without looking at the content, its reader and emitter, and the prefix of the IR extension
    /// keys its reader keeps and its writer writes back.
    public struct Entry: Sendable {
        /// The id `--from` and `--to` take.
        public let id: FormatID
        /// The usual file extension of output in this format (without the leading dot).
        public let fileExtension: String
        /// One line for `formconv formats` and `--help`.
        public let summary: String
        /// Name endings that say the format exactly, whatever the content (`.ir.json`).
        public let nameSuffixes: [String]
        /// Name endings that name the format when the content says nothing clear (empty, truncated
        /// or corrupt input), so that its reader reports the problem with its position.
        public let fallbackSuffixes: [String]
        /// The prefix of the IR extension keys this format's reader keeps (`rowschema.`), or `nil`.
        public let extensionNamespace: String?
        let makeReader: (@Sendable () -> any FormReader)?
        let makeEmitter: (@Sendable (FormatOptions) -> any FormEmitter)?

        init(_ id: FormatID, _ fileExtension: String, _ summary: String,
             nameSuffixes: [String] = [], fallbackSuffixes: [String] = [], extensionNamespace: String? = nil,
             reader: (@Sendable () -> any FormReader)? = nil,
             emitter: (@Sendable (FormatOptions) -> any FormEmitter)? = nil) {
            self.id = id
            self.fileExtension = fileExtension
            self.summary = summary
            self.nameSuffixes = nameSuffixes
            self.fallbackSuffixes = fallbackSuffixes
            self.extensionNamespace = extensionNamespace
            self.makeReader = reader
            self.makeEmitter = emitter
        }
    }

    /// Every format, in `FormatID.allCases` order (the order of `formconv formats`).
    public static let table: [Entry] = [
        Entry(.ir, "ir.json", "formconv's intermediate representation as versioned JSON",
              nameSuffixes: [".ir.json"],
              reader: { IRReader() }, emitter: { _ in IREmitter() }),
        Entry(.mmxml, "xml", "MM XML form builder language (pages, groups, items, relationships)",
              fallbackSuffixes: [".xml"], extensionNamespace: "mmxml.",
              reader: { MMXMLReader() }, emitter: { MMXMLEmitter(keepLegacy: $0.keepLegacy) }),
        Entry(.json, "json", "row schema as JSON (form/section/row objects)",
              fallbackSuffixes: [".json"], extensionNamespace: "rowschema.",
              reader: { RowSchemaReader(syntax: .json) }, emitter: { _ in RowSchemaEmitter(syntax: .json) }),
        Entry(.yaml, "yaml", "row schema as YAML",
              extensionNamespace: "rowschema.",
              reader: { RowSchemaReader(syntax: .yaml) }, emitter: { _ in RowSchemaEmitter(syntax: .yaml) }),
        Entry(.xlform, "xlform.json", "XLForm descriptor as JSON (mirrors XLFormDescriptor)",
              nameSuffixes: [".xlform.json"], extensionNamespace: "xlform.",
              reader: { XLFormReader() }, emitter: { _ in XLFormEmitter(syntax: .json) }),
        Entry(.xlformPlist, "xlform.plist", "XLForm descriptor as XML property list (binary plists are read too)",
              nameSuffixes: [".xlform.plist"], extensionNamespace: "xlform.",
              reader: { XLFormReader() }, emitter: { _ in XLFormEmitter(syntax: .plist) }),
        Entry(.xlformSwift, "swift", "Swift code that builds the form with XLForm",
              emitter: { XLFormCodeEmitter(language: .swift, typeName: $0.typeName) }),
        Entry(.xlformObjc, "m", "Objective-C code that builds the form with XLForm",
              emitter: { XLFormCodeEmitter(language: .objc, typeName: $0.typeName) }),
        Entry(.rmsform, "plist", "RMSForm descriptor as XML property list (binary plists are read too)",
              nameSuffixes: [".rmsform.plist"], fallbackSuffixes: [".plist"], extensionNamespace: "rmsform.",
              reader: { RMSFormReader() }, emitter: { _ in RMSFormEmitter(syntax: .plist) }),
        Entry(.rmsformJSON, "rmsform.json", "RMSForm descriptor as JSON",
              nameSuffixes: [".rmsform.json"], extensionNamespace: "rmsform.",
              reader: { RMSFormReader() }, emitter: { _ in RMSFormEmitter(syntax: .json) }),
        Entry(.shinobi, "shinobi.xml", "ShinobiForms XML",
              nameSuffixes: [".shinobi.xml"], extensionNamespace: "shinobi.",
              reader: { ShinobiReader() }, emitter: { _ in ShinobiEmitter() }),
        Entry(.jsonSchema, "schema.json", "JSON Schema (draft 2020-12 or 07) of the submitted payload",
              emitter: { JSONSchemaEmitter(draft: $0.jsonSchemaDraft) }),
        Entry(.surveyjs, "survey.json", "SurveyJS survey JSON (pages, panels, questions, visibleIf/enableIf logic)",
              extensionNamespace: "surveyjs.",
              reader: { SurveyJSReader() }, emitter: { _ in SurveyJSEmitter() }),
        Entry(.jsonforms, "jsonforms.json", "JSON Forms data schema, UI schema with rules, and i18n dictionaries in one JSON",
              emitter: { _ in JSONFormsEmitter() }),
        Entry(.rjsf, "rjsf.json", "react-jsonschema-form data schema and uiSchema in one JSON (a pair per language)",
              emitter: { _ in RJSFEmitter() }),
        Entry(.html, "html", "self-contained HTML preview that behaves like the form (relationships, validation, payload)",
              emitter: { _ in HTMLEmitter() }),
    ]

    /// The entry of `format`.
    public static func entry(for format: FormatID) -> Entry {
        table[FormatID.allCases.firstIndex(of: format)!]
    }

    /// The reader for `format`, or `nil` when formconv only writes it.
    public static func reader(for format: FormatID) -> (any FormReader)? {
        entry(for: format).makeReader?()
    }

    /// The emitter for `format`, or `nil` when formconv only reads it, with the options of its format.
    public static func emitter(for format: FormatID, options: FormatOptions = FormatOptions()) -> (any FormEmitter)? {
        entry(for: format).makeEmitter?(options)
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
    public static var readable: [FormatID] { table.filter { $0.makeReader != nil }.map(\.id) }
    /// Every format with an emitter: the values `--to` accepts.
    public static var writable: [FormatID] { table.filter { $0.makeEmitter != nil }.map(\.id) }
}
