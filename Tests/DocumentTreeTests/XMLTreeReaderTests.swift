import Testing
import Foundation
import FormIR
@testable import DocumentTree

/// The shared libxml2 tree: positions, attributes, text, safety limits, errors at exact positions.
@Suite struct XMLTreeReaderTests {
    let ids = XMLParseFailureIDs(namespace: "test")

    func parse(_ text: String, limits: XMLParseLimits = XMLParseLimits()) throws -> XMLTree {
        try XMLTreeReader.parse(Array(text.utf8), file: "t.xml", ids: ids, limits: limits)
    }

    func failure(_ text: String, limits: XMLParseLimits = XMLParseLimits()) -> ReadFailure? {
        do { _ = try parse(text, limits: limits); return nil } catch let f as ReadFailure { return f } catch { return nil }
    }

    @Test func positionsOfElementsAndAttributesCountScalars() throws {
        let tree = try parse("<?xml version=\"1.0\"?>\n<form a=\"1\"\n      b='été'>\n  <é x=\"ü\" y=\"2\"/><z/>\r\n<q/></form>")
        let root = tree.root
        #expect(root.name == "form" && root.line == 2 && root.column == 1)
        #expect(root.attributes.map(\.name) == ["a", "b"])
        #expect(root.attributes.map(\.value) == ["1", "été"])
        #expect(root.attributes[0].line == 2 && root.attributes[0].column == 7)
        #expect(root.attributes[1].line == 3 && root.attributes[1].column == 7)
        let e = root.children[0]
        #expect(e.name == "é" && e.line == 4 && e.column == 3)
        #expect(e.attributes[1].name == "y" && e.attributes[1].column == 12)
        #expect(root.children[1].line == 4 && root.children[1].column == 19)
        #expect(root.children[2].line == 5 && root.children[2].column == 1)
    }

    @Test func attributesKeepSourceOrderAndDecodeReferences() throws {
        let root = try parse("<r z=\"1\" a=\"&lt;&#65;\" m=\"x\" xmlns:p=\"urn:p\" p:k=\"v\"/>").root
        #expect(root.attributes.map(\.name) == ["z", "a", "m", "xmlns:p", "p:k"])
        #expect(root.attributes.map(\.value) == ["1", "<A", "x", "urn:p", "v"])
    }

    @Test func textAndCDATAInOrder() throws {
        let tree = try parse("<r>\n  a &amp; <![CDATA[<b>]]> c<x/>d</r>")
        #expect(tree.root.text == "\n  a & <b> cd")
        #expect(tree.root.hasCDATA)
        let p = tree.contentPosition(of: tree.root, scalarOffset: 3)
        #expect(p?.line == 2 && p?.column == 3)
        let afterCDATA = tree.contentPosition(of: tree.root, scalarOffset: 8)
        #expect(afterCDATA?.line == 2 && afterCDATA?.column == 21)
    }

    @Test func commentsWithDoubleHyphensAreTolerated() throws {
        let root = try parse("<r><!-- formconv-disable-next-line rule -- reason --><a/></r>").root
        #expect(root.children.map(\.name) == ["a"])
        #expect(root.children[0].column == 54)
    }

    @Test func externalEntitiesAreNeverLoaded() throws {
        let tree = try parse("<!DOCTYPE r [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n<r>[&x;]</r>")
        #expect(tree.root.text == "[]")
        #expect(!tree.root.text.contains("root:"))
        #expect(tree.entityDeclarations.first?.value == nil)
        #expect(tree.entityDeclarations.first?.systemID == "file:///etc/passwd")
        #expect(tree.entityReferences.first?.line == 2 && tree.entityReferences.first?.column == 5)
    }

    @Test func externalDTDIsNeverLoaded() throws {
        let root = try parse("<!DOCTYPE r SYSTEM \"file:///etc/passwd\">\n<r>ok</r>").root
        #expect(root.text == "ok")
    }

    @Test func billionLaughsFailsFast() {
        var doc = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n"
        doc += " <!ENTITY lol1 \"" + String(repeating: "&lol;", count: 10) + "\">\n"
        for i in 2...9 { doc += " <!ENTITY lol\(i) \"" + String(repeating: "&lol\(i - 1);", count: 10) + "\">\n" }
        doc += "]>\n<lolz>&lol9;</lolz>\n"
        let f = failure(doc)
        #expect(f?.diagnostic.id == "test.entity-expansion")
        #expect(f?.diagnostic.location?.line == 9)
    }

    @Test func billionLaughsDeclaredBackwardsFailsFast() {
        // Each entity refers to one declared after it: sizes are only known at the end of the subset.
        var doc = "<!DOCTYPE lolz [\n"
        for i in (1...9).reversed() { doc += " <!ENTITY lol\(i) \"" + String(repeating: "&lol\(i - 1);", count: 10) + "\">\n" }
        doc += " <!ENTITY lol0 \"lol\">\n]>\n<lolz a=\"&lol9;\">&lol9;</lolz>\n"
        let f = failure(doc)
        #expect(f?.diagnostic.id == "test.entity-expansion")
    }

