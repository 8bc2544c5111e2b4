import Foundation
import Testing
@testable import DocumentTree
@testable import MMXML

/// The parse in two halves (`XMLTreeReader+Halves.swift`, `ElementTreeBuilder+Halves.swift`) builds
/// exactly the one-thread parse's document, or falls back to it: on every XML file of the tests and
/// examples split before every start tag that begins a line, and on documents built for the cases the
/// split must see through (comments, CDATA, deeper elements, namespaces, root text, DOCTYPEs, errors on
/// either side, pieces of libxml2's input ending inside tags and UTF-8 sequences).
@Suite struct SplitParseTests {
    /// One element as the readers see it: everything but where its texts stand in `bytes`.
    struct ElementView: Equatable {
        var name: String
        var attributes: [String]
        var text: [UInt8]
        var numbers: [Int]
    }

    static func view(_ d: MMDocument) -> [ElementView] {
        d.elements.indices.map { i in
            let e = d.elements[i]
            return ElementView(
                name: d.names[Int(e.name)],
                attributes: d.attributeRange(ofElement: i).map { a in
                    let r = d.attributes[a]
                    return "\(d.names[Int(r.name)])=\(d.string(Int(r.valueStart), Int(r.valueCount)))@\(r.line):\(r.column)"
                },
                text: Array(d.bytes[Int(e.textStart)..<(Int(e.textStart) + Int(e.textCount))]),
                numbers: [Int(e.end), Int(e.line), Int(e.column), Int(e.contentOffset), Int(e.contentLine), Int(e.contentColumn)])
        }
    }

    /// The document (and the summary its builders made) or the failure of a parse. The summary is
    /// also checked against the one worked out from the whole document.
    static func parse(_ bytes: [UInt8], _ split: XMLSplit,
                      sourceLocation: Testing.SourceLocation = #_sourceLocation) -> (view: [ElementView]?, failure: String?, halves: Bool, summary: MMDocument.Summary?) {
        do {
            let (document, _) = try ElementTreeBuilder.parse(bytes: bytes, file: "t.xml", split: split)
            #expect(document.summary == document.computedSummary, sourceLocation: sourceLocation)
            return (view(document), nil, document.wasParsedInHalves, document.summary)
        } catch {
            return (nil, "\(error)", false, nil)
        }
    }

    /// The offsets of every `<` that begins a line (after spaces or tabs), at most `limit` of them spread
    /// over the document.
    static func lineStarts(_ bytes: [UInt8], limit: Int = 60) -> [Int] {
        var found: [Int] = []
        var atLineStart = true
        for (i, c) in bytes.enumerated() {
            if c == 0x0A || c == 0x0D { atLineStart = true; continue }
            if c == UInt8(ascii: "<"), atLineStart { found.append(i) }
            if c != 0x20 && c != 0x09 { atLineStart = false }
        }
        guard found.count > limit else { return found }
        return (0..<limit).map { found[$0 * found.count / limit] }
    }

