import Foundation
import Testing
import FormIR

/// The shared bad-input corpus (Tests/HostileInputTests/Fixtures/bad), XML files read by MMXMLReader
/// directly: each never crashes, and fails exactly when EXPECTED.tsv says the run fails.
@Suite struct MMXMLHostileCorpusTests {
    static let dir = Support.root.appendingPathComponent("Tests/HostileInputTests/Fixtures/bad")

    static let cases: [(file: String, fails: Bool, message: String?)] = {
        let text = (try? String(contentsOf: dir.appendingPathComponent("EXPECTED.tsv"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            let f = line.split(separator: "\t").map(String.init)
            guard f.count >= 3, f[0].hasSuffix(".xml") else { return nil }
            return (f[0], f[1] != "0", f[2] == "-" ? nil : f[2])
        }
    }()

    @Test(arguments: cases.map(\.file))
    func corpusFile(_ file: String) throws {
        let c = try #require(Self.cases.first { $0.file == file })
        var failed = false
        var text = ""
        do {
            let (_, ds) = try Support.read(file: Self.dir.appendingPathComponent(file))
            failed = ds.contains { $0.severity == .error }
            text = ds.map { $0.formatted() }.joined(separator: "\n")
        } catch let f as ReadFailure {
            failed = true
            text = f.diagnostic.formatted()
        }
        #expect(failed == c.fails, "\(file): \(text)")
        if let m = c.message, m != "error:" { #expect(text.contains(m), "\(file): \(text)") }
        #expect(!text.contains("root:x:0"))
    }
}
