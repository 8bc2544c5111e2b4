import Foundation
import Testing
import FormIR
@testable import MMXML

/// The parallel page read (`MMXMLReader+ParallelPages.swift`) gives exactly the sequential read's form
/// and diagnostics: on every MM XML file of the tests and examples, with every run of pages read by
/// the worker, and on forms built for the cross-page cases (duplicate names across and within the
/// halves, references both ways, relationships everywhere, implicit pages, legacy spellings).
@Suite struct ParallelReadTests {
    /// Every `.xml` file under Tests/ and examples/ (MM XML fixtures and goldens, examples, the hostile
    /// corpus; the other XML dialects fail the same way on both paths).
    static let files: [String] = {
        var found: [String] = []
        for dir in ["Tests", "examples"] {
            let base = Support.root.appendingPathComponent(dir)
            let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                guard url.pathExtension == "xml" else { continue }
                found.append(String(url.path.dropFirst(Support.root.path.count + 1)))
            }
        }
        return found.sorted()
    }()

    /// What a read gives: the form, or the failure, and the diagnostics.
    struct Outcome: Equatable {
        var form: Form?
        var failure: String?
        var diagnostics: [Diagnostic]
    }

    static func read(_ bytes: [UInt8], name: String, threshold: Int) -> Outcome {
        var d = Diagnostics()
        do {
            let form = try MMXMLReader(parallelThreshold: threshold).read(InputDocument(name: name, bytes: bytes), diagnostics: &d)
            return Outcome(form: form, diagnostics: d.items)
        } catch {
            return Outcome(failure: "\(error)", diagnostics: d.items)
        }
    }

    /// Reads `bytes` sequentially and then with each run of `<page>` children (up to `maxRuns`) read by
    /// the worker; expects the same form and diagnostics every time. Returns how many runs it tried.
    @discardableResult
    static func expectEverySplit(_ bytes: [UInt8], name: String, maxRuns: Int = 80,
                                 sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Int {
        guard let (document, _) = try? ElementTreeBuilder.parse(bytes: bytes, file: name), document.root.name == "form" else {
            return 0
        }
        func read(_ run: Range<Int>?) -> (Form, [Diagnostic]) {
            let session = ReadSession(file: name, document: document)
            session.isLegacy = document.usesLegacySpelling()
            let form = session.readForm(document.root, parallelThreshold: .max, parallelRun: { _ in run })
            return (form, session.diagnostics.items)
        }
        let (form, diagnostics) = read(nil)
        let children = document.root.children
        var runs: [Range<Int>] = []
        for start in children.indices where children[start].name == "page" {
            var end = children.index(after: start)
            while runs.count < maxRuns {
                runs.append(start..<end)
                guard end < children.endIndex, children[end].name == "page" else { break }
                end = children.index(after: end)
            }
        }
        for run in runs {
            let (f, d) = read(run)
            #expect(f == form, "\(name): run \(run)", sourceLocation: sourceLocation)
            #expect(d == diagnostics, "\(name): run \(run)\n\(d.map { $0.formatted() })\n\(diagnostics.map { $0.formatted() })",
                    sourceLocation: sourceLocation)
        }
        return runs.count
    }

    @Test(arguments: files)
    func bothPathsAgree(_ file: String) throws {
        let bytes = try Support.bytes(Support.root.appendingPathComponent(file))
        let name = (file as NSString).lastPathComponent
        #expect(Self.read(bytes, name: name, threshold: 0) == Self.read(bytes, name: name, threshold: .max), "\(file)")
        Self.expectEverySplit(bytes, name: name)
    }

    /// A form of `pages` pages; each page's body is given.
    static func form(_ pages: [String], before: String = "", after: String = "", attributes: String = "") -> [UInt8] {
        var xml = "<?xml version=\"1.0\"?>\n<form name=\"f\"\(attributes)>\n\(before)"
        for (i, body) in pages.enumerated() { xml += "<page name=\"p\(i)\">\n<group name=\"g\(i)\">\n\(body)</group>\n</page>\n" }
        xml += after + "</form>\n"
        return Array(xml.utf8)
    }

    static func item(_ name: String, _ type: String = "textField", tags: String = "") -> String {
        "<item name=\"\(name)\" type=\"\(type)\"><label>L \(name)</label>\(tags)</item>\n"
    }

    @Test func duplicateNamesAcrossAndWithinTheHalves() throws {
        let bytes = Self.form([
            Self.item("a") + Self.item("b") + "<item name=\"nameless\"/>\n",
            Self.item("c") + Self.item("x", "mystery"),
            Self.item("a") + Self.item("d") + Self.item("d") + "<bogus/>\n" + Self.item("g0"),
            Self.item("a") + Self.item("d") + Self.item("p1") + "</group>\n<group name=\"g1\">\n" + Self.item("h"),
        ])
        let (_, diagnostics) = try Support.read(String(decoding: bytes, as: UTF8.self))
        #expect(diagnostics.filter { $0.id == "mmxml.duplicate-name" }.count == 7)
        #expect(Self.expectEverySplit(bytes, name: "t.xml") == 10)
        #expect(Self.read(bytes, name: "t.xml", threshold: 0) == Self.read(bytes, name: "t.xml", threshold: .max))
    }

    @Test func referencesBetweenTheHalves() {
        let bytes = Self.form([
            Self.item("a", tags: "<action>linksTo::d</action>") + Self.item("b"),
            Self.item("c", tags: "<action>linksTo::nowhere</action>"),
            Self.item("d", tags: "<action>linksTo::a</action>")
                + "<relationships><relationship object=\"item::a\"><condition>d == \"x\"</condition><if><copy>b,c</copy></if></relationship></relationships>\n",
            Self.item("e")
                + "<relationship object=\"page::p0\"><condition>missing == 1</condition><if><evaluate>a+e</evaluate></if></relationship>\n",
            Self.item("f"),
        ], after: """
            <relationships>
            <relationship object="group::g4"><condition>a == 1 AND f == 2</condition><if><hide>YES</hide></if></relationship>
            <relationship object="item::g4"><condition>a == 1</condition></relationship>
            <bogus/>
            </relationships>
            <relationship object="item::f"><condition>b ==</condition></relationship>

            """)
        Self.expectEverySplit(bytes, name: "t.xml")
        #expect(Self.read(bytes, name: "t.xml", threshold: 0) == Self.read(bytes, name: "t.xml", threshold: .max))
    }

    @Test func relationshipsReadInTwoHalves() {
        // Relationships that make no rule shift the later rules' paths: the worker's first index counts them.
        var relationships = ""
        for i in 0..<9 {
            switch i % 3 {
            case 0: relationships += "<relationship><condition>a == 1</condition></relationship>\n"
            case 1: relationships += "<relationship object=\"thing::a\"><condition>a == 1</condition></relationship>\n"
            default:
                relationships += "<relationship object=\"item::b\" extra=\"x\"><condition>nope == \(i)</condition>"
                    + "<if><copy>a,zz</copy></if><bogus/></relationship>\n"
            }
        }
        let bytes = Self.form([Self.item("a"), Self.item("b")], after: "<relationships>\n\(relationships)</relationships>\n")
        let sequential = Self.read(bytes, name: "t.xml", threshold: .max)
        #expect(Self.read(bytes, name: "t.xml", threshold: 0) == sequential)
        #expect(sequential.form?.rules.count == 3)
        #expect(sequential.diagnostics.filter { $0.path == "/rules/2" }.count >= 2)
    }

    @Test func repeatTargetsAcrossTheHalves() {
        let bytes = Self.form([
            Self.item("email", tags: "<validation>email</validation>"),
            Self.item("other"),
            Self.item("repeatEmail", tags: "<validation>repeat</validation>"),
        ])
        Self.expectEverySplit(bytes, name: "t.xml")
        let read = Self.read(bytes, name: "t.xml", threshold: 0)
        #expect(read.form?.pages[2].sections[0].fields[0].validation.comparisons.first?.otherField == "email")
    }

    @Test func implicitPagesAndChildrenAroundTheRun() {
        // Items before the pages make an implicit page; pages and items after a form-level tag are
        // read after the merge and checked against the worker's names.
        let bytes = Self.form([Self.item("b"), Self.item("c"), Self.item("d")],
                              before: Self.item("a") + "<group name=\"top\">\(Self.item("a2"))</group>\n<pageWidth>600</pageWidth>\n",
                              after: "<theme>dark</theme>\n" + Self.item("c") + "<page name=\"p2\">\(Self.item("z"))</page>\n"
                                  + "<page name=\"late\"><group name=\"g1\"/>\(Self.item("zz"))</page>\n")
        #expect(Self.expectEverySplit(bytes, name: "t.xml") >= 6)
        #expect(Self.read(bytes, name: "t.xml", threshold: 0) == Self.read(bytes, name: "t.xml", threshold: .max))
    }

    @Test func legacySpellings() {
        let bytes = Self.form([
            Self.item("a", "textfield", tags: "<regEx>^a$</regEx>"),
            Self.item("b", "dropdown"),
            Self.item("c", tags: "<validation>numbers</validation><maxlength>4.5</maxlength>"),
        ], attributes: " language=\"EN\"")
        Self.expectEverySplit(bytes, name: "t.xml")
        #expect(Self.read(bytes, name: "t.xml", threshold: 0) == Self.read(bytes, name: "t.xml", threshold: .max))
    }

    @Test func theThresholdPicksTheMiddlePages() throws {
        let bytes = Self.form((0..<5).map { p in (0..<4).map { Self.item("i\(p)_\($0)") }.joined() },
                              after: "<relationships/>\n")
        let (document, _) = try ElementTreeBuilder.parse(bytes: bytes, file: "t.xml")
        let session = ReadSession(file: "t.xml", document: document)
        let children = document.root.children
        let run = try #require(session.parallelRun(children, threshold: 0))
        #expect(children[run].map { $0.value("name") } == ["p2", "p3", "p4"])
        #expect(session.parallelRun(children, threshold: document.elements.count + 1) == nil)
    }
}
