import Foundation
import Testing
import FormIR
@testable import FormConvKit
import FormConvTestSupport

/// An output written as it is made (`FormEmitter.emit(_:options:into:diagnostics:)`): the row-schema
/// JSON goes out in pieces of at least 64 KB, and a conversion's output file is written through a
/// temporary file that is put in place only when the conversion succeeds. A conversion that fails
/// after pieces were written leaves no file, no temporary file and no directory made for it.
@Suite struct StreamedOutputTests {
    /// Every piece an emitter wrote, in order.
    struct Pieces: OutputSink {
        var pieces: [[UInt8]] = []
        mutating func write(_ bytes: [UInt8]) { pieces.append(bytes) }
    }

    /// The generated stress-shaped form with a page width, which json cannot express (a loss).
    static func form(items: Int) -> String {
        GeneratedForms.mmxml(items: items)
            .replacingOccurrences(of: "<form formPrefix=\"Generated\">", with: "<form formPrefix=\"Generated\">\n  <pageWidth>678</pageWidth>")
    }

    static func read(_ xml: String) throws -> Form {
        var d = Diagnostics()
        return try #require(Converter.read(InputDocument(name: "big.xml", text: xml), as: .mmxml, diagnostics: &d))
    }

    @Test func rowSchemaJSONGoesOutInPiecesThatMakeTheDocument() throws {
        let form = try Self.read(Self.form(items: 2_000))
        let emitter = try #require(FormatRegistry.emitter(for: .json))
        var inMemory = Diagnostics()
        let whole = try emitter.emit(form, options: EmitOptions(), diagnostics: &inMemory)
        var pieced = Diagnostics()
        var sink = Pieces()
        try emitter.emit(form, options: EmitOptions(), into: &sink, diagnostics: &pieced)

        #expect(sink.pieces.count > 3, "\(whole.count) bytes in \(sink.pieces.count) pieces")
        #expect(sink.pieces.dropLast().allSatisfy { $0.count >= 1 << 16 })
        #expect(sink.pieces.joined().elementsEqual(whole))
        #expect(pieced.items == inMemory.items)
        // The pieces make one JSON document (read by Foundation's parser), every row in it.
        let document = try JSONSerialization.jsonObject(with: Data(sink.pieces.joined()))
        let rows = try #require(((document as? [String: Any])?["sections"] as? [[String: Any]])?.flatMap { $0["items"] as? [Any] ?? [] })
        #expect(rows.count == 2_000)
    }

    @Test func aFailedConversionLeavesNoFileNorDirectory() throws {
        let dir = try ScratchDirectory("streamed-output")
        defer { dir.remove() }
        let input = try dir.write(Self.form(items: 2_000), to: "big.xml")
        let out = dir.path("new/deeper/big.json")
        let plan = try ConversionPlan.make(inputs: [input], output: out, target: .json)
        // The page width is a loss: failing on losses, the run writes nothing, though the emitter had
        // handed over every piece of the output by the time the loss was counted.
        let failed = ConversionRun.execute(plan, settings: ConversionSettings(to: .json, policy: FailurePolicy(failOn: .loss)))
        #expect(failed.files.map(\.status) == [.failure])
        #expect(!FileManager.default.fileExists(atPath: dir.path("new")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["big.xml"])

        let written = ConversionRun.execute(plan, settings: ConversionSettings(to: .json))
        #expect(written.files.map(\.status) == [.success])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path("new/deeper")) == ["big.json"])
        let expected = try #require(Converter.convert(InputDocument(name: input, text: Self.form(items: 2_000)),
                                                      from: .mmxml, to: .json).output)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(bytes.count > 4 << 16)
        #expect(Array(bytes) == expected)
    }

    @Test func aFileThatCannotBeMadeIsReportedOnlyForAConversionThatSucceeds() throws {
        let dir = try ScratchDirectory("streamed-blocked")
        defer { dir.remove() }
        let input = try dir.write(Self.form(items: 1_000), to: "big.xml")
        try dir.write("a file, not a folder", to: "blocked")
        let plan = try ConversionPlan.make(inputs: [input], output: dir.path("blocked/big.json"), target: .json)
        var seen: [[String]] = []
        let failed = ConversionRun.execute(plan, settings: ConversionSettings(to: .json, policy: FailurePolicy(failOn: .loss))) {
            seen.append($0.diagnostics.map(\.id))
        }
        #expect(failed.files.map(\.status) == [.failure])
        #expect(!seen[0].contains("output.cannot-create"))
        let blocked = ConversionRun.execute(plan, settings: ConversionSettings(to: .json)) { seen.append($0.diagnostics.map(\.id)) }
        #expect(blocked.files.map(\.status) == [.cannotCreate])
        #expect(seen[1].last == "output.cannot-create")
        #expect(try String(contentsOfFile: dir.path("blocked"), encoding: .utf8) == "a file, not a folder")
    }
}
