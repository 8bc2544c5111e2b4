import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import FormIR

/// The XML side of `PlistReader`: an `XMLParser` delegate building the tree.
final class XMLPlistParser: NSObject, XMLParserDelegate {
    private struct Frame {
        let element: String
        let location: SourceLocation
        var text = ""
        var items: [Node] = []
        var entries: [(key: String, keyLocation: SourceLocation?, value: Node)] = []
        var keyLocations: [String: SourceLocation] = [:]
        var pendingKey: (String, SourceLocation)? = nil
        var skipValue = false
    }

    private static let containers: Set<String> = ["dict", "array"]
    private static let scalars: Set<String> = ["key", "string", "integer", "real", "date", "data", "true", "false"]

    private let bytes: [UInt8]
    private let file: String
    private let limits: ParseLimits
    private var lineStarts: [Int] = [0]
    private var stack: [Frame] = []
    private var ignoring = 0
    private var depth = 0
    private var root: Node?
    private var failure: ReadFailure?
    var diagnostics = Diagnostics()

    private init(bytes: [UInt8], file: String, limits: ParseLimits) {
        self.bytes = bytes
        self.file = file
        self.limits = limits
        for (i, b) in bytes.enumerated() where b == 0x0A { lineStarts.append(i + 1) }
    }

    static func parse(_ bytes: [UInt8], file: String, limits: ParseLimits, diagnostics: inout Diagnostics) throws -> Node {
        let start = SourceLocation(file: file, line: 1, column: 1)
        if containsEntityDeclaration(bytes) { throw ReadFailure(id: "plist.invalid", PlistReader.Message.entities, at: start) }
        let builder = XMLPlistParser(bytes: bytes, file: file, limits: limits)
        // A stream, read in chunks: one chunk over 10 MB trips libxml2's input limit. Comments are
        // repaired first ('--' inside them), keeping every byte position.
        let parser = XMLParser(stream: InputStream(data: Data(XMLCommentRepair.repair(bytes))))
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.delegate = builder
        let ok = parser.parse()
        if let failure = builder.failure { throw failure }
        if !ok || parser.parserError != nil {
            let code = (parser.parserError as NSError?)?.code ?? 0
            throw ReadFailure(id: "plist.syntax", PlistReader.Message.malformed(describe(code)),
                              at: builder.location(line: parser.lineNumber, column: parser.columnNumber, backToTag: false))
        }
        guard let root = builder.root else { throw ReadFailure(id: "plist.syntax", PlistReader.Message.noRoot, at: start) }
        diagnostics.append(contentsOf: builder.diagnostics.items)
        return root
    }

