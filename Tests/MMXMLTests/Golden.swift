import Foundation
import FormConvTestSupport
import Testing

/// Golden-file comparison: a mismatch fails; with `FORMCONV_RECORD=1` the file is rewritten and the
/// test still fails, so a recording run never passes silently.
enum Golden {
    static func check(_ actual: String, against url: URL, sourceLocation: SourceLocation = #_sourceLocation) {
        GoldenFile.expect(actual, matches: url, sourceLocation: sourceLocation)
    }
}
