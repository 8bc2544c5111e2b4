import FormIR

/// Writes JSON bytes as a document is described to it, with no tree in between: the one place that
/// lays out and escapes JSON (`JSONWriter` walks a `Node` into it).
///
/// Pretty output: 2-space indentation, `"key": value`, empty containers as `{}`/`[]`; `finish()`
/// adds the trailing newline. Compact output has no whitespace and no trailing newline. Strings
/// escape only `"`, `\` and control characters. Doubles use the shortest text that reads back to the
/// same value (`2.5`, `3.0`, `1e-07`); non-finite doubles, which JSON cannot hold, are `null`.
public struct JSONStreamWriter: DocumentSink {
    /// Whether to indent: two spaces a level, one entry a line.
    public let pretty: Bool
    private var out: JSONBytes
    /// Nesting depth of the open containers.
    private var depth = 0
    /// The open container has no value yet (decides `,` and `{}`/`[]`).
    private var empty = true
    /// A key was just written: the next value follows it on the same line.
    private var afterKey = false
    /// The NaNs and infinities written as `null`, for the caller to report.
    public private(set) var unwritableNumbers: [Double] = []

    /// `capacity`: bytes to reserve up front.
    public init(pretty: Bool = true, capacity: Int = 4096) {
        self.pretty = pretty
        out = JSONBytes(capacity: capacity)
    }

    /// The bytes written so far.
    public var bytes: [UInt8] { out.bytes }

    /// How many bytes were written since the writer began or last handed them on.
    public var count: Int { out.count }

    /// Hands the bytes written so far to `sink` and forgets them, keeping where the writer is in the
    /// document and its buffer's room: a long document goes out in pieces as it is made.
    public mutating func handOn<Sink: OutputSink>(to sink: inout Sink) {
        sink.write(out.bytes)
        out.removeAll()
    }

    /// The document's bytes (pretty output ends with a newline); the writer is left empty.
    public mutating func finish() -> [UInt8] {
        if pretty { out.append(0x0A) }
        return out.take()
    }

    /// Writes `{`.
    public mutating func beginObject() { open(UInt8(ascii: "{")) }
    /// Writes `}`.
    public mutating func endObject() { close(UInt8(ascii: "}")) }
    /// Writes `[`.
    public mutating func beginArray() { open(UInt8(ascii: "[")) }
    /// Writes `]`.
    public mutating func endArray() { close(UInt8(ascii: "]")) }

    /// Writes `key` as a quoted string followed by `:`.
    public mutating func key(_ key: String) {
        Self.appendQuoted(key, after: entryLead(), keyEnd: pretty ? 2 : 1, to: &out)
        afterKey = true
    }

