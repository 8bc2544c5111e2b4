import FormIR

/// Writes a `Node` as an XML property list. PENDING (YAML+plist commit).
public enum PlistWriter {
    public static func write(_ node: Node) -> [UInt8] { [] }
}
