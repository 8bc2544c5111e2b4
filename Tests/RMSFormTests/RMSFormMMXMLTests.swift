import Foundation
import Testing
import FormIR
import FormConvKit

/// Each MM XML example converted to RMSForm (plist and JSON): golden output, every loss listed with
/// its position, the plist loadable by python's plistlib, and the output stable through a re-read.
@Suite struct RMSFormMMXMLTests {
    static let examples = ["signup", "merchant-application", "survey"]

    @Test(arguments: examples) func mmxmlExampleToRMSForm(_ name: String) throws {
        let bytes = try Paths.bytes(Paths.examples.appendingPathComponent("\(name).xml"))
        for format in [FormatID.rmsform, .rmsformJSON] {
            let result = Converter.convert(InputDocument(name: "\(name).xml", bytes: bytes), from: .mmxml, to: format)
            let output = try #require(result.output, "\(result.diagnostics.items)")
            #expect(!result.diagnostics.hasErrors, "\(result.diagnostics.errors)")
            let suffix = format == .rmsform ? "rmsform.plist" : "rmsform.json"
            try expectGolden(String(decoding: output, as: UTF8.self), "mmxml/\(name).\(suffix)")
            try expectGolden(lines(result.diagnostics.items), "mmxml/\(name).\(suffix).losses.txt")
            #expect(result.diagnostics.losses.allSatisfy { $0.location != nil })
            let back = Converter.convert(InputDocument(name: "out", bytes: output), from: format, to: format)
            #expect(back.output == output)
            #expect(back.diagnostics.items.isEmpty, "\(back.diagnostics.items)")
        }
    }

    @Test(arguments: examples) func plistLoadsInPython(_ name: String) throws {
        let bytes = try Paths.bytes(Paths.examples.appendingPathComponent("\(name).xml"))
        let result = Converter.convert(InputDocument(name: "\(name).xml", bytes: bytes), from: .mmxml, to: .rmsform)
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("mm-\(UUID().uuidString).plist")
        try Data(try #require(result.output)).write(to: out)
        defer { try? FileManager.default.removeItem(at: out) }
        let check = try run("python3", ["-c", "import plistlib, sys; d = plistlib.load(open(sys.argv[1], 'rb')); assert isinstance(d, list) and all('rows' in s for s in d)", out.path])
        #expect(check.status == 0, "\(check.output)")
    }
}
