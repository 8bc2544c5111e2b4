import Foundation
import FormIR

/// The XML side of `PlistReader`: walks the `XMLTreeReader` tree (libxml2) as start/text/end events
/// and builds the `Node` tree.
final class XMLPlistParser {
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

    private let file: String
    private let limits: ParseLimits
    private var stack: [Frame] = []
    private var ignoring = 0
    private var depth = 0
    private var root: Node?
    var diagnostics = Diagnostics()

    private init(file: String, limits: ParseLimits) {
        self.file = file
        self.limits = limits
    }

    static func parse(_ bytes: [UInt8], file: String, limits: ParseLimits, diagnostics: inout Diagnostics) throws -> Node {
        let start = SourceLocation(file: file, line: 1, column: 1)
        if containsEntityDeclaration(bytes) { throw ReadFailure(id: "plist.invalid", PlistReader.Message.entities, at: start) }
        let ids = XMLParseFailureIDs(malformed: "plist.syntax", entityExpansion: "plist.invalid", tooDeep: "plist.too-deep",
                                     tooManyAttributes: "plist.too-many-attributes")
        let tree: XMLTree
        do {
            // Two levels more than the containers: <plist> and a scalar inside the deepest container.
            tree = try XMLTreeReader.parse(bytes, file: file, ids: ids, limits: XMLParseLimits(maxDepth: limits.maxDepth + 2))
        } catch let failure as ReadFailure where failure.diagnostic.id == "plist.too-deep" {
            throw ReadFailure(id: "plist.too-deep", PlistReader.Message.tooDeep(limits.maxDepth), at: failure.diagnostic.location)
        }
        let builder = XMLPlistParser(file: file, limits: limits)
        try builder.walk(tree.root)
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

    /// Start, text, children, end: the element's own text is all a scalar collects.
    private func walk(_ e: XMLTreeElement) throws {
        try didStart(e.name, at: SourceLocation(file: file, line: e.line, column: e.column))
        if !e.text.isEmpty { foundCharacters(e.text) }
        for child in e.children { try walk(child) }
        didEnd(e.name)
    }

    private func didStart(_ name: String, at: SourceLocation) throws {
        if ignoring > 0 { ignoring += 1; return }
        if name == "plist" && stack.isEmpty && root == nil { return }
        guard Self.containers.contains(name) || Self.scalars.contains(name) else {
            diagnostics.error("plist.unknown-element", PlistReader.Message.unknownElement(name), at: at)
            ignoring = 1
            return
        }
        if Self.containers.contains(name) {
            depth += 1
            if depth > limits.maxDepth {
                throw ReadFailure(id: "plist.too-deep", PlistReader.Message.tooDeep(limits.maxDepth), at: at)
            }
        }
        stack.append(Frame(element: name, location: at))
    }

    private func foundCharacters(_ string: String) {
        guard ignoring == 0, !stack.isEmpty, Self.scalars.contains(stack[stack.count - 1].element) else { return }
        stack[stack.count - 1].text += string
    }

    private func didEnd(_ name: String) {
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
        let trimmed = text.trimmedWhitespace
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