    /// Writes a constant key followed by `:`, its bytes copied as they are (no escape scan): the key
    /// must need no escape (no `"`, `\` or control character; debug builds check).
    public mutating func key(constant key: StaticString) {
        assert(key.withUTF8Buffer { !$0.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") } },
               "constant JSON key '\(key)' needs an escape")
        let lead = entryLead()
        let keyEnd = pretty ? 2 : 1
        key.withUTF8Buffer { name in
            out.write(atMost: lead.count + name.count + 2 + keyEnd) { p in
                var i = lead.put(at: p)
                p[i] = UInt8(ascii: "\"")
                if let from = name.baseAddress { (p + i + 1).update(from: from, count: name.count) }
                i += 1 + name.count
                p[i] = UInt8(ascii: "\"")
                return i + 1 + Self.putKeyEnd(keyEnd, at: p + i + 1)
            }
        }
        afterKey = true
    }

    /// Writes `s` as a quoted, escaped JSON string.
    public mutating func string(_ s: String) {
        Self.appendQuoted(s, after: valueLead(), to: &out)
    }

    /// Writes an integer.
    public mutating func int(_ i: Int) {
        writeLead(valueLead())
        out.appendDecimal(i)
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ b: Bool) {
        writeConstant(b ? Self.trueText : Self.falseText, after: valueLead())
    }

    /// Writes `null`.
    public mutating func null() {
        writeConstant(Self.nullText, after: valueLead())
    }

    private static let trueText: StaticString = "true", falseText: StaticString = "false", nullText: StaticString = "null"

    /// Writes the shortest text that reads back to `d`; a non-finite double is written as `null` and recorded
    /// in `unwritableNumbers`.
    public mutating func double(_ d: Double) {
        let lead = valueLead()
        guard d.isFinite else {
            unwritableNumbers.append(d)
            writeConstant(Self.nullText, after: lead)
            return
        }
        writeLead(lead)
        var text = d.description
        text.withUTF8 { out.append($0) }
    }

    /// What goes before an entry of the JSON text: nothing (a value after its key, or at the top), or
    /// a line break: `,` when `comma`, then (pretty output) a new line and the indentation of `depth`.
    struct Lead {
        var lineBreak: Bool
        var comma: Bool
        var pretty: Bool
        var depth: Int

        static var none: Lead { Lead(lineBreak: false, comma: false, pretty: false, depth: 0) }

        /// Its length in bytes.
        var count: Int {
            guard lineBreak else { return 0 }
            return (comma ? 1 : 0) + (pretty ? 1 + 2 * depth : 0)
        }

        /// Writes it at `p`; returns its length.
        func put(at p: UnsafeMutablePointer<UInt8>) -> Int {
            guard lineBreak else { return 0 }
            var i = 0
            if comma {
                p[0] = UInt8(ascii: ",")
                i = 1
            }
            guard pretty else { return i }
            p[i] = 0x0A
            (p + i + 1).update(repeating: 0x20, count: 2 * depth)
            return i + 1 + 2 * depth
        }
    }

    /// The lead of an entry of the open container (a key, a value in an array), which then has one.
    private mutating func entryLead() -> Lead {
        defer { empty = false }
        return Lead(lineBreak: true, comma: !empty, pretty: pretty, depth: depth)
    }

    /// The lead of a value: nothing after a key or at the top; otherwise an entry's.
    private mutating func valueLead() -> Lead {
        if afterKey {
            afterKey = false
            return .none
        }
        guard depth > 0 else { return .none }
        return entryLead()
    }

    private mutating func writeLead(_ lead: Lead) {
        out.write(atMost: lead.count) { lead.put(at: $0) }
    }

    /// `lead`, then `text` as it is.
    private mutating func writeConstant(_ text: StaticString, after lead: Lead) {
        text.withUTF8Buffer { bytes in
            out.write(atMost: lead.count + bytes.count) { p in
                let i = lead.put(at: p)
                if let from = bytes.baseAddress { (p + i).update(from: from, count: bytes.count) }
                return i + bytes.count
            }
        }
    }

    private mutating func open(_ bracket: UInt8) {
        let lead = valueLead()
        out.write(atMost: lead.count + 1) { p in
            let i = lead.put(at: p)
            p[i] = bracket
            return i + 1
        }
        depth += 1
        empty = true
    }

    /// Closing a container leaves its parent non-empty: the container was one of its values.
    private mutating func close(_ bracket: UInt8) {
        depth -= 1
        let lead = empty ? Lead.none : Lead(lineBreak: true, comma: false, pretty: pretty, depth: depth)
        out.write(atMost: lead.count + 1) { p in
            let i = lead.put(at: p)
            p[i] = bracket
            return i + 1
        }
        empty = false
    }

    /// After a key's closing quote: `:` (`keyEnd` 1), or `: ` (2, pretty output). Returns `keyEnd`.
    private static func putKeyEnd(_ keyEnd: Int, at p: UnsafeMutablePointer<UInt8>) -> Int {
        p[0] = UInt8(ascii: ":")
        if keyEnd > 1 { p[1] = 0x20 }
        return keyEnd
    }

    /// `s` quoted, escaping only `"`, `\` and control characters (for every JSON writer of the module),
    /// after `lead` and followed by a key's end when `keyEnd` is not 0 (`putKeyEnd`). One scan over the
    /// string's UTF-8 bytes: each run of bytes that need no escape is written in place with what
    /// follows it (the escape, or the closing quote), after one check of the room, the first run with
    /// the lead and the opening quote.
    static func appendQuoted<Out: JSONByteOutput>(_ s: String, after lead: Lead = .none, keyEnd: Int = 0,
                                                  to out: inout Out) {
        var s = s
        s.withUTF8 { bytes in
            var from = 0
            var first = true
            while true {
                var end = from
                while end < bytes.count, !needsEscape(bytes[end]) { end += 1 }
                let last = end == bytes.count
                let run = end - from
                let room = (first ? lead.count + 1 : 0) + run + (last ? 1 + keyEnd : 6)
                out.write(atMost: room) { p in
                    var i = 0
                    if first {
                        i = lead.put(at: p)
                        p[i] = UInt8(ascii: "\"")
                        i += 1
                    }
                    if run > 0 {
                        (p + i).update(from: bytes.baseAddress! + from, count: run)
                        i += run
                    }
                    guard last else { return i + putEscape(bytes[end], at: p + i) }
                    p[i] = UInt8(ascii: "\"")
                    i += 1
                    return keyEnd > 0 ? i + putKeyEnd(keyEnd, at: p + i) : i
                }
                if last { return }
                first = false
                from = end + 1
            }
        }
    }

    /// Whether `b` is written escaped in a JSON string: `"`, `\` and the control characters.
    private static func needsEscape(_ b: UInt8) -> Bool {
        b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\")
    }

    /// Writes the escape of `b` at `p` (room for 6 bytes): `\` and `"`, `\` or the letter of a
    /// control character's short escape (`\n`), else `\u00XX`. Returns its length.
    private static func putEscape(_ b: UInt8, at p: UnsafeMutablePointer<UInt8>) -> Int {
        p[0] = UInt8(ascii: "\\")
        let letter: UInt8
        switch b {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): letter = b
        case 0x0A: letter = UInt8(ascii: "n")
        case 0x0D: letter = UInt8(ascii: "r")
        case 0x09: letter = UInt8(ascii: "t")
        case 0x08: letter = UInt8(ascii: "b")
        case 0x0C: letter = UInt8(ascii: "f")
        default:
            p[1] = UInt8(ascii: "u")
            p[2] = UInt8(ascii: "0")
            p[3] = UInt8(ascii: "0")
            p[4] = hexDigit(b >> 4)
            p[5] = hexDigit(b & 0xF)
            return 6
        }
        p[1] = letter
        return 2
    }

    private static func hexDigit(_ d: UInt8) -> UInt8 { d < 10 ? UInt8(ascii: "0") + d : UInt8(ascii: "a") + d - 10 }
}
