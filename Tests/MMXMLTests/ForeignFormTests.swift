import Foundation
import Testing
import FormIR
import FormConvKit

/// Forms from the other formats' examples, written as MM XML, read back without errors, and a second
/// pass gives the same bytes.
@Suite struct ForeignFormTests {
    static let inputs: [(String, FormatID)] = [("payment.shinobi.xml", .shinobi), ("settings.rmsform.plist", .rmsform)]

    @Test(arguments: inputs.map(\.0))
    func foreignExampleBecomesMMXML(_ file: String) throws {
        let url = Support.examples.appendingPathComponent(file)
        let format = try #require(Self.inputs.first(where: { $0.0 == file })?.1)
        let reader = try #require(FormatRegistry.reader(for: format))
        var d = Diagnostics()
        let form = try reader.read(InputDocument(name: file, bytes: try Support.bytes(url)), diagnostics: &d)
        let (xml, losses) = try Support.emit(form)
        let schemaNotes: Set<String> = ["mmxml.generated", "mmxml.generated-title", "mmxml.generated-color", "mmxml.generated-layout",
                                          "mmxml.not-in-schema", "mmxml.legacy-dropped",
                                          // What the item a kind is written as checks or submits differently.
                                          "mmxml.kind-validation", "mmxml.submission-bitmask",
                                          "mmxml.default-date-as-unix-time"]
        #expect(losses.allSatisfy { $0.loss != nil || schemaNotes.contains($0.id) },
                "emitter reports only losses, what the language's schema made it generate or leave out, and what its item types change")
        let (back, ds) = try Support.read(xml, name: "\(file).mm.xml")
        #expect(!ds.contains { $0.severity == .error }, "\(ds.map { $0.formatted() })")
        let (xml2, _) = try Support.emit(back)
        #expect(xml == xml2)
    }
}
