import FormIR

/// Reads YAML (and JSON, a YAML subset) through libyaml into a `Node` tree with positions.
/// PLACEHOLDER — replaced by the DocumentTree work.
public enum YAMLReader {
    public static func parse(_ bytes: [UInt8], name: String, limits: ParseLimits = ParseLimits(),
                             diagnostics: inout Diagnostics) throws -> Node {
        throw ReadFailure(id: "yaml.unavailable", "YAML reading is not built yet", at: nil)
    }
}
