import Foundation
import Testing
import FormConvTestSupport

/// `]]>` in the text of a form too large for one small allocation: libxml2 reports it from inside
/// its character scanner, and a parser halted from the error callback freed (unmapped) the buffer the
/// scanner still pointed into: SIGSEGV (exit 139) for every XML reader and for lint, and a batch
/// holding such a form died with it. Each run here is a new process, so the buffer is mapped afresh.
@Suite struct LargeMalformedFormTests {
    /// 6,000 items, some 1 MB: well over the 128 KB from which malloc maps a block of its own (a 300 KB
    /// form crashed for some readers only).
    static let badForm = GeneratedForms.mmxml(items: 6000, firstLabel: "Label ]]> of item 0")
    static let expected = "big.xml:6:16: error: malformed XML: Sequence ']]>' not allowed in content"

    @Test(arguments: [["--to", "json"], ["--to", "yaml"], ["--to", "rmsform"], ["--from", "shinobi", "--to", "json"],
                      ["--from", "rmsform", "--to", "json"], ["--from", "xlform-plist", "--to", "ir"]])
    func cdataEndInTextIsReportedNotACrash(_ arguments: [String]) throws {
        let dir = try ScratchDirectory("cdata-end")
        defer { dir.remove() }
        let input = try dir.write(Self.badForm, to: "big.xml")
        let r = try TestPaths.runFormconv([input] + arguments, in: dir.url)
        #expect(r.status == 1, "\(arguments): exit \(r.status)\n\(r.stderr.prefix(2000))")
        #expect(r.stderr.contains("6:16: error: malformed XML: Sequence ']]>' not allowed in content"), "\(r.stderr.prefix(2000))")
        #expect(r.stdout.isEmpty)
    }

    @Test func lintReportsIt() throws {
        let dir = try ScratchDirectory("cdata-end-lint")
        defer { dir.remove() }
        try dir.write(Self.badForm, to: "big.xml")
        let r = try TestPaths.runFormconv(["lint", "big.xml"], in: dir.url)
        #expect(r.status == 1, "exit \(r.status)\n\(r.stderr.prefix(2000))")
        #expect(r.stdout.hasPrefix(Self.expected), "findings go to standard output, as ruff's and ESLint's do")
    }

    /// One such form among good ones: every good one is written and the summary is printed.
    @Test func batchConvertsTheRest() throws {
        let dir = try ScratchDirectory("cdata-end-batch")
        defer { dir.remove() }
        let good = try String(contentsOf: TestPaths.examples.appendingPathComponent("signup.xml"), encoding: .utf8)
        for i in 0..<20 { try dir.write(good, to: "in/form\(i).xml") }
        try dir.write(Self.badForm, to: "in/big.xml")
        let r = try TestPaths.runFormconv(["in", "--to", "json", "-o", "out", "--quiet"], in: dir.url)
        #expect(r.status == 1, "exit \(r.status)\n\(r.stderr.prefix(2000))")
        #expect(r.stderr.hasSuffix("converted 20, failed 1, losses 680\n"), "\(r.stderr.suffix(500))")
        #expect(dir.names(in: "out").count == 20)
    }
}
