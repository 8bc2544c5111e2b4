import FormIR

/// The JSON scanner behind `JSONReader`: an explicit stack instead of recursion, so nesting costs
/// heap, not call stack, and the depth limit is the only bound.
struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    let file: String
    let maxDepth: Int
    var i = 0
    var position: TextPosition
    var diagnostics = Diagnostics()
    /// Reused buffer for strings with escapes.
    var scratch: [UInt8] = []

    private struct Frame {
        let isObject: Bool
        let location: SourceLocation
        var items: [Node] = []
        var entries: [(key: String, keyLocation: SourceLocation?, value: Node)] = []
        var keyIndex: [String: Int]? = nil
        var pendingKey = ""
        var pendingKeyLocation: SourceLocation? = nil
    }

    init(_ bytes: UnsafeBufferPointer<UInt8>, file: String, maxDepth: Int) {
        self.bytes = bytes
        self.file = file
        self.maxDepth = maxDepth
        self.position = TextPosition(file: file)
    }

    mutating func location() -> SourceLocation { position.location(at: i, in: bytes) }

    func failure(_ message: String, at location: SourceLocation, id: String = "json.syntax") -> ReadFailure {
        ReadFailure(id: id, message, at: location)
    }

    mutating func syntaxError(_ message: String) -> ReadFailure {
        failure(message, at: location())
    }

    mutating func skipWhitespace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09: i += 1
            case 0x0A: i += 1; position.newLine(at: i)
            case 0x0D:
                i += 1
                if i < bytes.count, bytes[i] == 0x0A { i += 1 }
                position.newLine(at: i)
            default: return
            }
        }
    }

    mutating func parseDocument() throws -> Node {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            i = 3
            position = TextPosition(file: file, start: 3)
        }
        var stack: [Frame] = []
        var value: Node
        valueLoop: while true {
            skipWhitespace()
            let start = location()
            guard i < bytes.count else { throw failure(JSONReader.Message.expectedValue(found: "end of input"), at: start) }
            switch bytes[i] {
            case UInt8(ascii: "{"):
                guard stack.count < maxDepth else { throw failure(JSONReader.Message.tooDeep(maxDepth), at: start, id: "json.too-deep") }
                i += 1
                skipWhitespace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
                    i += 1
                    value = Node(.mapping([]), at: start)
                } else {
                    var frame = Frame(isObject: true, location: start)
                    try parseKey(into: &frame, orEnd: true)
                    stack.append(frame)
                    continue valueLoop
                }
            case UInt8(ascii: "["):
                guard stack.count < maxDepth else { throw failure(JSONReader.Message.tooDeep(maxDepth), at: start, id: "json.too-deep") }
                i += 1
                skipWhitespace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
                    i += 1
                    value = Node(.array([]), at: start)
                } else {
                    stack.append(Frame(isObject: false, location: start))
                    continue valueLoop
                }
            case UInt8(ascii: "\""):
                value = Node(.string(try parseString()), at: start)
            case UInt8(ascii: "t"):
                try expectLiteral("true"); value = Node(.bool(true), at: start)
            case UInt8(ascii: "f"):
                try expectLiteral("false"); value = Node(.bool(false), at: start)
            case UInt8(ascii: "n"):
                try expectLiteral("null"); value = Node(.null, at: start)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = Node(try parseNumber(), at: start)
            default:
                if bytes[i] >= 0x80, JSONParser.utf8SequenceLength(bytes, at: i) == nil {
                    throw failure(JSONReader.Message.invalidUTF8, at: start, id: "json.invalid-utf8")
                }
                throw failure(JSONReader.Message.expectedValue(found: describeByte()), at: start)
            }
            // Attach the finished value to its container; close containers as far as they end here.
            while true {
                guard !stack.isEmpty else { break valueLoop }
                skipWhitespace()
                let top = stack.count - 1
                if !stack[top].isObject {
                    stack[top].items.append(value)
                    if i < bytes.count, bytes[i] == UInt8(ascii: ",") {
                        i += 1
                        continue valueLoop
                    }
                    guard i < bytes.count, bytes[i] == UInt8(ascii: "]") else { throw syntaxError(JSONReader.Message.afterArrayElement) }
                    i += 1
                    let frame = stack.removeLast()
                    value = Node(.array(frame.items), at: frame.location)
                } else {
                    addMember(value, to: &stack[top])
                    if i < bytes.count, bytes[i] == UInt8(ascii: ",") {
                        i += 1
                        try parseKey(into: &stack[top], orEnd: false)
                        continue valueLoop
                    }
                    guard i < bytes.count, bytes[i] == UInt8(ascii: "}") else { throw syntaxError(JSONReader.Message.afterObjectMember) }
                    i += 1
                    let frame = stack.removeLast()
                    value = Node(.mapping(frame.entries), at: frame.location)
                }
            }
        }
        skipWhitespace()
        if i < bytes.count { throw syntaxError(JSONReader.Message.trailingContent) }
        return value
    }

    /// Reads `"key" :` into the frame's pending key.
    private mutating func parseKey(into frame: inout Frame, orEnd: Bool) throws {
        skipWhitespace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else {
            throw syntaxError(orEnd ? JSONReader.Message.expectedKeyOrEnd : JSONReader.Message.expectedKey)
        }
        frame.pendingKeyLocation = location()
        frame.pendingKey = try parseString()
        skipWhitespace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw syntaxError(JSONReader.Message.expectedColon) }
        i += 1
    }

    /// Adds the pending member, reporting a duplicate key (the first value wins).
    private mutating func addMember(_ value: Node, to frame: inout Frame) {
        let key = frame.pendingKey
        var firstIndex: Int? = nil
        if let index = frame.keyIndex {
            firstIndex = index[key]
        } else if frame.entries.count < 16 {
            firstIndex = frame.entries.firstIndex { $0.key == key }
        } else {
            var index: [String: Int] = [:]
            for (n, e) in frame.entries.enumerated() where index[e.key] == nil { index[e.key] = n }
            frame.keyIndex = index
            firstIndex = index[key]
        }
        if let first = firstIndex {
            let firstLocation = frame.entries[first].keyLocation ?? frame.location
            diagnostics.error("json.duplicate-key", JSONReader.Message.duplicateKey(key, first: firstLocation),
                              at: frame.pendingKeyLocation)
            return
        }
        frame.keyIndex?[key] = frame.entries.count
        frame.entries.append((key: key, keyLocation: frame.pendingKeyLocation, value: value))
    }

    private mutating func expectLiteral(_ word: StaticString) throws {
        let n = word.utf8CodeUnitCount
        let ok = word.withUTF8Buffer { w in
            guard i + n <= bytes.count else { return false }
            for k in 0..<n where bytes[i + k] != w[k] { return false }
            return true
        }
        guard ok else { throw syntaxError(JSONReader.Message.expectedValue(found: describeByte())) }
        i += n
    }

    /// A short description of the byte at `i` for messages.
    func describeByte() -> String {
        guard i < bytes.count else { return "end of input" }
        let b = bytes[i]
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        if b >= 0x80, let n = JSONParser.utf8SequenceLength(bytes, at: i) {
            return "'" + String(decoding: UnsafeBufferPointer(rebasing: bytes[i..<(i + n)]), as: UTF8.self) + "'"
        }
        return "byte 0x" + String(b, radix: 16, uppercase: true)
    }
}
