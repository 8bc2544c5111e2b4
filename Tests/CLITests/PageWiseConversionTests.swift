import Foundation
import Testing
import FormIR
import FormConvTestSupport
@testable import FormConvKit

/// A large MM XML form converted to JSON a page at a time (`PageWiseConversion`) gives the whole-form
/// conversion's output and diagnostics, byte for byte and in order; a form of another shape is left to
/// the whole-form conversion (the page-wise one says `nil`), and an input with an error writes nothing.
@Suite struct PageWiseConversionTests {
    /// The outcome and output of converting `input` to JSON into `dir`, page-wise (`nil` when it does not
    /// apply) or whole.
    static func convert(_ input: URL, pageWise: Bool, into dir: URL) throws -> (outcome: FileOutcome, output: Data?)? {
        let out = dir.appendingPathComponent(pageWise ? "paged.json" : "whole.json")
        try? FileManager.default.removeItem(at: out)
        let job = ConversionJob(input: input.path, destination: .file(out.path), collidesWith: nil, renamedBecause: nil)
        var settings = ConversionSettings(to: .json)
        let outcome: FileOutcome
        if pageWise {
            let start = FileOutcome(input: input.path, destination: job.destination, format: nil, status: .failure,
                                    diagnostics: [], standardOutput: nil)
            guard let converted = PageWiseConversion.run(job, settings: settings, outcome: start, minimumSize: 0) else { return nil }
            outcome = converted
        } else {
            settings.pageWiseMinimumSize = .max
            outcome = ConversionRun.run(job, settings: settings)
        }
        return (outcome, FileManager.default.contents(atPath: out.path))
    }

