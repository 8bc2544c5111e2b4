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
        lineBreak(comma: !empty)
        empty = false
        writeQuoted(key)
        out.append(UInt8(ascii: ":"))
        if pretty { out.append(0x20) }
        afterKey = true
    }

    /// Writes a constant key followed by `:`, its bytes copied as they are (no escape scan): the key
    /// must need no escape (no `"`, `\` or control character; debug builds check).
    public mutating func key(constant key: StaticString) {
        assert(key.withUTF8Buffer { !$0.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") } },
               "constant JSON key '\(key)' needs an escape")
        lineBreak(comma: !empty)
        empty = false
        out.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { out.append($0) }
        Self.keyEnd.withUTF8Buffer { end in out.append(UnsafeBufferPointer(rebasing: end[..<(pretty ? 3 : 2)])) }
        afterKey = true
    }

    /// What follows a constant key: its closing quote, `:` and (pretty output) a space.
    private static let keyEnd: StaticString = "\": "

    /// Writes `s` as a quoted, escaped JSON string.
    public mutating func string(_ s: String) {
        separate()
        writeQuoted(s)
    }

    /// Writes an integer.
    public mutating func int(_ i: Int) {
        separate()
        out.appendDecimal(i)
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ b: Bool) {
        separate()
        (b ? Self.trueText : Self.falseText).withUTF8Buffer { out.append($0) }
    }

    /// Writes `null`.
    public mutating func null() {
        separate()
        Self.nullText.withUTF8Buffer { out.append($0) }
    }

    private static let trueText: StaticString = "true", falseText: StaticString = "false", nullText: StaticString = "null"

    /// Writes the shortest text that reads back to `d`; a non-finite double is written as `null` and recorded
    /// in `unwritableNumbers`.
    public mutating func double(_ d: Double) {
        separate()
        guard d.isFinite else {
            unwritableNumbers.append(d)
            Self.nullText.withUTF8Buffer { out.append($0) }
            return
        }
        var text = d.description
        text.withUTF8 { out.append($0) }
    }

    /// Before a value: nothing after a key or at the top; otherwise `,` and a new line in the container.
    private mutating func separate() {
        if afterKey { afterKey = false; return }
        guard depth > 0 else { return }
        lineBreak(comma: !empty)
        empty = false
    }

    private mutating func open(_ bracket: UInt8) {
        separate()
        out.append(bracket)
        depth += 1
        empty = true
    }

    /// Closing a container leaves its parent non-empty: the container was one of its values.
    private mutating func close(_ bracket: UInt8) {
        depth -= 1
        if !empty { lineBreak(comma: false) }
        out.append(bracket)
        empty = false
    }

    /// Before an entry: `,` when `comma`, then (pretty output) a line break and the indentation of the
    /// current depth, copied as one run of `lineStart` (beyond its 64 columns, 64 at a time).
    private mutating func lineBreak(comma: Bool) {
        guard pretty else {
            if comma { out.append(UInt8(ascii: ",")) }
            return
        }
        Self.lineStart.withUTF8Buffer { run in
            let most = run.count - 2
            var columns = 2 * depth
            let first = min(columns, most)
            out.append(UnsafeBufferPointer(rebasing: run[(comma ? 0 : 1) ..< 2 + first]))
            columns -= first
            while columns > 0 {
                let n = min(columns, most)
                out.append(UnsafeBufferPointer(rebasing: run[2 ..< 2 + n]))
                columns -= n
            }
        }
    }

    /// `,`, a line break and 64 columns of blanks.
    private static let lineStart: StaticString = ",\n                                                                "

    private mutating func writeQuoted(_ s: String) { Self.appendQuoted(s, to: &out) }

    /// `s` quoted, escaping only `"`, `\` and control characters (for every JSON writer of the module).
    /// One scan over the string's UTF-8 bytes: each run of bytes that need no escape is copied at once.
    static func appendQuoted<Out: JSONByteOutput>(_ s: String, to out: inout Out) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { appendEscaped($0, to: &out) }
        out.append(UInt8(ascii: "\""))
    }

    private static func appendEscaped<Out: JSONByteOutput>(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout Out) {
        var run = 0
        for i in bytes.indices {
            let b = bytes[i]
            guard b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") else { continue }
            if run < i { out.append(UnsafeBufferPointer(rebasing: bytes[run..<i])) }
            run = i + 1
            switch b {
            case UInt8(ascii: "\""): escape(UInt8(ascii: "\""), to: &out)
            case UInt8(ascii: "\\"): escape(UInt8(ascii: "\\"), to: &out)
            case 0x0A: escape(UInt8(ascii: "n"), to: &out)
            case 0x0D: escape(UInt8(ascii: "r"), to: &out)
            case 0x09: escape(UInt8(ascii: "t"), to: &out)
            case 0x08: escape(UInt8(ascii: "b"), to: &out)
            case 0x0C: escape(UInt8(ascii: "f"), to: &out)
            default:
                escape(UInt8(ascii: "u"), to: &out)
                out.append(UInt8(ascii: "0"))
                out.append(UInt8(ascii: "0"))
                out.append(hexDigit(b >> 4))
                out.append(hexDigit(b & 0xF))
            }
        }
        if run < bytes.count { out.append(UnsafeBufferPointer(rebasing: bytes[run...])) }
    }

    /// `\` and `letter`.
    private static func escape<Out: JSONByteOutput>(_ letter: UInt8, to out: inout Out) {
        out.append(UInt8(ascii: "\\"))
        out.append(letter)
    }

    private static func hexDigit(_ d: UInt8) -> UInt8 { d < 10 ? UInt8(ascii: "0") + d : UInt8(ascii: "a") + d - 10 }
}
