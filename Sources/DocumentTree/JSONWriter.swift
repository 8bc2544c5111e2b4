import FormIR

/// Writes a `Node` as JSON, byte by byte, through `JSONStreamWriter` (which documents the layout).
///
/// Pretty output: 2-space indentation, `"key": value`, keys in node order, empty containers as
/// `{}`/`[]`, a trailing newline. Compact output has no whitespace and no trailing newline.
/// Strings escape only `"`, `\` and control characters. Doubles use the shortest text that reads
/// back to the same value (`2.5`, `3.0`, `1e-07`); non-finite doubles, which JSON cannot hold, are
/// written as `null`. Dates are strings, data is a base64 string.
public enum JSONWriter {
    /// The JSON text of `node`, indented unless `pretty` is false.
    public static func write(_ node: Node, pretty: Bool = true) -> [UInt8] {
        var out = JSONStreamWriter(pretty: pretty)
        out.node(node)
        return out.finish()
    }

    /// The JSON text of a string, quoted and escaped (for emitters that compose JSON by hand).
    public static func quoted(_ s: String) -> String {
        var out = JSONStreamWriter(pretty: false, capacity: s.utf8.count + 2)
        out.string(s)
        return String(decoding: out.bytes, as: UTF8.self)
    }
}