    /// Converts `input` both ways and expects the same; `false` when the page-wise conversion did not apply.
    @discardableResult
    static func expectSame(_ input: URL, in dir: URL, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Bool {
        let whole = try #require(try convert(input, pageWise: false, into: dir))
        guard let paged = try convert(input, pageWise: true, into: dir) else { return false }
        let name = input.lastPathComponent
        #expect(paged.outcome.status == whole.outcome.status, "\(name)", sourceLocation: sourceLocation)
        #expect(paged.outcome.format == whole.outcome.format, "\(name)", sourceLocation: sourceLocation)
        #expect(paged.output == whole.output, "\(name): the JSON differs", sourceLocation: sourceLocation)
        let a = paged.outcome.diagnostics, b = whole.outcome.diagnostics
        #expect(a.count == b.count, "\(name): \(a.count) diagnostics page-wise, \(b.count) whole", sourceLocation: sourceLocation)
        if let k = a.indices.first(where: { $0 < b.count && (a[$0] != b[$0] || a[$0].formatted() != b[$0].formatted()) }) {
            Issue.record("\(name): diagnostic \(k) differs:\n  page-wise \(a[k].formatted()) \(a[k].path ?? "-")\n  whole     \(b[k].formatted()) \(b[k].path ?? "-")",
                         sourceLocation: sourceLocation)
        }
        return true
    }

    static func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pagewise-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    static func write(_ xml: String, _ name: String, in dir: URL) throws -> URL {
        let url = dir.appendingPathComponent(name)
        try Data(xml.utf8).write(to: url)
        return url
    }

    // MARK: Forms that take the page-wise path

    @Test func everyFeatureOfTheGeneratedFormsIsTheSame() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, xml) in PageWiseForms.all {
            #expect(try Self.expectSame(Self.write(xml, name, in: dir), in: dir), "\(name) was not converted page-wise")
        }
    }

    @Test func theRepositorysMMXMLFilesAreTheSame() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var files: [URL] = []
        for root in [TestPaths.examples, TestPaths.repo.appendingPathComponent("Tests")] {
            let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                if url.pathExtension == "xml", !url.path.contains("/transcripts/") { files.append(url) }
            }
        }
        var pageWise = 0
        for file in files.sorted(by: { $0.path < $1.path }) where try Self.expectSame(file, in: dir) { pageWise += 1 }
        // The examples and the plain fixtures; legacy, hostile and foreign ones go whole.
        #expect(pageWise >= 5, "\(pageWise) of \(files.count) files converted page-wise")
    }

    @Test func aLargeFormThroughTheCommandLine() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = try Self.write(PageWiseForms.large(items: 6_000), "large.xml", in: dir)
        #expect(try Data(contentsOf: input).count >= PageWiseConversion.minimumSize)
        let paged = try TestPaths.runFormconv([input.path, "--to", "json"])
        let whole = try TestPaths.runFormconv([input.path, "--to", "json"],
                                              environment: ProcessInfo.processInfo.environment.merging(["FORMCONV_PAGEWISE": "0"]) { $1 })
        #expect(paged.status == 0 && whole.status == 0)
        #expect(paged.stdout == whole.stdout && !paged.stdout.isEmpty)
        #expect(paged.stderr == whole.stderr)
        let out = dir.appendingPathComponent("out.json").path
        let toFile = try TestPaths.runFormconv([input.path, "--to", "json", "-o", out, "--quiet"])
        #expect(toFile.status == 0 && FileManager.default.contents(atPath: out).map { String(decoding: $0, as: UTF8.self) } == paged.stdout)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["large.xml", "out.json"], "no temporary file left")
    }

    @Test func anErrorWritesNothing() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = try Self.write(PageWiseForms.form(pages: 3, errorOnPage: 1), "error.xml", in: dir)
        #expect(try Self.expectSame(input, in: dir))
        let paged = try #require(try Self.convert(input, pageWise: true, into: dir))
        #expect(paged.outcome.status == .failure && paged.output == nil)
        #expect(paged.outcome.diagnostics.contains { $0.id == "mmxml.unknown-reference" })
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["error.xml"], "no temporary file left")
        let standardOutput = try TestPaths.runFormconv([input.path, "--to", "json", "--from", "mmxml"])
        #expect(standardOutput.status == 1 && standardOutput.stdout.isEmpty)
    }

    /// A run that keeps no warnings (`--quiet` without `--report`) gets the errors, counts of the rest,
    /// and the same exit status as a run that keeps everything.
    @Test func quietRunsKeepTheErrorsAndCountTheRest() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, pages, error) in [("lossy.xml", 5, nil), ("failing.xml", 4, 3)] as [(String, Int, Int?)] {
            let input = try Self.write(PageWiseForms.form(pages: pages, errorOnPage: error), name, in: dir)
            let whole = try #require(try Self.convert(input, pageWise: false, into: dir))
            let job = ConversionJob(input: input.path, destination: .file(dir.appendingPathComponent("quiet.json").path),
                                    collidesWith: nil, renamedBecause: nil)
            var settings = ConversionSettings(to: .json)
            settings.keepsWarnings = false
            let start = FileOutcome(input: input.path, destination: job.destination, format: nil, status: .failure,
                                    diagnostics: [], standardOutput: nil)
            let quiet = try #require(PageWiseConversion.run(job, settings: settings, outcome: start, minimumSize: 0))
            #expect(quiet.diagnostics == whole.outcome.diagnostics.filter { $0.severity == .error }, "\(name)")
            #expect(quiet.counts == FindingCounts(whole.outcome.diagnostics), "\(name)")
            #expect(FileResult(quiet) == FileResult(whole.outcome), "\(name)")
            #expect(quiet.status == whole.outcome.status && quiet.losses == whole.outcome.losses && quiet.losses > 0)
            for policy in [FailurePolicy(), FailurePolicy(strict: true)] {
                #expect(RunResult(outcomes: [quiet]).exitStatus(policy: policy) == RunResult(outcomes: [whole.outcome]).exitStatus(policy: policy))
            }
        }
    }

    // MARK: Forms left to the whole-form conversion

    @Test(arguments: PageWiseForms.otherShapes)
    func otherShapesGoWhole(_ shape: (name: String, xml: String)) throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = try Self.write(shape.xml, "\(shape.name).xml", in: dir)
        #expect(try Self.convert(input, pageWise: true, into: dir) == nil, "\(shape.name) was converted page-wise")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["\(shape.name).xml"], "no temporary file left")
    }
}

