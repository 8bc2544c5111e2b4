import Testing
import Foundation
import FormIR
@testable import DocumentTree

/// Lines and columns of byte offsets made on demand (`XMLLineTable`), against the rules positions
/// follow everywhere (`XMLPositionCursor`'s documentation): `\n`, `\r\n` and a lone `\r` end a line,
/// columns are 1-based and count Unicode scalars. The reference below reads the text one scalar at a
/// time with Swift's own UTF-8 decoding.
@Suite struct XMLLineTableTests {
    /// Line and column of every scalar boundary of `text`, and of its end.
    static func reference(_ text: String) -> [Int: (line: Int, column: Int)] {
        var out: [Int: (line: Int, column: Int)] = [:]
        var line = 1, column = 1, offset = 0
        let scalars = Array(text.unicodeScalars)
        for (k, s) in scalars.enumerated() {
            out[offset] = (line, column)
            offset += String(s).utf8.count
            if s == "\n" || (s == "\r" && !(k + 1 < scalars.count && scalars[k + 1] == "\n")) {
                line += 1; column = 1
            } else if s != "\r" {
                column += 1
            }
        }
        out[offset] = (line, column)
        return out
    }

    func check(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { b in
            let table = XMLLineTable(b)
            for (offset, expected) in Self.reference(text) {
                let found = table.position(of: offset, in: b)
                #expect(found == expected, "\(text.debugDescription) at \(offset)")
                // Wherever the search starts, it finds the same line.
                for start in [1, 2, expected.line, expected.line + 1, 9, 99] {
                    var line = start
                    #expect(table.position(of: offset, in: b, near: &line) == expected, "from \(start): \(text.debugDescription) at \(offset)")
                    #expect(line == expected.line)
                }
                #expect(XMLPositionCursor.locate(offset, in: b) == expected, "cursor: \(text.debugDescription) at \(offset)")
            }
        }
    }

    @Test func everyScalarOfShortTextsHasItsLineAndColumn() {
        let pieces = ["a", "\n", "\r", "\r\n", "é", "日", "😀", " ", "<e x='1'>", "0123456789abcdef"]
        var texts = [""]
        for _ in 0..<3 { texts += texts.flatMap { t in pieces.map { t + $0 } } }
        for text in Set(texts) { check(text) }
    }

    @Test func longLinesAreCountedAWordAtATime() {
        check(String(repeating: "abcdefgh", count: 40) + "é\r\n" + String(repeating: "日本", count: 30) + "\rx\n\ny")
        check(String(repeating: "a\n", count: 40) + String(repeating: "\r\n", count: 30))
        check(String(repeating: "<item name=\"x\">\r\n", count: 50))
    }

    @Test func anOffsetPastTheEndIsTheEnd() {
        let bytes = Array("ab\ncd".utf8)
        bytes.withUnsafeBufferPointer { b in
            #expect(XMLLineTable(b).position(of: 99, in: b) == (2, 3))
        }
    }

    /// A tag's attributes are found from libxml2's values when it could leave them in place, and by
    /// reading the tag otherwise (a value with a reference, a tab, non-ASCII text, a namespace
    /// declaration); both give each name's own position.
    @Test func attributePositionsAreTheNamesWhereverTheValuesAre() throws {
        let text = "<r>\n  <e a=\"1\"  b = '2'\n     c=\"x&#65;y\" d=\"\tz\"/>\n  <f g=\"é\" xmlns:p=\"u\" p:h=\"\"/><g\ti=''\r\n j=\"k\" /></r>"
        let tree = try XMLTreeReader.parse(Array(text.utf8), file: "t.xml", ids: XMLParseFailureIDs(namespace: "t"))
        let e = tree.root.children[0], f = tree.root.children[1], g = tree.root.children[2]
        #expect(e.attributes.map { "\($0.name)=\($0.value) \($0.line):\($0.column)" }
                == ["a=1 2:6", "b=2 2:13", "c=xAy 3:6", "d= z 3:18"])
        #expect(f.attributes.map { "\($0.name)=\($0.value) \($0.line):\($0.column)" }
                == ["g=é 4:6", "xmlns:p=u 4:12", "p:h= 4:24"])
        #expect(g.line == 4 && g.column == 32)
        #expect(g.attributes.map { "\($0.name)=\($0.value) \($0.line):\($0.column)" } == ["i= 4:35", "j=k 5:2"])
        #expect(g.content.line == 5 && g.content.column == 10)
    }
}
