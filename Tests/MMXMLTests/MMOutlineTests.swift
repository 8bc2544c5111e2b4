import Foundation
import Testing
import FormIR
@testable import MMXML
@testable import DocumentTree

/// The first pass of page-wise conversion: where the pages are, their names, and what it refuses.
@Suite struct MMOutlineTests {
    static func outline(_ xml: String) -> MMOutline? {
        Array(xml.utf8).withUnsafeBufferPointer { MMOutline.scan($0) }
    }

    @Test func pagesSectionsAndItemsInOrder() throws {
        let xml = """
        <?xml version="1.0" encoding="utf-8"?>
        <!-- head -->
        <form formPrefix="a &amp; b">
          <pageWidth>600</pageWidth>
          <page name="one" title="One">
            <item name=" lead " type="textField"><label>x</label></item>
            <group name="g"><item name="a" type="textField"/><note><item name="hidden" type="x"/></note><item name="b" type='dropDown'><option value="1">&lt;1&gt;</option></item></group>
            <item name="trail" type="checkbox"/>
            <page name="nested"/>
          </page>
          <!-- between -->
          <page/>
          <page name="three"><group name="empty"/></page>
          <relationships><relationship object="item::a"/></relationships>
        </form>
        """
        let o = try #require(Self.outline(xml))
        #expect(o.pages.map(\.name) == ["one", nil, "three"])
        #expect(o.pages[0].sections.map(\.name) == [nil, "g", nil])
        #expect(o.pages[0].sections.map(\.isImplicit) == [true, false, true])
        #expect(o.pages[0].sections.map(\.items) == [["lead"], ["a", "b"], ["trail"]])
        #expect(o.pages[1].sections.isEmpty)
        #expect(o.pages[2].sections.map(\.name) == ["empty"] && o.pages[2].sections[0].items.isEmpty)
        #expect(o.itemCount == 4)
        let bytes = Array(xml.utf8)
        // Each page's bytes are its element, and its position is its `<`'s.
        for page in o.pages {
            let text = String(decoding: bytes[page.range], as: UTF8.self)
            #expect(text.hasPrefix("<page") && text.hasSuffix(page.name == nil ? "/>" : "</page>"))
            let expected = bytes.withUnsafeBufferPointer { XMLPositionCursor.locate(page.range.lowerBound, in: $0) }
            #expect(page.line == expected.line && page.column == expected.column)
        }
        #expect(String(decoding: bytes[o.rootEnd...], as: UTF8.self) == "</form>")
        #expect(String(decoding: bytes[..<o.rootTagEnd], as: UTF8.self).hasSuffix("<form formPrefix=\"a &amp; b\">"))
        let tail = bytes.withUnsafeBufferPointer { XMLPositionCursor.locate(o.lastPageEnd, in: $0) }
        #expect(o.tailLine == tail.line && o.tailColumn == tail.column)
    }

    /// Ranges released, from any thread.
    final class Released: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [Range<Int>] = []
        func add(_ r: Range<Int>) { lock.withLock { list.append(r) } }
        var ranges: [Range<Int>] { lock.withLock { list.sorted { $0.lowerBound < $1.lowerBound } } }
    }

    @Test func releasesEachPageOnce() throws {
        let released = Released()
        let xml = "<form><page name=\"a\"/> <page name=\"b\"><item name=\"x\" type=\"t\"/></page></form>"
        let o = try #require(Array(xml.utf8).withUnsafeBufferPointer { MMOutline.scan($0) { released.add($0) } })
        #expect(released.ranges == o.pages.map(\.range))
    }

    /// A form of `pages` pages; `commentedPage` puts a line starting `<page` inside a comment in the
    /// middle, where the two-thread scan would split.
    static func large(pages: Int, commentedPageAt middle: Bool = false) -> [UInt8] {
        var x = "<?xml version=\"1.0\"?>\n<form>\n  <pageWidth>600</pageWidth>\n"
        for p in 0..<pages {
            if middle && p == pages / 2 { x += "  <!--\n  <page name=\"commented\">\n" + String(repeating: "x", count: 3000) + "\n  -->\n" }
            x += "  <page name=\"p\(p)\">\n    <group name=\"g\(p)\">\n"
            for i in 0..<40 { x += "      <item name=\"i\(p)_\(i)\" type=\"textField\"><label>é \(i)</label><option value=\"1\">&gt;</option></item>\n" }
            x += "    </group>\n    <item name=\"t\(p)\" type=\"checkbox\"/>\n  </page>\n"
        }
        return Array((x + "  <relationships/>\n</form>\n").utf8)
    }

    static func equal(_ a: MMOutline?, _ b: MMOutline?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return a.pages == b.pages && a.rootTagEnd == b.rootTagEnd && a.rootEnd == b.rootEnd
            && a.tailLine == b.tailLine && a.tailColumn == b.tailColumn
    }

    @Test(arguments: [false, true])
    func halvesGiveTheOnePassOutline(commentAtTheSplit: Bool) throws {
        let bytes = Self.large(pages: 260, commentedPageAt: commentAtTheSplit)
        #expect(bytes.count >= MMOutline.halvesSize)
        try bytes.withUnsafeBufferPointer { text in
            let scanned: MMOutline? = {
                var one = MMOutlineScanner(text)
                return one.scan(release: { _ in })
            }()
            let single = try #require(scanned)
            // Near the middle; for the comment, the `<page` line inside it.
            let commented = Array("<page name=\"commented\"".utf8)
            let split = try #require(commentAtTheSplit
                ? (0..<text.count).first { text[$0] == commented[0] && text[$0...].starts(with: commented) }
                : MMOutline.splitPoint(in: text))
            let halves = MMOutline.scanInHalves(text, at: split, release: { _ in })
            // A split inside a comment is not met between two children: the halves give up.
            #expect(commentAtTheSplit ? halves == nil : Self.equal(halves, single))
            #expect(Self.equal(MMOutline.scan(text), single))
            #expect(single.pages.count == 260 && single.itemCount == 260 * 41)
            let expected = XMLPositionCursor.locate(single.pages[200].range.lowerBound, in: text)
            #expect(single.pages[200].line == expected.line && single.pages[200].column == expected.column)
        }
    }

    @Test(arguments: [
        "", "<form/>", "<form></form>", "<form><page name=\"a\">", "<form><page name=\"a\"></pages></form>",
        "<form><page name=\"a\"/></form>trailing", "<form><page name=\"a\"/><item name=\"x\" type=\"t\"/></form>",
        "<form><page name=\"a\"><item name=\"x\"/></page></form>", "<form><page name=\"a\"><item name=\"a b\" type=\"t\"/></page></form>",
        "<form><page name=\"a\"><item name=\"é\" type=\"t\"/></page></form>", "<form><page name=\"a\tb\"/></form>",
        "<form><page name=\"a\"><group name=\"g\"><relationship/></group></page></form>",
        "<form><page name=\"a\"><item name=\"x\" type=\"t\"><![CDATA[<]]></item></page></form>",
        "<form><page name=\"a\"><?pi x?></page></form>", "<?xml version=\"1.0\" encoding=\"UTF-16\"?><form><page/></form>",
        "<form x=\"<\"><page/></form>", "<form><page name=\"a\"/>text<page/></form>",
    ])
    func refusesOtherShapes(_ xml: String) {
        #expect(Self.outline(xml) == nil, "\(xml)")
    }
}
