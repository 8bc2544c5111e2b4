import FormIR

/// One entry point per syntax, for formats that come as JSON, YAML or plist alike.
extension DocumentSyntax {
    /// The syntax a file extension names: `json`; `yaml`, `yml`; `plist`. Case-insensitive.
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "json": self = .json
        case "yaml", "yml": self = .yaml
        case "plist": self = .plist
        default: return nil
        }
    }

    /// Reads `bytes` with this syntax's reader.
    public func parse(_ bytes: [UInt8], name: String, limits: ParseLimits = ParseLimits(),
                      diagnostics: inout Diagnostics) throws -> Node {
        switch self {
        case .json: return try JSONReader.parse(bytes, name: name, limits: limits, diagnostics: &diagnostics)
        case .yaml: return try YAMLReader.parse(bytes, name: name, limits: limits, diagnostics: &diagnostics)
        case .plist: return try PlistReader.parse(bytes, name: name, limits: limits, diagnostics: &diagnostics)
        }
    }

    /// Writes `node` with this syntax's writer (pretty JSON, block YAML, XML plist).
    public func write(_ node: Node) throws -> [UInt8] {
        switch self {
        case .json: return JSONWriter.write(node)
        case .yaml: return try YAMLWriter.write(node)
        case .plist: return PlistWriter.write(node)
        }
    }
}
