import Testing
import Foundation
import FormIR
@testable import DocumentTree

/// What an `XMLElementSink` is told of each start tag: where its `<` is, where its content starts and
/// its attributes' names as written with their offsets, in source order. The documents are put
/// together piece by piece here, so each expected offset is where the test wrote the piece.
@Suite struct XMLStartTagPositionTests {
    /// Records the start tags as the sink receives them.
    final class Recorder: XMLElementSink {
        struct Tag: Equatable {
            var offset: Int
            var contentOffset: Int
            var attributes: [String]
            var attributeOffsets: [Int]
        }
        var tags: [Tag] = []
        func startElement(_ tag: XMLStartTag) {
            tags.append(Tag(offset: tag.offset, contentOffset: tag.contentOffset, attributes: tag.attributes.map(\.name),
                            attributeOffsets: tag.attributes.map(\.offset)))
        }
        func characters(_ bytes: UnsafeBufferPointer<UInt8>, cdata: Bool) {}
        func endElement() {}
    }

    /// A document built from pieces; a start tag piece records where it and its attributes were written.
    struct Document {
        var bytes: [UInt8] = []
        var expected: [Recorder.Tag] = []

        mutating func text(_ s: String) { bytes += Array(s.utf8) }

        /// A start tag `<name` + `attributes` (each written after `separator`) + `end`, with its
        /// expected attributes: those written, then `defaults` (at the tag's `<`).
        mutating func tag(_ name: String, _ attributes: [String] = [], separator: String = " ", end: String = ">",
                          defaults: [String] = []) {
            let offset = bytes.count
            text("<" + name)
            var names: [String] = [], offsets: [Int] = []
            for a in attributes {
                text(separator)
                names.append(String(a.prefix { $0 != "=" && $0 != " " }))
                offsets.append(bytes.count)
                text(a)
            }
            text(end)
            expected.append(Recorder.Tag(offset: offset, contentOffset: bytes.count, attributes: names + defaults,
                                         attributeOffsets: offsets + defaults.map { _ in offset }))
        }
    }

    func read(_ d: Document) throws -> [Recorder.Tag] {
        let recorder = Recorder()
        _ = try XMLTreeReader.parse(d.bytes, file: "t.xml", ids: XMLParseFailureIDs(namespace: "t"), into: recorder)
        return recorder.tags
    }

    @Test func tagsAndAttributeNamesAreWhereTheyAreWritten() throws {
        var d = Document()
        d.text("<?xml version=\"1.0\"?>\n<?pi <x a='1'> ?>\n<!DOCTYPE r [\n  <!-- <y b='2'> ]> -->\n")
        d.text("  <!ATTLIST e d CDATA \"dflt\">\n  <!ENTITY ent \"<z c='3'/>\">\n]>\n")
        d.tag("r", ["xmlns=\"urn:d\"", "xmlns:p=\"urn:p\"", "p:k=\"v\""], separator: "\n   ")
        d.text("\n  <!-- <q a='1'/> -->\n  <![CDATA[<q a='1'/>]]>&ent;")
        d.tag("e", ["a=\"x>y\"", "b='say \"hi\"'"], separator: "\t", end: " />", defaults: ["d"])
        d.tag("e", ["a = 'é'"], end: "/>", defaults: ["d"])
        d.tag("p:s", ["xmlns:p=\"\"", "xmlns:p=\"\"", "t=\"1\""], end: "\n>")
        d.text("text &amp; more</p:s>")
        d.tag("w")
        d.tag("v", end: "\n/>")
        d.text("</w></r>\n<!-- after -->\n")
        let tags = try read(d)
        #expect(tags.count == d.expected.count)
        for (got, want) in zip(tags, d.expected) { #expect(got == want) }
    }

    /// A malformed document fails at libxml2's position, with no start tag reported past the tags read
    /// before it.
    @Test func malformedDocumentsReportOnlyTheTagsBeforeTheProblem() {
        for text in ["<r><e a=\"1\" <f b=\"2\"/></r>", "<r><e a=\"1/></r>", "<r><e/><!-- open <f/></r>",
                     "<r><e/><? open <f/></r>", "<r><e a='1' a='2'/><f/></r>", "<r><e/>a < b<f/></r>"] {
            let recorder = Recorder()
            #expect(throws: ReadFailure.self, "\(text)") {
                _ = try XMLTreeReader.parse(Array(text.utf8), file: "t.xml", ids: XMLParseFailureIDs(namespace: "t"), into: recorder)
            }
            #expect(recorder.tags.allSatisfy { $0.offset < text.utf8.count && Array(text.utf8)[$0.offset] == UInt8(ascii: "<") })
        }
    }

    /// libxml2 reports a start tag cut off by the end of the document before failing on it: its `<` is
    /// where it was written and its content starts at the end.
    @Test func aTagCutOffByTheEndIsWhereItStarts() {
        for text in ["<r><e/><ar", "<r><e/><ar b=\"1\" "] {
            let recorder = Recorder()
            #expect(throws: ReadFailure.self, "\(text)") {
                _ = try XMLTreeReader.parse(Array(text.utf8), file: "t.xml", ids: XMLParseFailureIDs(namespace: "t"), into: recorder)
            }
            let cut = text.utf8.count - Array(text.utf8).reversed().firstIndex(of: UInt8(ascii: "<"))! - 1
            #expect(recorder.tags.last?.offset == cut, "\(text)")
            #expect(recorder.tags.last?.contentOffset == text.utf8.count, "\(text)")
        }
    }
}
