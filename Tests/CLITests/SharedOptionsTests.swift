import Foundation
import Testing
import FormConvTestSupport

/// `convert` and `lint` are one tool: the shared options are spelt and parsed the same way, refuse the
/// same bad values with the same message and status (64), and accept the same good ones.
@Suite struct SharedOptionsTests {
    static let form = TestPaths.repo.appendingPathComponent("Tests/CLITests/Fixtures/inputs/lint/clean.xml").path

    static func both(_ options: [String], in dir: ScratchDirectory) throws -> (convert: Subprocess.Result, lint: Subprocess.Result) {
        (try TestPaths.runFormconv([Self.form, "--to", "json", "-o", dir.path("out.json")] + options, in: dir.url),
         try TestPaths.runFormconv(["lint", Self.form] + options, in: dir.url))
    }

    @Test(arguments: [["--color", "sometimes"], ["--fail-on", "warnings"], ["--max-input-size", "lots"],
                      ["--max-input-size", "0"], ["--color"]])
    func badValuesAreTheSameUsageError(_ options: [String]) throws {
        let dir = try ScratchDirectory("shared-bad")
        defer { dir.remove() }
        let (convert, lint) = try Self.both(options, in: dir)
        #expect(convert.status == 64 && lint.status == 64, "\(convert.stderr)\n\(lint.stderr)")
        let first = { (r: Subprocess.Result) in r.stderr.split(separator: "\n").first.map(String.init) ?? "" }
        #expect(first(convert) == first(lint), "the same message")
        #expect(first(convert).hasPrefix("Error: "))
    }

    @Test func misspeltValuesGetASuggestion() throws {
        let dir = try ScratchDirectory("shared-suggest")
        defer { dir.remove() }
        let (convert, lint) = try Self.both(["--fail-on", "warnings"], in: dir)
        for r in [convert, lint] { #expect(r.stderr.contains("(did you mean 'warning'?)"), "\(r.stderr)") }
    }

    @Test(arguments: [["--color", "never"], ["--max-input-size", "1M"], ["--max-input-size", "65536"], ["-q"], ["--quiet"],
                      ["-v"], ["--fail-on", "loss"], ["--strict"]])
    func goodValuesWorkInBoth(_ options: [String]) throws {
        let dir = try ScratchDirectory("shared-good")
        defer { dir.remove() }
        let (convert, lint) = try Self.both(options, in: dir)
        #expect(convert.status == 0, "\(convert.stderr)")
        #expect(lint.status == 0, "\(lint.stderr)")
    }

    @Test func configAndReportWorkInBoth() throws {
        let dir = try ScratchDirectory("shared-config")
        defer { dir.remove() }
        try dir.write("rules:\n  empty-options: off\naccept-losses: [loss.layout.position]\n", to: "project.yml")
        let (convert, lint) = try Self.both(["--config", "project.yml", "--report", "run.json"], in: dir)
        #expect(convert.status == 0 && lint.status == 0, "\(convert.stderr)\n\(lint.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: dir.url.appendingPathComponent("run.json")))
                                  as? [String: Any])
        #expect(report["command"] as? String == "lint", "the second run's report")
        let missing = try Self.both(["--config", "nope.yml"], in: dir)
        #expect(missing.convert.status == 64 && missing.lint.status == 64)
    }
}
