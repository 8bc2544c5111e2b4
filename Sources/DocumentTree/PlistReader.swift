import FormIR

/// Reads XML and binary property lists into a `Node` tree. PLACEHOLDER — replaced by the DocumentTree work.
public enum PlistReader {
    public static func parse(_ bytes: [UInt8], name: String, limits: ParseLimits = ParseLimits(),
                             diagnostics: inout Diagnostics) throws -> Node {
        throw ReadFailure(id: "plist.unavailable", "plist reading is not built yet", at: nil)
    }
}
