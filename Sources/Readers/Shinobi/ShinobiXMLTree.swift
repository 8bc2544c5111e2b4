import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import FormIR
import DocumentTree

/// One element of a ShinobiForms document: name, attributes, text and children, with the position of
/// its `<` (1-based line and column in Unicode scalars).
struct ShinobiXMLElement: Sendable {
    var name: String
    var attributes: [String: String]
    var text: String
    var children: [ShinobiXMLElement]
    var location: SourceLocation

    /// The first child named `name`.
    func child(_ name: String) -> ShinobiXMLElement? { children.first { $0.name == name } }
    /// The text with surrounding white space removed.
    var trimmedText: String { text.trimmingCharacters(in: .whitespacesAndNewlines) }
}

/// Parses XML into `ShinobiXMLElement`s with FoundationXML's `XMLParser` (libxml2). External entities
/// are never resolved; a document declaring entities is refused.
enum ShinobiXMLTree {
    static func parse(_ bytes: [UInt8], name: String) throws -> ShinobiXMLElement {
        try refuseEntityDeclarations(bytes, name: name)
        let builder = Builder(file: name, source: bytes)
        let parser = XMLParser(data: Data(XMLCommentRepair.repair(bytes)))
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.delegate = builder
        let ok = parser.parse()
        if let failure = builder.failure { throw failure }
        if !ok || builder.root == nil {
            let error = builder.error ?? parser.parserError
            let message = error.map { ($0 as NSError).localizedDescription } ?? "not well-formed XML"
            throw ReadFailure(id: "shinobi.malformed-xml", "malformed XML: \(message)",
                              at: builder.errorLocation ?? SourceLocation(file: name, line: max(parser.lineNumber, 1),
                                                                          column: max(parser.columnNumber, 1)))
        }
        return builder.root!
    }

    /// `<!ENTITY` anywhere (an internal DTD subset) is refused before parsing: no entity is ever expanded.
    private static func refuseEntityDeclarations(_ bytes: [UInt8], name: String) throws {
        let needle = Array("<!ENTITY".utf8)
        guard bytes.count >= needle.count else { return }
        var line = 1, column = 1
        for i in 0...(bytes.count - needle.count) {
            if bytes[i] == needle[0] && Array(bytes[i..<i + needle.count]) == needle {
                throw ReadFailure(id: "shinobi.entity", "entity declarations are not accepted in ShinobiForms XML",
                                  at: SourceLocation(file: name, line: line, column: column))
            }
            if bytes[i] == 0x0A { line += 1; column = 1 } else if bytes[i] & 0xC0 != 0x80 { column += 1 }
        }
    }

    private final class Builder: NSObject, XMLParserDelegate {
        let file: String
        let lines: [[Unicode.Scalar]]
        var stack: [ShinobiXMLElement] = []
        var root: ShinobiXMLElement?
        var failure: ReadFailure?
        var error: Error?
        var errorLocation: SourceLocation?

        init(file: String, source: [UInt8]) {
            self.file = file
            let text = String(decoding: source, as: UTF8.self)
            var lines: [[Unicode.Scalar]] = [[]]
            for s in text.unicodeScalars {
                if s == "\n" { lines.append([]) } else { lines[lines.count - 1].append(s) }
            }
            self.lines = lines
        }

        /// libxml2 reports the position after a start tag; walk back to its `<`.
        func tagStart(_ parser: XMLParser) -> SourceLocation {
            var line = parser.lineNumber
            var col = parser.columnNumber - 1
            while line >= 1 && line <= lines.count {
                let l = lines[line - 1]
                var i = min(col, l.count) - 1
                while i >= 0 {
                    if l[i] == "<" { return SourceLocation(file: file, line: line, column: i + 1) }
                    i -= 1
                }
                line -= 1
                col = line >= 1 ? lines[line - 1].count : 0
            }
            return SourceLocation(file: file, line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1))
        }

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            stack.append(ShinobiXMLElement(name: elementName, attributes: attributeDict, text: "", children: [],
                                           location: tagStart(parser)))
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?) {
            guard let done = stack.popLast() else { return }
            if stack.isEmpty { root = done } else { stack[stack.count - 1].children.append(done) }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if !stack.isEmpty { stack[stack.count - 1].text += string }
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            if !stack.isEmpty { stack[stack.count - 1].text += String(decoding: CDATABlock, as: UTF8.self) }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
            if error == nil {
                error = parseError
                errorLocation = SourceLocation(file: file, line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1))
            }
        }

        func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
            refuseEntity(parser, name)
        }

        func parser(_ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?,
                    systemID: String?) {
            refuseEntity(parser, name)
        }

        private func refuseEntity(_ parser: XMLParser, _ name: String) {
            if failure == nil {
                failure = ReadFailure(id: "shinobi.entity", "entity declarations are not accepted (entity '\(name)')",
                                      at: SourceLocation(file: file, line: max(parser.lineNumber, 1),
                                                         column: max(parser.columnNumber, 1)))
            }
            parser.abortParsing()
        }
    }
}
