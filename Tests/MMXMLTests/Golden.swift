import Foundation
import Testing

/// Golden-file comparison: a mismatch fails; with `FORMCONV_RECORD=1` the file is rewritten and the
/// test still fails, so a recording run never passes silently.
enum Golden {
    static func check(_ actual: String, against url: URL, sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = try? String(contentsOf: url, encoding: .utf8)
        if Support.recording {
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? actual.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("recorded \(url.lastPathComponent) (FORMCONV_RECORD=1 always fails)", sourceLocation: sourceLocation)
            return
        }
        guard let expected else {
            Issue.record("missing golden file \(url.path); run with FORMCONV_RECORD=1", sourceLocation: sourceLocation)
            return
        }
        if expected != actual {
            let e = expected.components(separatedBy: "\n"), a = actual.components(separatedBy: "\n")
            let i = (0..<min(e.count, a.count)).first { e[$0] != a[$0] } ?? min(e.count, a.count)
            Issue.record("""
                \(url.lastPathComponent) differs at line \(i + 1):
                  expected: \(i < e.count ? e[i] : "<end>")
                  actual:   \(i < a.count ? a[i] : "<end>")
                """, sourceLocation: sourceLocation)
        }
    }
}
