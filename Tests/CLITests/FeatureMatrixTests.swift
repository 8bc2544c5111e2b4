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
import Readers
enum FeatureCount { static let all = Feature.allCases.count }

/// docs/ir.md's example (version 2) and docs/ir-v1.md's (version 1) stay readable IR documents of
/// the same form, and docs/ir.md's is byte for byte what `--to ir` writes for it.
@Suite struct IRDocsTests {
    static func example(_ doc: String) throws -> String {
        let text = try String(contentsOf: TranscriptRunner.packageRoot.appendingPathComponent(doc), encoding: .utf8)
        let blocks = text.components(separatedBy: "```json\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
        return try #require(blocks.first { $0.contains("\"pages\"") }, "\(doc) has no example")
    }

    static func fixture(_ name: String) throws -> String {
        try String(contentsOf: TranscriptRunner.fixtures.appendingPathComponent("inputs/\(name)"), encoding: .utf8)
    }

    @Test func examplesInDocsRead() throws {
        let v2 = try Self.example("docs/ir.md")
        let form = try IRReader.decode(Array(v2.utf8), name: "docs/ir.md")
        #expect(form.allFields.map(\.id) == ["country", "postalCode"])
        #expect(v2 + "\n" == (try Self.fixture("signup.ir.json")), "docs/ir.md's example is inputs/signup.ir.json")
        let v1 = try IRReader.decode(Array(try Self.example("docs/ir-v1.md").utf8), name: "docs/ir-v1.md")
        #expect(v1 == form, "the version 1 and version 2 examples describe the same form")
        #expect(v1 == (try IRReader.decode(Array(try Self.fixture("signup.v1.ir.json").utf8), name: "signup.v1.ir.json")))
    }
}