/// MM XML forms for `PageWiseConversionTests`.
enum PageWiseForms {
    /// A form of `pages` pages using what page-wise conversion must carry: groups and items directly in
    /// pages, hidden and read-only fields, hidden pages and groups, relationships on items, groups and
    /// pages (show/hide, enable/disable, unknown targets, conditions rows cannot say), two locales,
    /// unknown tags and attributes before, between and after, comments, entities, non-ASCII text.
    /// `errorOnPage`: a field of that page links to an unknown item; `relationshipErrors`: relationships
    /// with an unknown object and an unreadable `evaluate`.
    static func form(pages: Int, errorOnPage: Int? = nil, itemsPerGroup: Int = 4, relationshipErrors: Bool = false) -> String {
        var x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- a form -->\n"
        x += "<form name=\"big\" formPrefix=\"Généré &amp; grand\" pdfType=\"a4\" custom=\"kept\">\n"
        x += "  <pageWidth>678</pageWidth>\n  <leftFormMargin>x</leftFormMargin>\n  <unknownHead a=\"1\">text</unknownHead>\n"
        for p in 0..<pages {
            let hidden = p == 1 ? " isHidden=\"YES\"" : ""
            if p == 2 {
                x += "  <page name=\"p\(p)\"/>\n"
                continue
            }
            x += "  <page name=\"p\(p)\" title=\"Page \(p)\"\(hidden) mystery=\"m\(p)\">\n"
            x += "\t\t<!-- items before any group -->\n"
            x += "    <item name=\"lead\(p)\" type=\"textField\"><label>Lead \(p) — ünïcödé 🙂</label></item>\n"
            x += "    <strange>\(p)</strange>\n"
            for g in 0..<2 {
                let ghidden = g == 1 && p % 3 == 0 ? " isHidden=\"YES\"" : ""
                x += "    <group name=\"g\(p)_\(g)\" title=\"Group &lt;\(g)&gt;\"\(ghidden)>\n"
                for i in 0..<itemsPerGroup {
                    let n = "i\(p)_\(g)_\(i)"
                    switch i % 4 {
                    case 0:
                        x += "      <item name=\"\(n)\" type=\"textField\" required=\"YES\" editable=\"NO\"><label>Label \(n)</label><label language=\"FR_CA\">Libellé \(n)</label><onmissing><message>Missing &quot;\(n)&quot;</message></onmissing><maxlength>80</maxlength></item>\n"
                    case 1:
                        x += "      <item name=\"\(n)\" type=\"dropDown\" isHidden=\"YES\"><label>Pick</label><option value=\"1\">One</option><option value=\"2\">Two</option></item>\n"
                    case 2:
                        let link = p == errorOnPage ? "nowhere\(p)" : "i\(p)_\(g)_0"
                        x += "      <item name=\"\(n)\" type=\"address\" bleeds=\"maybe\"><label>Where</label><country>CA</country><action>linksTo::\(link)</action></item>\n"
                    default:
                        x += "      <item name=\"\(n)\" type=\"fancyWidget\" oddAttribute=\"x\"><columns>3</columns></item>\n"
                    }
                }
                x += "    </group>\n"
            }
            x += "    <group name=\"empty\(p)\"/>\n"
            x += "    <item name=\"trail\(p)\" type=\"checkbox\"/>\n"
            x += "  </page>\n  <!-- between pages -->\n"
        }
        x += "  <unknownTail>after</unknownTail>\n  <rightFormMargin>12</rightFormMargin>\n  <relationships>\n"
        for p in 0..<pages where p != 2 {
            x += "    <relationship object=\"item::i\(p)_0_1\"><condition>i\(p)_0_0 == \"2\" OR lead\(p) == \"x\"</condition><if><show>YES</show></if><else><hide>YES</hide></else></relationship>\n"
            x += "    <relationship object=\"group::g\(p)_1\"><condition>i\(p)_0_0 == \"1\"</condition><if><disable>YES</disable></if></relationship>\n"
            x += "    <relationship object=\"page::p\(p)\"><condition>lead0 != \"\"</condition><if><hide>YES</hide></if></relationship>\n"
            x += "    <relationship object=\"item::trail\(p)\"><if><show>YES</show></if></relationship>\n"
            x += "    <relationship object=\"group::empty\(p)\"><condition>lead\(p) == \"y\"</condition><if><hide>YES</hide></if></relationship>\n"
            if relationshipErrors {
                x += "    <relationship object=\"item::i\(p)_1_2\"><condition>i\(p)_1_0 == \"1\"</condition><if><evaluate>1+1</evaluate></if></relationship>\n"
            }
        }
        if relationshipErrors { x += "    <relationship object=\"item::missing\"><if><hide>YES</hide></if></relationship>\n" }
        x += "    <oddity/>\n  </relationships>\n"
        x += "</form>\n<!-- end -->\n"
        return x
    }

