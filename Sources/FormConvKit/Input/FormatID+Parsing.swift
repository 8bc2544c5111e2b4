import Foundation
import FormIR

/// Parsing format names given on the command line, with a suggestion for near misses.
extension FormatID {
    /// The format named `text` (case-insensitive; `_` is accepted for `-`).
    public static func named(_ text: String) -> FormatID? {
        FormatID(rawValue: text.lowercased().replacingOccurrences(of: "_", with: "-"))
    }

    /// The closest format name to a misspelt `text`, if one is close enough to be what was meant:
    /// within an edit distance of a third of the format name's length (at least 1), or containing /
    /// contained in it.
    public static func suggestion(for text: String, among candidates: [FormatID] = FormatID.allCases) -> FormatID? {
        let t = text.lowercased()
        guard !t.isEmpty else { return nil }
        let scored = candidates.map { ($0, editDistance(t, $0.rawValue)) }
        if let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(1, best.0.rawValue.count / 3) { return best.0 }
        return candidates.first { $0.rawValue.contains(t) && t.count >= 3 }
            ?? candidates.first { t.contains($0.rawValue) && $0.rawValue.count >= 3 }
    }

    /// "unknown format 'jsn' (did you mean 'json'?); formats: …" — the usage error text.
    public static func unknownMessage(_ text: String, among candidates: [FormatID] = FormatID.allCases) -> String {
        var s = "unknown format '\(text)'"
        if let near = suggestion(for: text, among: candidates) { s += " (did you mean '\(near.rawValue)'?)" }
        return s + "; formats: " + candidates.map(\.rawValue).joined(separator: ", ")
    }
}
