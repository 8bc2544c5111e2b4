import Foundation
import Testing
import FormIR
import Readers
import Emitters

/// Every form the test suite reads goes to IR version 2 and back: the same form, the same locations,
/// and written again, the same bytes.
@Suite struct RoundTripTests {
    @Test func theSuiteReadsForms() {
        #expect(Inputs.all.count >= 80, "\(Inputs.all.count) inputs read")
        #expect(Inputs.examples.count == 9)
    }

    @Test(arguments: Inputs.all)
    func readsBackTheSameForm(_ input: Inputs.Input) throws {
        let bytes = IREmitter.encode(input.form)
        let back = try IRReader.decode(bytes, name: "\(input.name).ir.json")
        #expect(back == input.form)
        #expect(Locations.all(in: back) == Locations.all(in: input.form))
        #expect(IREmitter.encode(back) == bytes, "IR → IR is not a fixpoint")
    }

    /// Reading the IR reports nothing: the writer writes only keys the reader knows.
    @Test(arguments: Inputs.examples)
    func readsWithoutDiagnostics(_ input: Inputs.Input) throws {
        var diagnostics = Diagnostics()
        _ = try IRReader().read(InputDocument(name: "x.ir.json", bytes: IREmitter.encode(input.form)), diagnostics: &diagnostics)
        #expect(diagnostics.items.isEmpty, "\(diagnostics.items.map { $0.formatted() })")
    }

    @Test func writesTheVersionItReads() {
        #expect(IRReader.versions == [1, IREmitter.version])
        #expect(Inputs.text(Form()) == "{\"formconv-ir\": 2}\n")
    }
}
