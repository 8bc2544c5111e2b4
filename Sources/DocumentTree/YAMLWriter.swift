import FormIR

/// Writes a `Node` as block-style YAML through libyaml's emitter. PENDING (YAML+plist commit).
public enum YAMLWriter {
    public static func write(_ node: Node) throws -> [UInt8] {
        throw EmitFailure(id: "yaml.unavailable", "YAML writing is not built yet")
    }
}
