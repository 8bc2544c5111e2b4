import ArgumentParser
import FormConvKit

/// Parses `--to` / `--from` values: unknown or unusable names are usage errors (exit 64) with a
/// "did you mean" suggestion.
enum FormatArgument {
    static func writable(_ text: String) throws -> FormatID {
        try parse(text, among: FormatRegistry.writable, role: "write")
    }

    static func readable(_ text: String) throws -> FormatID {
        try parse(text, among: FormatRegistry.readable, role: "read")
    }

    static func parse(_ text: String, among candidates: [FormatID], role: String) throws -> FormatID {
        if let f = FormatID.named(text) {
            guard candidates.contains(f) else {
                throw ValidationError("formconv cannot \(role) '\(f.rawValue)'; it can \(role): "
                                      + candidates.map(\.rawValue).joined(separator: ", "))
            }
            return f
        }
        throw ValidationError(FormatID.unknownMessage(text, among: candidates))
    }
}
