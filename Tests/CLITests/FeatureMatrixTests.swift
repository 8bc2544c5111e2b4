import Foundation
import Testing
@testable import FormConvKit

/// docs/feature-matrix.md is generated from the emitters' `supportedFeatures`; this fails when the
/// committed copy no longer matches them.
@Suite struct FeatureMatrixTests {
    static let committed = TranscriptRunner.packageRoot.appendingPathComponent("docs/feature-matrix.md")

    @Test func committedMatrixIsCurrent() throws {
        let generated = FormatCatalogue.featureMatrix()
        let onDisk = try? String(contentsOf: Self.committed, encoding: .utf8)
        if ProcessInfo.processInfo.environment["FORMCONV_RECORD"] == "1", onDisk != generated {
            try generated.write(to: Self.committed, atomically: true, encoding: .utf8)
            Issue.record("FORMCONV_RECORD=1: rewrote docs/feature-matrix.md; run again without it")
            return
        }
        #expect(onDisk == generated, """
            docs/feature-matrix.md is stale: an emitter's supportedFeatures changed. Regenerate it with
                swift run formconv formats --features > docs/feature-matrix.md
            """)
    }

    @Test func matrixHasARowPerFeatureAndAColumnPerWritableFormat() {
        let lines = FormatCatalogue.featureMatrix().split(separator: "\n")
        let header = lines.first { $0.hasPrefix("| feature |") } ?? ""
        #expect(header.split(separator: "|").count == FormatRegistry.writable.count + 1, "a feature column and one per format")
        let rows = lines.filter { $0.hasPrefix("| `") && $0.split(separator: "|").count > 3 }
        #expect(rows.count == FeatureCount.all)
        let irRow = lines.first { $0.hasPrefix("| `ir` |") }
        #expect(irRow?.contains("\(FeatureCount.all) of \(FeatureCount.all)") == true, "the IR carries every feature")
    }
}

import FormIR
enum FeatureCount { static let all = Feature.allCases.count }

/// docs/ir.md's example must stay a readable IR document.
@Suite struct IRDocsTests {
    @Test func exampleInDocsReads() throws {
        let url = TranscriptRunner.packageRoot.appendingPathComponent("docs/ir.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let blocks = text.components(separatedBy: "```json\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
        let example = try #require(blocks.first { $0.contains("\"pages\"") }, "docs/ir.md has no example")
        let form = try IRDocument.decode(Array(example.utf8), name: "docs/ir.md")
        #expect(form.allFields.map(\.id) == ["country", "postalCode"])
        let fixture = TranscriptRunner.fixtures.appendingPathComponent("inputs/signup.ir.json")
        #expect(form == (try IRDocument.decode(Array(try Data(contentsOf: fixture)), name: "signup.ir.json")),
                "the docs example and the transcript fixture describe the same form")
    }
}
