import Foundation
import Testing
import FormIR
import FormConvKit

/// Conversions through the registry: ShinobiForms to RMSForm and back, with every loss listed.
@Suite struct ShinobiConversionTests {
    @Test func exampleIsDetectedAsShinobi() throws {
        let bytes = try Paths.bytes(Paths.examples.appendingPathComponent("payment.shinobi.xml"))
        #expect(FormatDetector.detect(name: "payment.shinobi.xml", bytes: bytes) == .shinobi)
    }

    @Test func paymentToRMSForm() throws {
        let bytes = try Paths.bytes(Paths.examples.appendingPathComponent("payment.shinobi.xml"))
        let result = Converter.convert(InputDocument(name: "payment.shinobi.xml", bytes: bytes), from: .shinobi,
                                       to: .rmsformJSON)
        let output = try #require(result.output)
        #expect(!result.diagnostics.hasErrors)
        try expectGolden(String(decoding: output, as: UTF8.self), "shinobi/payment.rmsform.json")
        try expectGolden(lines(result.diagnostics.items), "shinobi/payment.rmsform.json.losses.txt")
    }

    @Test func paymentThroughIRDocumentIsUnchanged() throws {
        let bytes = try Paths.bytes(Paths.examples.appendingPathComponent("payment.shinobi.xml"))
        let ir = Converter.convert(InputDocument(name: "payment.shinobi.xml", bytes: bytes), from: .shinobi, to: .ir)
        let back = Converter.convert(InputDocument(name: "payment.ir.json", bytes: try #require(ir.output)), from: .ir,
                                     to: .shinobi)
        #expect(back.diagnostics.items.isEmpty, "\(back.diagnostics.items)")
        #expect(back.output == bytes)
    }
}

/// The RMSForm example as ShinobiForms XML: schema-valid, losses listed.
@Test func rmsformExampleToShinobi() throws {
    let bytes = try Paths.bytes(Paths.examples.appendingPathComponent("settings.rmsform.plist"))
    let result = Converter.convert(InputDocument(name: "settings.rmsform.plist", bytes: bytes), from: .rmsform, to: .shinobi)
    let output = try #require(result.output)
    try expectSchemaValid(output)
    try expectGolden(String(decoding: output, as: UTF8.self), "shinobi/settings.shinobi.xml")
    try expectGolden(lines(result.diagnostics.items), "shinobi/settings.shinobi.xml.losses.txt")
}