    /// The bench's kind of form: many pages of many items, relationships at the end.
    static func large(items: Int) -> String { form(pages: max(3, items / 50), itemsPerGroup: 48) }

    static let all: [(String, String)] = [
        ("small.xml", form(pages: 3)),
        ("several.xml", form(pages: 9)),
        ("errors.xml", form(pages: 4, errorOnPage: 3, relationshipErrors: true)),
        ("one-page.xml", "<form><page name=\"only\"><item name=\"a\" type=\"textField\"/></page></form>"),
        ("empty-page.xml", "<form formPrefix=\"x\">\n<page/>\n<page name=\"b\"><group name=\"g\"/></page>\n</form>\n"),
        ("tabs.xml", "<form>\n\t<page name=\"a\">\n\t\t<group name=\"g\">\n\t\t\t<item name=\"x\" type=\"nope\"\n\t\t\t   other=\"1\"/>\n\t\t</group>\n\t</page>\n\t<page name=\"b\"><item  name = 'y'  type = 'textField' >é<label>L</label></item></page>\n</form>"),
    ]

    /// Forms page-wise conversion leaves to the whole-form conversion, by what makes them so.
    static let otherShapes: [(name: String, xml: String)] = [
        ("doctype", "<!DOCTYPE form [<!ENTITY e \"x\">]>\n<form><page name=\"a\"><item name=\"x\" type=\"textField\"/></page></form>"),
        ("cdata", "<form><page name=\"a\"><item name=\"x\" type=\"textField\"><label><![CDATA[x]]></label></item></page></form>"),
        ("carriage-return", "<form>\r\n<page name=\"a\"><item name=\"x\" type=\"textField\"/></page></form>"),
        ("byte-order-mark", "\u{FEFF}<form><page name=\"a\"><item name=\"x\" type=\"textField\"/></page></form>"),
        ("latin1", "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><form><page name=\"a\"><item name=\"x\" type=\"textField\"/></page></form>"),
        ("dashes-in-comment", "<form><!-- a -- b --><page name=\"a\"><item name=\"x\" type=\"textField\"/></page></form>"),
        ("duplicate-item", "<form><page name=\"a\"><item name=\"x\" type=\"textField\"/></page><page name=\"b\"><item name=\"x\" type=\"textField\"/></page></form>"),
        ("page-named-like-item", "<form><page name=\"x\"><item name=\"x\" type=\"textField\"/></page></form>"),
        ("item-without-name", "<form><page name=\"a\"><item type=\"textField\"/></page></form>"),
        ("item-without-type", "<form><page name=\"a\"><item name=\"x\"/></page></form>"),
        ("entity-in-name", "<form><page name=\"a\"><item name=\"x&amp;y\" type=\"textField\"/></page></form>"),
        ("group-outside-pages", "<form><group name=\"g\"><item name=\"x\" type=\"textField\"/></group></form>"),
        ("item-outside-pages", "<form><page name=\"a\"/><item name=\"x\" type=\"textField\"/></form>"),
        ("tag-between-pages", "<form><page name=\"a\"/><note/><page name=\"b\"/></form>"),
        ("relationship-in-page", "<form><page name=\"a\"><item name=\"x\" type=\"textField\"/><relationship object=\"item::x\"><if><hide>YES</hide></if></relationship></page></form>"),
        ("legacy-type", "<form><page name=\"a\"><item name=\"x\" type=\"TextField\"/></page></form>"),
        ("repeat", "<form><page name=\"a\"><item name=\"email\" type=\"textField\"/><item name=\"repeatEmail\" type=\"textField\"><validation>repeat</validation></item></page></form>"),
        ("malformed-page", "<form><page name=\"a\"><item name=\"x\" type=\"textField\"></page></form>"),
        ("undefined-entity-later", "<form><page name=\"a\"><item name=\"x\" type=\"textField\"/></page><page name=\"b\"><item name=\"y\" type=\"textField\"><label>&nothing;</label></item></page></form>"),
        ("mismatched-tag-later", "<form><page name=\"a\"><item name=\"x\" type=\"textField\"/></page><page name=\"b\"><item name=\"y\" type=\"textField\"><label>b</labl></item></page></form>"),
        ("no-pages", "<form><relationships/></form>"),
        ("not-a-form", "<sections><page name=\"a\"/></sections>"),
    ]
}
