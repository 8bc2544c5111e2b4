import Testing
import FormIR
import DocumentTree
@testable import MMXML

/// The flat element table `ElementTreeBuilder` builds (`MMDocument`) holds what the generic tree of
/// the same parse holds (`XMLTreeReader.parse`, `XMLTreeElement`): names, attributes and values, raw
/// texts, nesting and positions, and its arrays are exactly as long as what was read. The documents
/// outgrow the builder's first guesses (many elements a byte, nesting past the open-element buffer).
@Suite struct ElementTableTests {
    static func expectSame(_ e: MMElement, _ t: XMLTreeElement) {
        #expect(e.name == t.name)
        #expect(e.attributes.map(\.name) == t.attributes.map(\.name), "\(t.name)")
        #expect(e.attributes.map(\.value) == t.attributes.map(\.value), "\(t.name)")
        #expect(e.attributes.map { [$0.location.line, $0.location.column] } == t.attributes.map { [$0.line, $0.column] }, "\(t.name)")
        #expect(e.rawText == t.text, "\(t.name)")
        #expect([e.location.line, e.location.column] == [t.line, t.column], "\(t.name)")
        #expect(e.content.offset == t.content.offset, "\(t.name)")
        let children = Array(e.children)
        #expect(children.count == t.children.count, "\(t.name)")
        for (c, u) in zip(children, t.children) { expectSame(c, u) }
    }

    static func check(_ text: String) throws {
        let bytes = Array(text.utf8)
        let (document, _) = try ElementTreeBuilder.parse(bytes: bytes, file: "t.xml")
        let tree = try XMLTreeReader.parse(bytes, file: "t.xml", ids: XMLParseFailureIDs(namespace: "t"),
                                           limits: XMLParseLimits(maxDepth: ElementTreeBuilder.maxDepth))
        expectSame(document.root, tree.root)
        var elements = 0, attributes = 0
        func count(_ t: XMLTreeElement) {
            elements += 1
            attributes += t.attributes.count
            t.children.forEach(count)
        }
        count(tree.root)
        #expect(document.elements.count == elements)
        #expect(document.attributes.count == attributes)
    }

    @Test func aFormReadsAsItsTree() throws {
        try Self.check("""
        <?xml version="1.0" encoding="UTF-8"?>
        <form formPrefix="P" xmlns:x="urn:x">
          <page name="p0"><group name="g0">
            <item name="i0" type="textField" x:a="&amp;1"> <label>Label &lt;0&gt;</label>
              <label language="FR">Libellé</label>\t<![CDATA[ <raw> ]]> tail
            </item>
            <item name="i1" type="dropDown"><option value="1">One</option><option value='2'>Two</option></item>
          </group></page>
        </form>
        """)
    }

    @Test func manySmallElementsAndDeepNesting() throws {
        try Self.check("<r>" + String(repeating: "<a/>", count: 5_000) + String(repeating: "<b k='v'>t", count: 200)
                  + String(repeating: "</b>", count: 200) + "</r>")
    }
}
