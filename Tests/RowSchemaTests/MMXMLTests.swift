import Foundation
import Testing
import FormIR
import FormConvKit

/// The MM XML examples (examples/*.xml) → rows: output and losses are golden, the output reads back
/// without errors and is stable on a second pass.
@Suite(.serialized) struct MMXMLConversionTests {
    static let examples: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: Fixtures.examples.path)) ?? [])
        .filter { name in
            let bytes = (try? Data(contentsOf: Fixtures.examples.appendingPathComponent(name))).map(Array.init) ?? []
            return name.hasSuffix(".xml") && FormatDetector.detect(name: name, bytes: bytes) == .mmxml
        }.sorted()

    @Test(arguments: examples) func convert(_ name: String) throws {
        let url = Fixtures.examples.appendingPathComponent(name)
        let input = InputDocument(name: name, bytes: Array(try Data(contentsOf: url)))
        let stem = String(name.dropLast(4))
        let dir = Fixtures.root.appendingPathComponent("mmxml")
        for (format, ext) in [(FormatID.json, "json"), (FormatID.yaml, "yaml")] {
            let result = Converter.convert(input, from: .mmxml, to: format)
            let out = String(decoding: try #require(result.output), as: UTF8.self)
            Fixtures.golden(out, dir.appendingPathComponent("\(stem).rows.\(ext)"))
            let losses = result.diagnostics.items.filter { $0.loss != nil }
            #expect(!losses.isEmpty)
            var d = Diagnostics()
            d.append(contentsOf: losses)
            if format == .json {
                Fixtures.golden(RowSchema.lines(d), dir.appendingPathComponent("\(stem).losses.txt"))
                let (again, readBack) = RowSchema.read(out)
                #expect(!readBack.hasErrors, "\(RowSchema.lines(readBack))")
                #expect(RowSchema.emit(try #require(again)).0 == out)
            }
        }
    }
}
