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
        case .xlformSwift, .xlformObjc, .jsonSchema: nil
        }
    }

    /// The emitter for `format`, or `nil` when formconv only reads it.
    public static func emitter(for format: FormatID) -> (any FormEmitter)? {
        switch format {
        case .ir: IREmitter()
        case .mmxml: MMXMLEmitter()
        case .json: RowSchemaEmitter(syntax: .json)
        case .yaml: RowSchemaEmitter(syntax: .yaml)
        case .xlform: XLFormEmitter(syntax: .json)
        case .xlformPlist: XLFormEmitter(syntax: .plist)
        case .xlformSwift: XLFormCodeEmitter(language: .swift)
        case .xlformObjc: XLFormCodeEmitter(language: .objc)
        case .rmsform: RMSFormEmitter(syntax: .plist)
        case .rmsformJSON: RMSFormEmitter(syntax: .json)
        case .shinobi: ShinobiEmitter()
        case .jsonSchema: JSONSchemaEmitter()
        }
    }

    public static var readable: [FormatID] { FormatID.allCases.filter { reader(for: $0) != nil } }
    public static var writable: [FormatID] { FormatID.allCases.filter { emitter(for: $0) != nil } }
}
