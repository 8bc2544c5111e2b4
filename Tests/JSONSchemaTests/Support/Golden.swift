import FormIR
import Foundation
import Testing

/// Golden files under `Fixtures/`: a mismatch fails; with `FORMCONV_RECORD=1` the file is rewritten and
/// the test still fails, so a re-recording is always looked at.
enum Golden {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func check(_ actual: String, against name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let url = fixtures.appendingPathComponent(name)
        let expected = try? String(contentsOf: url, encoding: .utf8)
        guard expected != actual else { return }
        if ProcessInfo.processInfo.environment["FORMCONV_RECORD"] == "1" {
            try? actual.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("re-recorded \(name)", sourceLocation: sourceLocation)
            return
        }
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let e = (expected ?? "").split(separator: "\n", omittingEmptySubsequences: false)
        let line = (0..<min(a.count, e.count)).first { a[$0] != e[$0] } ?? min(a.count, e.count)
        Issue.record("""
            \(name) differs at line \(line + 1)\(expected == nil ? " (missing file)" : ""):
              expected: \(line < e.count ? String(e[line]) : "<end>")
              actual:   \(line < a.count ? String(a[line]) : "<end>")
            (FORMCONV_RECORD=1 rewrites it)
            """, sourceLocation: sourceLocation)
    }

    /// One line per loss: `location path id: message`.
    static func lossText(_ d: Diagnostics) -> String {
        d.items.filter { $0.loss != nil || $0.severity != .note }.map { item in
            "\(item.location.map(String.init(describing:)) ?? "-") \(item.path ?? "-") [\(item.id)] \(item.message)"
        }.joined(separator: "\n") + "\n"
    }
}