    /// Parses `bytes` once on one thread and once split at each of `offsets`; expects the same document or
    /// the same failure every time. Returns how many splits held.
    @discardableResult
    static func expectSameEverywhere(_ bytes: [UInt8], at offsets: [Int]? = nil, _ name: String = "t.xml",
                                     sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Int {
        let whole = parse(bytes, .before(element: "page", minimumSize: .max))
        #expect(!whole.halves, sourceLocation: sourceLocation)
        var held = 0
        for offset in offsets ?? lineStarts(bytes) {
            let split = parse(bytes, .at(offset: offset))
            #expect(split.view == whole.view, "\(name): split at \(offset)", sourceLocation: sourceLocation)
            #expect(split.failure == whole.failure, "\(name): split at \(offset)", sourceLocation: sourceLocation)
            #expect(split.summary == whole.summary, "\(name): split at \(offset)", sourceLocation: sourceLocation)
            if split.halves { held += 1 }
        }
        return held
    }

    @Test func everyFileEverySplit() throws {
        var held = 0
        for file in ParallelReadTests.files {
            let bytes = try Support.bytes(Support.root.appendingPathComponent(file))
            held += Self.expectSameEverywhere(bytes, file)
        }
        // Splits before pages (and top-level groups and items) hold: dozens of them.
        #expect(held > 40)
    }

    static let page = "  <page name=\"p%d\">\n    <group name=\"g%d\">\n      <item name=\"i%d\" type=\"textField\"><label>L %d</label></item>\n    </group>\n  </page>\n"

    static func pages(_ range: Range<Int>) -> String {
        range.map { String(format: page, $0, $0, $0, $0) }.joined()
    }

    static func offset(of needle: String, in bytes: [UInt8]) -> Int {
        let n = Array(needle.utf8)
        return (0...(bytes.count - n.count)).first { Array(bytes[$0..<($0 + n.count)]) == n }!
    }

    @Test func aSplitBetweenPagesHoldsAndASplitElsewhereFallsBack() {
        let xml = "<?xml version=\"1.0\"?>\n<!-- a form -->\n<form name=\"f\">\n" + Self.pages(0..<2)
            + "<!--\n  <page name=\"commented\">\n-->\n<![CDATA[\n  <page name=\"cdata\">\n]]>\n" + Self.pages(2..<4) + "</form>\n"
        let bytes = Array(xml.utf8)
        let between = Self.offset(of: "  <page name=\"p2\"", in: bytes)
        let deeper = Self.offset(of: "    <group name=\"g2\"", in: bytes)
        let commented = Self.offset(of: "  <page name=\"commented\"", in: bytes)
        let cdata = Self.offset(of: "  <page name=\"cdata\"", in: bytes)
        #expect(Self.parse(bytes, .at(offset: between + 2)).halves)
        for offset in [deeper + 4, commented + 2, cdata + 2] { #expect(!Self.parse(bytes, .at(offset: offset)).halves) }
        #expect(Self.expectSameEverywhere(bytes) >= 3)
    }

    @Test func namespacesRootTextAndLineEndings() {
        let xml = "<form xmlns=\"urn:f\" xmlns:x=\"urn:x\" name=\"f\" x:mark=\"1\">\r\n text before\r\n" + Self.pages(0..<2)
            .replacingOccurrences(of: "\n", with: "\r\n")
            + "  <x:page x:name=\"é\">ü</x:page>\r\n middle ünïcode text\r\n" + Self.pages(2..<4) + " and after\r\n</form>\r\n"
        let bytes = Array(xml.utf8)
        #expect(Self.expectSameEverywhere(bytes) >= 6)
        let split = Self.parse(bytes, .before(element: "page", minimumSize: 0))
        #expect(split.halves)
        #expect(split.view?.first?.text == Self.parse(bytes, .before(element: "page", minimumSize: .max)).view?.first?.text)
    }

    @Test func declaredEncodingsAndByteOrderMarks() throws {
        let body = "<form name=\"f\">\n" + Self.pages(0..<4).replacingOccurrences(of: "<label>", with: "<label>café ") + "</form>\n"
        let latin1 = try #require(("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n" + body).data(using: .isoLatin1))
        let utf16 = try #require(("<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n" + body).data(using: .utf16))
        let bom = [0xEF, 0xBB, 0xBF] + Array(body.utf8)
        for bytes in [Array(latin1), Array(utf16), bom] {
            let split = Self.parse(bytes, .before(element: "page", minimumSize: 0))
            #expect(split.halves)
            #expect(split.view == Self.parse(bytes, .before(element: "page", minimumSize: .max)).view)
            #expect(split.view?.count == 17)
        }
    }

    @Test func errorsOnEitherSideAreTheOneThreadErrors() {
        let good = Self.pages(0..<4)
        for broken in [good.replacingOccurrences(of: "</group>\n  </page>\n  <page name=\"p3\"", with: "</grup>\n  </page>\n  <page name=\"p3\""),
                       good.replacingOccurrences(of: "<label>L 0</label>", with: "<label>L &nope; 0</label>"),
                       good + "<page name=\"open\">\n",
                       good.replacingOccurrences(of: "name=\"i3\"", with: "name=\"i3\" name=\"again\"")] {
            let bytes = Array(("<form name=\"f\">\n" + broken + "</form>\n").utf8)
            Self.expectSameEverywhere(bytes)
            #expect(Self.parse(bytes, .before(element: "page", minimumSize: .max)).failure != nil)
        }
        // Content after the root: the first half's end tag is no longer the root's.
        let trailing = Array(("<form name=\"f\">\n" + Self.pages(0..<2) + "</form>\n" + Self.pages(2..<3)).utf8)
        Self.expectSameEverywhere(trailing)
    }

    @Test func aDoctypeIsNeverSplit() {
        let bytes = Array(("<!DOCTYPE form [<!ENTITY e \"x\">]>\n<form name=\"f\">\n" + Self.pages(0..<4) + "</form>\n").utf8)
        #expect(!Self.parse(bytes, .before(element: "page", minimumSize: 0)).halves)
        #expect(Self.expectSameEverywhere(bytes) == 0)
    }

    @Test func largeDocumentsFedInPieces() {
        // Well over two pieces of libxml2's input in each half, with `>` inside attribute values and
        // multi-byte characters everywhere, so pieces end at every kind of place.
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<form name=\"big\">\n"
        for p in 0..<1_000 {
            xml += "  <page name=\"p\(p)\" title=\"a > b ≥ c\">\n    <group name=\"g\(p)\">\n"
            for i in 0..<12 {
                xml += "      <item name=\"i\(p)_\(i)\" type=\"textField\" hint=\"x>y \u{1F600}\"><label>Łabel ünïcode \(i) — ≠</label><![CDATA[<page>]]></item>\n"
            }
            xml += "    </group>\n  </page>\n"
        }
        xml += "</form>\n"
        let bytes = Array(xml.utf8)
        #expect(bytes.count > 4 * XMLTreeReader.pieceSize)
        let pageStarts = (0..<bytes.count).filter { bytes[$0] == UInt8(ascii: "<") && bytes[$0 + 1] == UInt8(ascii: "p") }
        let held = Self.expectSameEverywhere(bytes, at: Self.lineStarts(bytes, limit: 8) + pageStarts.filter { $0 % 7 == 0 }.prefix(8))
        #expect(held >= 1)
        #expect(Self.parse(bytes, .before(element: "page", minimumSize: 0)).halves)
    }

    /// Each half sums up its own elements on its own thread (`MMDocument.Summary`): a legacy spelling
    /// in either half alone makes the document legacy, and the pages, groups and items of both count.
    @Test func summariesOfBothHalvesAdd() throws {
        let legacy = [
            "<item name=\"old\" type=\"TextField\"/>", "<remoteserver>x</remoteserver>",
            "<item name=\"old\" type=\"textField\"><validation>numbers</validation></item>",
            "<group name=\"old\" emailName=\"x\"/>",
        ]
        for spelling in legacy {
            for legacyPage in 0..<2 {
                var xml = "<form name=\"f\">\n"
                for p in 0..<2 {
                    xml += "  <page name=\"p\(p)\">\n    <group name=\"g\(p)\">\n"
                    xml += "      <item name=\"i\(p)\" type=\"textField\"/>\n"
                    if p == legacyPage { xml += "      \(spelling)\n" }
                    xml += "    </group>\n  </page>\n"
                }
                xml += "</form>\n"
                let bytes = Array(xml.utf8)
                let second = try #require(Self.lineStarts(bytes).last { bytes[$0 + 1] == UInt8(ascii: "p") })
                let split = Self.parse(bytes, .at(offset: second))
                #expect(split.halves, "\(spelling) on page \(legacyPage)")
                #expect(split.summary?.usesLegacySpelling == true, "\(spelling) on page \(legacyPage)")
                let declarables = spelling.hasPrefix("<remoteserver") ? 6 : 7
                #expect(split.summary?.declarableCount == declarables, "\(spelling) on page \(legacyPage)")
                #expect(split.summary == Self.parse(bytes, .before(element: "page", minimumSize: .max)).summary)
            }
        }
    }
}
