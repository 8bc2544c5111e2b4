import Foundation
import Testing
import FormIR
import MMXML
import Emitters

@Suite struct ExampleTests {
    static let names = ["signup", "merchant-application", "survey"]

    @Test(arguments: names)
    func examplesReadWithoutWarnings(_ name: String) throws {
        let (form, diagnostics) = try Support.read(file: Support.examples.appendingPathComponent("\(name).xml"))
        #expect(diagnostics.map { $0.formatted() } == [])
        #expect(!form.allFields.isEmpty)
    }
}

extension ExampleTests {
    @Test(arguments: names)
    func exampleIRMatchesGolden(_ name: String) throws {
        let (form, _) = try Support.read(file: Support.examples.appendingPathComponent("\(name).xml"))
        let json = String(decoding: IREmitter.encode(form), as: UTF8.self)
        Golden.check(json, against: Support.fixtures.appendingPathComponent("examples/\(name).ir.json"))
    }
}

extension ExampleTests {
    @Test(arguments: names)
    func exampleRoundTrips(_ name: String) throws {
        try RoundTrip.check(Support.examples.appendingPathComponent("\(name).xml"))
    }

    @Test(arguments: names)
    func exampleOutputMatchesGolden(_ name: String) throws {
        let (form, _) = try Support.read(file: Support.examples.appendingPathComponent("\(name).xml"))
        let (xml, _) = try Support.emit(form)
        Golden.check(xml, against: Support.fixtures.appendingPathComponent("examples/\(name).out.xml"))
    }
}
