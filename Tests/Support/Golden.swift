import Foundation
import Testing

/// Golden files: a mismatch fails the test; with `FORMCONV_RECORD=1` the file is rewritten with what the
/// code produced and the test still fails, so re-recording is always a deliberate second run.
public enum GoldenFile {
    public static var recording: Bool { ProcessInfo.processInfo.environment["FORMCONV_RECORD"] == "1" }

    public static func expect(_ actual: String, matches url: URL, sourceLocation: SourceLocation = #_sourceLocation) {
        let name = url.lastPathComponent
        if recording {
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            do {
                try actual.write(to: url, atomically: true, encoding: .utf8)
                Issue.record("FORMCONV_RECORD=1: recorded \(name); run again without it", sourceLocation: sourceLocation)
            } catch {
                Issue.record("cannot record \(url.path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("missing golden file \(url.path) (run with FORMCONV_RECORD=1)", sourceLocation: sourceLocation)
            return
        }
        guard actual != expected else { return }
        let e = expected.components(separatedBy: "\n"), a = actual.components(separatedBy: "\n")
        let i = (0..<min(e.count, a.count)).first { e[$0] != a[$0] } ?? min(e.count, a.count)
        Issue.record("""
            golden \(name) differs at line \(i + 1) (FORMCONV_RECORD=1 re-records it):
              expected: \(i < e.count ? e[i] : "<end>")
              actual:   \(i < a.count ? a[i] : "<end>")
            """, sourceLocation: sourceLocation)
    }
}
