import FormIR
import Foundation
import FormConvTestSupport
import Testing

/// Golden files under `Fixtures/`: a mismatch fails; with `FORMCONV_RECORD=1` the file is rewritten and
/// the test still fails, so a re-recording is always looked at.
enum Golden {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func check(_ actual: String, against name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        GoldenFile.expect(actual, matches: fixtures.appendingPathComponent(name), sourceLocation: sourceLocation)
    }

    /// One line per loss: `location path id: message`.
    static func lossText(_ d: Diagnostics) -> String {
        d.items.filter { $0.loss != nil || $0.severity != .note }.map { item in
            "\(item.location.map(String.init(describing:)) ?? "-") \(item.path ?? "-") [\(item.id)] \(item.message)"
        }.joined(separator: "\n") + "\n"
    }
}
