import Foundation
import Testing
import FormConvKit
import FormIR
import FormConvTestSupport

/// The bad-input corpus: each file with the exit code and message `formconv FILE --to ir -o OUT`
/// must give, without crashing or hanging (the run is stopped after 10 seconds) and without leaving a
/// partial output file.
@Suite struct HostileInputTests {
    static let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/bad")

    struct Case: CustomTestStringConvertible, Sendable {
        var file: String
        var exit: Int32
        var message: String?
        /// The diagnostic id the error must carry (`[id]` on standard error).
        var id: String?
        var testDescription: String { file }
    }

    static let cases: [Case] = {
        let text = (try? String(contentsOf: dir.appendingPathComponent("EXPECTED.tsv"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let f = line.split(separator: "\t").map(String.init)
            let id = f.count > 3 && f[3] != "-" ? f[3] : nil
            return Case(file: f[0], exit: Int32(f[1]) ?? -1, message: f[2] == "-" ? nil : f[2], id: id)
        }
    }()

    @Test func everyCorpusFileHasAnExpectation() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.dir.path).filter { $0 != "EXPECTED.tsv" }
        #expect(Set(files) == Set(Self.cases.map(\.file)))
    }

    @Test(arguments: cases)
    func badInput(_ c: Case) throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("formconv-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: out) }
        let target = out.appendingPathComponent("out.ir.json")
        let r = try TestPaths.runFormconv(["bad/\(c.file)", "--to", "ir", "-o", target.path], in: Self.dir.deletingLastPathComponent(), timeout: 10)
        #expect(r.status == c.exit, "\(c.file): exit \(r.status), stderr: \(r.stderr)")
        if let m = c.message { #expect(r.stderr.contains(m), "\(c.file): stderr lacks '\(m)': \(r.stderr)") }
        if let id = c.id { #expect(r.stderr.contains("[\(id)]"), "\(c.file): stderr lacks [\(id)]: \(r.stderr)") }
        #expect(!r.stderr.contains("Fatal error") && !r.stderr.contains("Stack dump"), "\(c.file) crashed")
        #expect(!r.stderr.contains("root:x:0") && !r.stdout.contains("root:x:0"), "\(c.file) printed /etc/passwd")
        #expect(r.stderr.utf8.count < 8192, "\(c.file): \(r.stderr.utf8.count) bytes of diagnostics (input echoed whole?)")
        let written = FileManager.default.fileExists(atPath: target.path)
        #expect(written == (c.exit == 0), "\(c.file): output file present = \(written)")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0 != "out.ir.json" }
        #expect(leftovers.isEmpty, "temporary files left behind: \(leftovers)")
        if written { #expect(!(try String(contentsOf: target, encoding: .utf8)).contains("root:x:0")) }
    }

    /// The whole corpus in one batch run: every file is tried, the failures are counted in the summary,
    /// only the good files leave an output and no temporary file is left.
    @Test func batchRunContinuesAfterEveryFailure() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("formconv-hostile-batch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let r = try TestPaths.runFormconv(["bad", "--to", "ir", "-o", out.path], in: Self.dir.deletingLastPathComponent(), timeout: 60)
        let good = Self.cases.filter { $0.exit == 0 }.count, bad = Self.cases.count - good
        #expect(r.status == 1)
        let summary = r.stderr.split(separator: "\n").last.map(String.init) ?? ""
        #expect(summary.hasPrefix("converted \(good), failed \(bad),"), "summary: \(summary)")
        for c in Self.cases where c.exit != 0 {
            #expect(r.stderr.contains("bad/\(c.file)"), "\(c.file) not reported in the batch run")
        }
        let written = try FileManager.default.contentsOfDirectory(atPath: out.path)
        #expect(written.count == good && written.allSatisfy { $0.hasSuffix(".ir.json") }, "outputs: \(written.sorted())")
        #expect(!r.stderr.contains("Fatal error") && !r.stderr.contains("root:x:0"))
    }

    /// A short deterministic fuzzing run on every reader (docs/fuzzing.md runs it for hours).
    @Test func mutationFuzzingSmoke() {
        let corpus = FuzzHarness.corpus(from: [TestPaths.examples.path])
        #expect(!corpus.isEmpty)
        let report = FuzzHarness.run(corpus: corpus, seed: 20261123, iterations: 1500)
        #expect(report.executions == 1500)
    }
}

