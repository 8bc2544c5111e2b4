import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import FormIR

/// Builds the positioned `MMElement` tree with FoundationXML's SAX `XMLParser` (libxml2): the parser
/// checks well-formedness and decodes content; `SourceMap` supplies exact positions and attribute order.
/// External entities and DTDs are never loaded.
final class ElementTreeBuilder: NSObject, XMLParserDelegate {
    private let map: SourceMap
    private let file: String
    private var stack: [MMElement] = []
    private var root: MMElement?
    private var tagCounter = 0
    private var failure: ReadFailure?

    init(map: SourceMap, file: String) {
        self.map = map
        self.file = file
    }

    /// libxml2 (behind FoundationXML on Linux) keeps global state and is not thread-safe: parses in one
    /// process are serialised (tests and tools read several documents at once).
    private static let libxml2Lock = NSLock()

    /// Parses `bytes`; throws `mmxml.malformed` with the parser's line and column on the first error.
    static func build(bytes: [UInt8], map: SourceMap, file: String) throws -> MMElement {
        libxml2Lock.lock()
        defer { libxml2Lock.unlock() }
        let builder = ElementTreeBuilder(map: map, file: file)
        let parser = XMLParser(data: Data(bytes))
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.delegate = builder
        let ok = parser.parse()
        if let failure = builder.failure { throw failure }
        if !ok || parser.parserError != nil {
            throw ReadFailure(id: "mmxml.malformed", "malformed XML: \(describe(parser.parserError))",
                              at: SourceLocation(file: file, line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1)))
        }
        guard let root = builder.root else {
            throw ReadFailure(id: "mmxml.malformed", "malformed XML: the document has no root element",
                              at: SourceLocation(file: file, line: 1, column: 1))
        }
        return root
    }

    private static func describe(_ error: Error?) -> String {
        guard let error = error as NSError? else { return "unreadable document" }
        let known: [Int: String] = [
            4: "the document is empty", 5: "the document ends before its root element is closed",
            9: "invalid character", 23: "'&' must start an entity reference", 26: "undeclared entity",
            38: "unescaped '<' in an attribute value", 39: "attribute without a value",
            41: "attribute value without quotes", 42: "duplicate attribute",
            64: "XML declaration not terminated", 68: "unexpected name", 73: "'>' expected",
            76: "end tag does not match its start tag", 85: "end tag does not match its start tag",
            89: "entity reference loop", 5001: "the document is empty",
        ]
        return known[error.code] ?? "parser error \(error.code)"
    }

    // MARK: XMLParserDelegate

    /// Deepest element nesting read (MM forms need about six levels); deeper documents are refused
    /// rather than risking the stack in the recursive walks over the tree.
    static let maxDepth = 256

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes: [String: String] = [:]) {
        guard failure == nil else { return }
        let index = tagCounter
        tagCounter += 1
        var location = SourceLocation(file: file, line: parser.lineNumber, column: parser.columnNumber)
        var ordered: [MMElement.Attribute] = []
        if map.tags.indices.contains(index), map.tags[index].name == elementName {
            let tag = map.tags[index]
            location = SourceLocation(file: file, line: tag.line, column: tag.column)
            for a in tag.attributes {
                guard let v = attributes[a.name], !ordered.contains(where: { $0.name == a.name }) else { continue }
                ordered.append(.init(name: a.name, value: v, location: SourceLocation(file: file, line: a.line, column: a.column)))
            }
        }
        for (name, value) in attributes.sorted(by: { $0.key < $1.key }) where !ordered.contains(where: { $0.name == name }) {
            ordered.append(.init(name: name, value: value, location: location))
        }
        guard stack.count < Self.maxDepth else {
            failure = ReadFailure(id: "mmxml.too-deep", "elements nest more than \(Self.maxDepth) levels deep; refusing to read further",
                                  at: location)
            parser.abortParsing()
            return
        }
        stack.append(MMElement(name: elementName, attributes: ordered, children: [], rawText: "",
                               location: location, index: index))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        guard failure == nil, let done = stack.popLast() else { return }
        if stack.isEmpty { root = done } else { stack[stack.count - 1].children.append(done) }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].rawText += string
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].rawText += String(decoding: CDATABlock, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        guard failure == nil else { return }
        failure = ReadFailure(id: "mmxml.malformed", "malformed XML: \(Self.describe(parseError))",
                              at: SourceLocation(file: file, line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1)))
        parser.abortParsing()
    }

    func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? { nil }
}
