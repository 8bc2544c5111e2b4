import FormIR

/// PLACEHOLDER writers — replaced by the DocumentTree work (JSONWriter.swift, YAMLWriter.swift, PlistWriter.swift).
public enum JSONWriter {
    public static func write(_ node: Node, pretty: Bool = true) -> [UInt8] { [] }
}
public enum YAMLWriter {
    public static func write(_ node: Node) throws -> [UInt8] { [] }
}
public enum PlistWriter {
    public static func write(_ node: Node) -> [UInt8] { [] }
}
