import FormIR

/// Reads JSON into a `Node` tree with positions. PLACEHOLDER — replaced by the DocumentTree work.
public enum JSONReader {
    public static func parse(_ bytes: [UInt8], name: String, limits: ParseLimits = ParseLimits(),
                             diagnostics: inout Diagnostics) throws -> Node {
        throw ReadFailure(id: "json.unavailable", "JSON reading is not built yet", at: nil)
    }
}