    private static func containsEntityDeclaration(_ bytes: [UInt8]) -> Bool {
        let needle = Array("<!ENTITY".utf8)
        guard bytes.count >= needle.count else { return false }
        for i in 0...(bytes.count - needle.count) where bytes[i] == 0x3C && bytes[i + 1] == 0x21 {
            if bytes[i..<(i + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }

    private static func describe(_ code: Int) -> String {
        switch code {
        case 4: return "the document is empty or is not XML"
        case 5: return "the document ends before its elements are closed"
        case 9: return "invalid character"
        case 38, 39, 40, 41: return "malformed attribute"
        case 68: return "a name is required here (an unescaped '&' or '<'?)"
        case 73: return "'>' expected"
        case 76: return "end tag does not match its start tag"
        case 111: return "extra content after the document element"
        default: return "XMLParser error \(code)"
        }
    }

    /// The position XMLParser reports (libxml2: line, and the column in characters of the start tag's
    /// `>` or `/`), moved back to the element's `<` when `backToTag`.
    private func location(line: Int, column: Int, backToTag: Bool) -> SourceLocation {
        guard line >= 1, line <= lineStarts.count else { return SourceLocation(file: file, line: max(line, 1), column: max(column, 1)) }
        let lineStart = lineStarts[line - 1]
        let lineEnd = line < lineStarts.count ? lineStarts[line] : bytes.count
        var offset = lineStart, col = 1
        while col < column, offset < lineEnd {
            offset += 1
            while offset < lineEnd, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            col += 1
        }
        if backToTag {
            while offset > lineStart, offset >= bytes.count || bytes[offset] != 0x3C {
                offset -= 1
                while offset > lineStart, bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
                col -= 1
            }
        }
        return SourceLocation(file: file, line: line, column: col)
    }

    private func fail(_ failure: ReadFailure, _ parser: XMLParser) {
        if self.failure == nil { self.failure = failure }
        parser.abortParsing()
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        if ignoring > 0 { ignoring += 1; return }
        let at = location(line: parser.lineNumber, column: parser.columnNumber, backToTag: true)
        if name == "plist" && stack.isEmpty && root == nil { return }
        guard Self.containers.contains(name) || Self.scalars.contains(name) else {
            diagnostics.error("plist.unknown-element", PlistReader.Message.unknownElement(name), at: at)
            ignoring = 1
            return
        }
        if Self.containers.contains(name) {
            depth += 1
            if depth > limits.maxDepth {
                return fail(ReadFailure(id: "plist.too-deep", PlistReader.Message.tooDeep(limits.maxDepth), at: at), parser)
            }
        }
        stack.append(Frame(element: name, location: at))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard ignoring == 0, !stack.isEmpty, Self.scalars.contains(stack[stack.count - 1].element) else { return }
        stack[stack.count - 1].text += string
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        guard ignoring == 0, !stack.isEmpty, Self.scalars.contains(stack[stack.count - 1].element) else { return }
        stack[stack.count - 1].text += String(decoding: CDATABlock, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if ignoring > 0 { ignoring -= 1; return }
        guard let frame = stack.popLast() else { return }
        if Self.containers.contains(name) { depth -= 1 }
        if let (key, _) = frame.pendingKey {
            diagnostics.error("plist.missing-value", PlistReader.Message.keyWithoutValue(key), at: frame.location)
        }
        let node: Node
        switch frame.element {
        case "dict": node = Node(.mapping(frame.entries), at: frame.location)
        case "array": node = Node(.array(frame.items), at: frame.location)
        default: node = Node(scalar(frame), at: frame.location)
        }
        attach(node, element: frame.element, text: frame.text)
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        let code = (parseError as NSError).code
        fail(ReadFailure(id: "plist.syntax", PlistReader.Message.malformed(Self.describe(code)),
                         at: location(line: parser.lineNumber, column: parser.columnNumber, backToTag: false)), parser)
    }

    private func attach(_ node: Node, element: String, text: String) {
        guard !stack.isEmpty else {
            if root == nil { root = node } else {
                diagnostics.error("plist.extra-value", PlistReader.Message.extraRoot, at: node.location)
            }
            return
        }
        let top = stack.count - 1
        let parent = stack[top].element
        if element == "key" {
            guard parent == "dict" else {
                diagnostics.error("plist.misplaced-key", PlistReader.Message.keyOutsideDict(parent), at: node.location)
                return
            }
            if let (pending, _) = stack[top].pendingKey {
                diagnostics.error("plist.missing-value", PlistReader.Message.keyWithoutValue(pending), at: node.location)
            }
            stack[top].pendingKey = (text, node.location ?? stack[top].location)
            return
        }
        if parent == "array" { stack[top].items.append(node); return }
        guard parent == "dict" else { return }
        guard let (key, keyLocation) = stack[top].pendingKey else {
            diagnostics.error("plist.missing-key", PlistReader.Message.valueWithoutKey(element), at: node.location)
            return
        }
        stack[top].pendingKey = nil
        if let first = stack[top].keyLocations[key] {
            diagnostics.error("plist.duplicate-key", PlistReader.Message.duplicateKey(key, first: first), at: keyLocation)
            return
        }
        stack[top].keyLocations[key] = keyLocation
        stack[top].entries.append((key: key, keyLocation: keyLocation, value: node))
    }

    private func scalar(_ frame: Frame) -> Node.Kind {
        let text = frame.text
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        switch frame.element {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "key", "string": return .string(text)
        case "date": return .date(trimmed)
        case "integer":
            if let i = Int(trimmed) { return .int(i) }
            let sign = trimmed.hasPrefix("-") ? -1 : 1
            let body = trimmed.drop { $0 == "-" || $0 == "+" }
            if body.lowercased().hasPrefix("0x"), let i = Int(body.dropFirst(2), radix: 16) { return .int(sign * i) }
            diagnostics.error("plist.invalid-value", PlistReader.Message.badInteger(trimmed), at: frame.location)
            return .string(text)
        case "real":
            if let d = Double(trimmed) { return .double(d) }
            diagnostics.error("plist.invalid-value", PlistReader.Message.badReal(trimmed), at: frame.location)
            return .string(text)
        case "data":
            if let d = Base64.decode(text.utf8) { return .data(d) }
            diagnostics.error("plist.invalid-value", PlistReader.Message.badData, at: frame.location)
            return .string(text)
        default: return .string(text)
        }
    }
}