    @Test func entityCyclesFail() {
        let f = failure("<!DOCTYPE r [<!ENTITY a \"&b;\"><!ENTITY b \"&a;\">]><r>&a;</r>")
        #expect(f?.diagnostic.id == "test.entity-expansion")
        #expect(f?.diagnostic.message.contains("refers to itself") == true)
    }

    @Test func referencesInAttributeValuesAreBounded() {
        let big = String(repeating: "x", count: 50_000)
        let doc = "<!DOCTYPE r [<!ENTITY a \"\(big)\">]>\n<r v=\"" + String(repeating: "&a;", count: 100) + "\"/>"
        #expect(failure(doc)?.diagnostic.id == "test.entity-expansion")
    }

    @Test func internalEntitiesReadAsEmptyTextAndAreListed() throws {
        let tree = try parse("<!DOCTYPE r [<!ENTITY e \"hello\">]>\n<r>a&e;b</r>")
        #expect(tree.root.text == "ab")
        #expect(tree.entityDeclarations.map(\.name) == ["e"])
        #expect(tree.entityDeclarations.first?.value == "hello")
        #expect(tree.entityReferences.first?.column == 5)
    }

    @Test func quadraticBlowUpFailsFast() {
        let big = String(repeating: "x", count: 50_000)
        let doc = "<!DOCTYPE r [<!ENTITY a \"\(big)\">]>\n<r>" + String(repeating: "&a;", count: 100) + "</r>"
        #expect(failure(doc)?.diagnostic.id == "test.entity-expansion")
    }

    @Test func depthIsLimited() {
        let doc = String(repeating: "<a>", count: 40) + String(repeating: "</a>", count: 40)
        let f = failure(doc, limits: XMLParseLimits(maxDepth: 32))
        #expect(f?.diagnostic.id == "test.too-deep")
        #expect(f?.diagnostic.location?.column == 97)
        #expect(failure(String(repeating: "<a>", count: 100_000))?.diagnostic.id == "test.too-deep")
    }

    @Test func malformedInputFailsAtItsPosition() {
        let f = failure("<r>\n  <t OR extNotEmptyValidator/>\n</r>")
        #expect(f?.diagnostic.id == "test.malformed")
        #expect(f?.diagnostic.location?.line == 2)
        #expect(f?.diagnostic.message.contains("OR") == true)
        let mismatch = failure("<r>\n  <a>é</b>\n</r>")
        #expect(mismatch?.diagnostic.location?.line == 2)
        #expect(mismatch?.diagnostic.location?.column == 11)
        #expect(failure("")?.diagnostic.location?.line == 1)
        #expect(failure("<r>")?.diagnostic.id == "test.malformed")
        #expect(failure("<a/><b/>")?.diagnostic.id == "test.malformed")
    }

    @Test func encodingsKeepColumns() throws {
        let utf16: [UInt8] = [0xFF, 0xFE] + "<r>\n <é a=\"1\"/></r>".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let t16 = try XMLTreeReader.parse(utf16, file: "t", ids: ids)
        #expect(t16.root.children[0].name == "é" && t16.root.children[0].attributes[0].column == 5)
        let latin1: [UInt8] = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><r>".utf8) + [0xE9] + Array("<a/></r>".utf8)
        let tl = try XMLTreeReader.parse(latin1, file: "t", ids: ids)
        #expect(tl.root.text == "é")
        #expect(tl.root.children[0].column == 48)
        let bom = try XMLTreeReader.parse([0xEF, 0xBB, 0xBF] + Array("<r/>".utf8), file: "t", ids: ids)
        #expect(bom.root.column == 1)
    }

    @Test func documentsOverTenMegabytesRead() throws {
        var doc = "<r>\n"
        let item = "  <item name=\"n\" type=\"textField\"><label>Some label text here</label></item>\n"
        doc.reserveCapacity(11_000_000)
        var count = 0
        while doc.utf8.count < 10_500_000 { doc += item; count += 1 }
        doc += "</r>\n"
        let tree = try parse(doc)
        #expect(tree.root.children.count == count)
        #expect(tree.root.children.last?.line == tree.root.children.count + 1)
    }

    @Test func parsesInParallel() async throws {
        try await withThrowingTaskGroup(of: Int.self) { group in
            for n in 0..<8 {
                group.addTask {
                    let doc = "<r>" + String(repeating: "<a n=\"\(n)\">t</a>", count: 2000) + "</r>"
                    return try XMLTreeReader.parse(Array(doc.utf8), file: "t", ids: XMLParseFailureIDs(namespace: "t")).root.children.count
                }
            }
            for try await count in group { #expect(count == 2000) }
        }
    }
}

@Suite struct XMLErrorMessageTests {
    @Test func libxmlLineSuffixIsDropped() {
        #expect(XMLTreeBuilder.withoutLineSuffix("Couldn't find end of Start Tag item line 3") == "Couldn't find end of Start Tag item")
        #expect(XMLTreeBuilder.withoutLineSuffix("Opening and ending tag mismatch: a line 1 and b") == "Opening and ending tag mismatch: a line 1 and b")
        #expect(XMLTreeBuilder.withoutLineSuffix("expected '>'") == "expected '>'")
    }
}
