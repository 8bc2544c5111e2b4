import Foundation
import Testing
import FormIR
import FormConvKit
import FormConvTestSupport

/// Read-back everywhere (issue 23): every form in the repository — examples, every test fixture, the
/// shared corpus — that formconv reads without error, converted to every format formconv both writes
/// and reads, converts again to the same format with no error, to identical bytes (a fixpoint), and
/// reads as the same IR. Inputs are found by format detection and targets come from the registry, so
/// a new fixture or format joins the matrix without new code.
@Suite struct ReadBackMatrixTests {
    /// Formats formconv writes and reads.
    static let targets = FormatRegistry.readable.filter { FormatRegistry.emitter(for: $0) != nil }

    /// Every detected form file under the examples, the test fixtures and the shared corpus, with its
    /// format, in path order.
    static let inputs: [(path: String, format: FormatID, document: InputDocument)] = {
        let roots = [TestPaths.examples, TestPaths.repo.appendingPathComponent("Tests"),
                     TestPaths.shared.appendingPathComponent("corpus")]
        var found: [(String, FormatID, InputDocument)] = []
        for root in roots {
            guard let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { continue }
            for case let url as URL in walk {
                guard root != roots[1] || url.path.contains("/Fixtures/"),
                      (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                      let bytes = try? [UInt8](Data(contentsOf: url)) else { continue }
                let loaded = InputLoader.normalize(bytes, name: url.lastPathComponent)
                guard let format = FormatDetector.detect(name: url.lastPathComponent, bytes: loaded.document.bytes) else { continue }
                var d = Diagnostics()
                guard Converter.read(loaded.document, as: format, diagnostics: &d) != nil, !d.hasErrors else { continue }
                found.append((url.path.replacingOccurrences(of: TestPaths.repo.path + "/", with: ""), format, loaded.document))
            }
        }
        return found.sorted { $0.0 < $1.0 }
    }()

    @Test func theMatrixCoversExamplesFixturesAndCorpus() {
        #expect(Self.inputs.contains { $0.path.hasPrefix("examples/") })
        #expect(Self.inputs.contains { $0.path.contains("/Fixtures/") })
        #expect(Set(Self.inputs.map(\.format)).isSuperset(of: [.mmxml, .json, .yaml, .xlform, .rmsform, .shinobi, .ir]))
        #expect(Self.targets.count >= 9)
        #expect(Self.inputs.count >= 100, "only \(Self.inputs.count) inputs found")
    }

    @Test(arguments: targets) func everyOutputReadsBackAsAFixpoint(_ target: FormatID) throws {
        let name = "readback." + target.fileExtension
        for input in Self.inputs {
            let first = Converter.convert(input.document, from: input.format, to: target)
            guard let out1 = first.output else {
                Issue.record("\(input.path) → \(target): no output: \(first.diagnostics.errors.map { $0.formatted() })")
                continue
            }
            #expect(!first.diagnostics.hasErrors, "\(input.path) → \(target): \(first.diagnostics.errors.map { $0.formatted() })")
            let again = Converter.convert(InputDocument(name: name, bytes: out1), from: target, to: target)
            let errors = again.diagnostics.errors.map { $0.formatted() }
            #expect(errors.isEmpty, "\(input.path) → \(target) does not read back: \(errors)")
            guard let out2 = again.output, let ir1 = again.form else { continue }
            if out2 != out1 {
                let a = String(decoding: out1, as: UTF8.self).components(separatedBy: "\n")
                let b = String(decoding: out2, as: UTF8.self).components(separatedBy: "\n")
                let i = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
                Issue.record("\(input.path) → \(target) is no fixpoint; line \(i + 1): \(i < a.count ? a[i] : "<end>") | \(i < b.count ? b[i] : "<end>")")
                continue
            }
            var d = Diagnostics()
            let ir2 = Converter.read(InputDocument(name: name, bytes: out2), as: target, diagnostics: &d)
            #expect(ir2 == ir1, "\(input.path) → \(target): the IR read from the second output differs from the first's")
        }
    }
}
