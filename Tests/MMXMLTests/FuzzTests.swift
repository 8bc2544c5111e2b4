import Foundation
import Testing
import FormIR
import MMXML
import Emitters
import FormConvKit

/// Deterministic mutation fuzzing of the MM XML reader and emitter on the examples and fixtures:
/// nothing crashes, and whatever reads writes and reads back.
@Suite struct MMXMLFuzzTests {
    @Test func mutatedDocumentsNeverCrash() throws {
        let files = ["signup", "merchant-application", "survey"].map { Support.examples.appendingPathComponent("\($0).xml") }
            + ["all-types", "unknowns", "legacy", "encodings"].map { Support.fixtures.appendingPathComponent("\($0).xml") }
        let corpus = try files.map(Support.bytes)
        var m = Mutator(seed: 20261123)
        var read = 0
        for _ in 0..<1500 {
            let input = m.mutate(corpus[m.below(corpus.count)], other: corpus[m.below(corpus.count)])
            var d = Diagnostics()
            if let form = try? MMXMLReader().read(InputDocument(name: "fuzz.xml", bytes: input), diagnostics: &d) {
                read += 1
                let out = try MMXMLEmitter().emit(form, options: EmitOptions(), diagnostics: &d)
                var d2 = Diagnostics()
                #expect((try? MMXMLReader().read(InputDocument(name: "fuzz-out.xml", bytes: out), diagnostics: &d2)) != nil)
            }
        }
        #expect(read > 0)
    }
}
