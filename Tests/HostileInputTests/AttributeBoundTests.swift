import Foundation
import Testing
import FormConvKit
import FormIR
import FormConvTestSupport

/// Issue 38: one element with very many attributes. Every XML reader (MM XML, ShinobiForms, XLForm and
/// RMSForm property lists, lint) reads at most 1,000 attributes on one element (docs/cli.md, "Loading");
/// a file over the bound fails with `<reader>.too-many-attributes` at the element's `<`, exit status 1,
/// and the rest of the run is still done. Each test runs the built binary; time is bounded by the
/// subprocess timeout, never asserted.
@Suite struct AttributeBoundTests {
    static let bound = 1_000

    static func example(_ name: String) throws -> String {
        try String(contentsOf: TestPaths.repo.appendingPathComponent("examples/\(name)"), encoding: .utf8)
    }

    /// `count` attributes `x0="1" x1="1" …`.
    static func attributes(_ count: Int) -> String {
        (0..<count).map { "x\($0)=\"1\"" }.joined(separator: " ")
    }

    /// `text` with `extra` attributes added to the first start tag that begins with `tag`, and that
    /// tag's line and column (columns count characters: the examples are ASCII up to there).
    static func inflating(_ text: String, tag: String, by extra: Int) -> (text: String, line: Int, column: Int) {
        let r = text.range(of: tag)!
        let before = text[..<r.lowerBound]
        let line = before.filter { $0 == "\n" }.count + 1
        let column = before.distance(from: before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex,
                                     to: before.endIndex) + 1
        return (text.replacingCharacters(in: r, with: tag + " " + attributes(extra)), line, column)
    }

    static func item(attributes count: Int) -> String {
        "<form name=\"f\">\n<page name=\"p\"><group name=\"g\">\n  <item name=\"i\" type=\"textField\" \(attributes(count - 2))/>\n</group></page></form>\n"
    }

    @Test func atTheBoundEveryAttributeIsRead() throws {
        let dir = try ScratchDirectory("attr-bound-at")
        defer { dir.remove() }
        _ = try dir.write(Self.item(attributes: Self.bound), to: "at.xml")
        let r = try TestPaths.runFormconv(["at.xml", "--to", "ir", "-o", "at.ir.json", "-q"], in: dir.url, timeout: 60)
        #expect(r.status == 0, "\(r.stderr.prefix(300))")
        let ir = try String(contentsOf: URL(fileURLWithPath: dir.path("at.ir.json")), encoding: .utf8)
        #expect(ir.contains("\"x0\"") && ir.contains("\"x\(Self.bound - 3)\""))
    }

    /// One attribute more in each XML format, and a good file of each format, in one run: the four over
    /// the bound fail at their element, the four others are converted, and the summary says so.
    @Test func overTheBoundEachXMLReaderFailsAndTheRunGoesOn() throws {
        let dir = try ScratchDirectory("attr-bound-over")
        defer { dir.remove() }
        let cases: [(file: String, example: String, tag: String, element: String, id: String)] = [
            ("over.xml", "signup.xml", "<item", "item", "mmxml.too-many-attributes"),
            ("over.shinobi.xml", "payment.shinobi.xml", "<textField", "textField", "shinobi.too-many-attributes"),
            ("over.xlform.plist", "event.xlform.plist", "<plist", "plist", "plist.too-many-attributes"),
            ("over.rmsform.plist", "settings.rmsform.plist", "<plist", "plist", "plist.too-many-attributes"),
        ]
        var expected: [String] = []
        for c in cases {
            let text = try Self.example(c.example)
            _ = try dir.write(text, to: "in/" + c.example)
            // The tag's own attributes plus the added ones make exactly one over the bound.
            let own = Self.ownAttributes(of: c.tag, in: text)
            let over = Self.inflating(text, tag: c.tag, by: Self.bound + 1 - own)
            _ = try dir.write(over.text, to: "in/" + c.file)
            expected.append("in/\(c.file):\(over.line):\(over.column): error: element <\(c.element)> has more than \(Self.bound) attributes, the limit on one element [\(c.id)]")
        }
        let r = try TestPaths.runFormconv(["in", "--to", "json", "-o", "out"], in: dir.url, timeout: 120)
        #expect(r.status == 1, "\(r.stderr.prefix(600))")
        for line in expected { #expect(r.stderr.contains(line), "\(line)\n\(r.stderr.prefix(2000))") }
        #expect(r.stderr.contains("converted 4, failed 4"), "\(r.stderr.suffix(600))")
        let written = dir.names(in: "out").sorted()
        #expect(written.count == 4, "\(written)")
        #expect(!written.contains { $0.hasPrefix("over") }, "\(written)")
    }

    /// Lint reads through the same reader: the file is a `parse-error` with the same message, and the
    /// other files are linted.
    @Test func lintReportsTheBoundAsAParseError() throws {
        let dir = try ScratchDirectory("attr-bound-lint")
        defer { dir.remove() }
        _ = try dir.write(try Self.example("signup.xml"), to: "forms/signup.xml")
        _ = try dir.write(Self.item(attributes: Self.bound + 1), to: "forms/over.xml")
        let r = try TestPaths.runFormconv(["lint", "forms"], in: dir.url, timeout: 60)
        #expect(r.status == 1, "\(r.stderr.prefix(600))")
        #expect(r.stdout.contains("forms/over.xml:3:3: error: element <item> has more than \(Self.bound) attributes, the limit on one element [parse-error]"),
                "\(r.stdout.prefix(600))")
        #expect(r.stderr.contains("Linted 2 files"), "\(r.stderr.suffix(300))")
    }

