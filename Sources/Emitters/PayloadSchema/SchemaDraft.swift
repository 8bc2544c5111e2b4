import Foundation

/// The JSON Schema dialect written: 2020-12 (the default) or draft-07.
public enum SchemaDraft: String, Sendable, CaseIterable {
    case draft2020_12 = "2020-12"
    case draft07 = "07"

    /// Reads `JSONSchemaEmitter.draft`: `2020-12`, `07`, and the spellings `draft-07`, `draft7`, `7`,
    /// `draft-2020-12`. `nil` for anything else.
    public init?(option: String) {
        let s = option.lowercased().replacingOccurrences(of: "draft", with: "")
            .trimmingCharacters(in: CharacterSet(charactersIn: "-_ "))
        switch s {
        case "2020-12", "202012", "2020": self = .draft2020_12
        case "07", "7": self = .draft07
        default: return nil
        }
    }

    /// The `$schema` URI.
    var uri: String {
        switch self {
        case .draft2020_12: "https://json-schema.org/draft/2020-12/schema"
        case .draft07: "http://json-schema.org/draft-07/schema#"
        }
    }
}
