import ArgumentParser
import Foundation
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

    /// The format an output name implies by its extension (`x.schema.json` → `json-schema`,
    /// `x.xlform.json` → `xlform`, `x.yaml` → `yaml`): the writable format with the longest extension
    /// the name ends with, when exactly one has it. `nil` for a directory (`out/`), standard output
    /// (`-`) or a name no format claims.
    static func inferred(fromOutput path: String) -> FormatID? {
        guard path != "-", !path.hasSuffix("/") else { return nil }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue { return nil }
        let name = (path as NSString).lastPathComponent.lowercased()
        let matches = FormatRegistry.writable.filter { name.hasSuffix("." + $0.fileExtension) }
        guard let longest = matches.map(\.fileExtension.count).max() else { return nil }
        let best = matches.filter { $0.fileExtension.count == longest }
        return best.count == 1 ? best[0] : nil
    }
}