    /// The issue's input: 100,000 attributes on one item, once quadratic inside libxml2, are refused
    /// at the item without being parsed.
    @Test func hundredThousandAttributesAreRefusedAtTheElement() throws {
        let dir = try ScratchDirectory("attr-bound-100k")
        defer { dir.remove() }
        _ = try dir.write(Self.item(attributes: 100_000), to: "attrs.xml")
        let r = try TestPaths.runFormconv(["attrs.xml", "--to", "ir", "-o", "out.ir.json"], in: dir.url, timeout: 60)
        #expect(r.status == 1, "\(r.stderr.prefix(300))")
        #expect(r.stderr.hasPrefix("attrs.xml:3:3: error: element <item> has more than \(Self.bound) attributes"), "\(r.stderr.prefix(300))")
        #expect(!FileManager.default.fileExists(atPath: dir.path("out.ir.json")))
    }

    /// The attributes written in the first start tag beginning with `tag` (each has one `=`; the examples'
    /// values hold none).
    static func ownAttributes(of tag: String, in text: String) -> Int {
        let start = text.range(of: tag)!.upperBound
        let end = text[start...].firstIndex(of: ">")!
        return text[start..<end].filter { $0 == "=" }.count
    }
}

/// The fuzz harness's XML readers at the bound on attributes per element and past it, and mutations
/// of an input at the bound: every run ends, and past the bound each reader refuses with its id.
@Suite struct AttributeBoundFuzzTargetTests {
    /// An example of each XML reader with `n` attributes on its first `<item` (MM XML), `<textField`
    /// (ShinobiForms) or `<plist` tag, that tag's line and column, and the id past the bound.
    static func inputs(attributes n: Int) throws -> [(format: FormatID, text: String, line: Int, column: Int, id: String)] {
        let cases: [(FormatID, String, String, String)] = [
            (.mmxml, "signup.xml", "<item", "mmxml"), (.shinobi, "payment.shinobi.xml", "<textField", "shinobi"),
            (.xlformPlist, "event.xlform.plist", "<plist", "plist"), (.rmsform, "settings.rmsform.plist", "<plist", "plist"),
        ]
        return try cases.map { format, example, tag, namespace in
            let text = try AttributeBoundTests.example(example)
            let own = AttributeBoundTests.ownAttributes(of: tag, in: text)
            let inflated = AttributeBoundTests.inflating(text, tag: tag, by: n - own)
            return (format, inflated.text, inflated.line, inflated.column, "\(namespace).too-many-attributes")
        }
    }

    @Test func readersAtAndPastTheBound() throws {
        for c in try Self.inputs(attributes: AttributeBoundTests.bound) {
            var d = Diagnostics()
            let form = Converter.read(InputDocument(name: "at", bytes: Array(c.text.utf8)), as: c.format, diagnostics: &d)
            #expect(form != nil && !d.items.contains { $0.id == c.id }, "\(c.format): \(d.items.map(\.id))")
            FuzzHarness.exercise(Array(c.text.utf8), as: c.format)
        }
        for c in try Self.inputs(attributes: AttributeBoundTests.bound + 1) {
            var d = Diagnostics()
            let form = Converter.read(InputDocument(name: "over", bytes: Array(c.text.utf8)), as: c.format, diagnostics: &d)
            #expect(form == nil && d.items.contains { $0.id == c.id && $0.location?.line == c.line && $0.location?.column == c.column },
                    "\(c.format): \(d.items.map { "\($0.id) \($0.location?.line ?? 0):\($0.location?.column ?? 0)" })")
        }
    }

    @Test func mutationsOfInputsAtTheBound() throws {
        var m = Mutator(seed: 38)
        for c in try Self.inputs(attributes: AttributeBoundTests.bound) {
            let base = Array(c.text.utf8)
            for _ in 0..<40 { FuzzHarness.exercise(m.mutate(base, other: base), as: c.format, emit: false) }
        }
    }
}
