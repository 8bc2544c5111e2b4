import Foundation
import Testing
import FormIR
import FormConvKit

/// Each MM XML example converted to ShinobiForms XML: golden output, every loss listed with its
/// position, and the output valid against the schema (xmllint).
@Suite struct ShinobiMMXMLTests {
    static let examples = ["signup", "merchant-application", "survey"]

    @Test(arguments: examples) func mmxmlExampleToShinobi(_ name: String) throws {
        let bytes = try Paths.bytes(Paths.examples.appendingPathComponent("\(name).xml"))
        let result = Converter.convert(InputDocument(name: "\(name).xml", bytes: bytes), from: .mmxml, to: .shinobi)
        let output = try #require(result.output, "\(result.diagnostics.items)")
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics.errors)")
        try expectSchemaValid(output)
        try expectGolden(String(decoding: output, as: UTF8.self), "mmxml/\(name).shinobi.xml")
        try expectGolden(lines(result.diagnostics.items), "mmxml/\(name).shinobi.xml.losses.txt")
        #expect(result.diagnostics.losses.allSatisfy { $0.location != nil })
        // What was written reads back with the same fields, in order (renamed where names were not NCNames).
        let back = Converter.convert(InputDocument(name: "out.xml", bytes: output), from: .shinobi, to: .ir)
        #expect(back.diagnostics.items.isEmpty, "\(back.diagnostics.items)")
        #expect(back.form?.allFields.count == result.form?.allFields.count)
    }
}
