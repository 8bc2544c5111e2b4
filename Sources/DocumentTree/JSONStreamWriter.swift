import FormIR

/// Writes JSON bytes as a document is described to it, with no tree in between: the one place that
/// lays out and escapes JSON (`JSONWriter` walks a `Node` into it).
///
/// Pretty output: 2-space indentation, `"key": value`, empty containers as `{}`/`[]`; `finish()`
/// adds the trailing newline. Compact output has no whitespace and no trailing newline. Strings
/// escape only `"`, `\` and control characters. Doubles use the shortest text that reads back to the
/// same value (`2.5`, `3.0`, `1e-07`); non-finite doubles, which JSON cannot hold, are `null`.
public struct JSONStreamWriter: DocumentSink {
    public let pretty: Bool
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []
    /// Nesting depth of the open containers.
    private var depth = 0
    /// The open container has no value yet (decides `,` and `{}`/`[]`).
    private var empty = true
    /// A key was just written: the next value follows it on the same line.
    private var afterKey = false

    /// `capacity`: bytes to reserve up front (an estimate of the output size saves regrowing).
    public init(pretty: Bool = true, capacity: Int = 4096) {
        self.pretty = pretty
        bytes.reserveCapacity(capacity)
    }

    /// The document's bytes; pretty output ends with a newline.
    public mutating func finish() -> [UInt8] {
        if pretty { bytes.append(0x0A) }
        return bytes
    }

    public mutating func beginObject() { open(UInt8(ascii: "{")) }
    public mutating func endObject() { close(UInt8(ascii: "}")) }
    public mutating func beginArray() { open(UInt8(ascii: "[")) }
    public mutating func endArray() { close(UInt8(ascii: "]")) }

    public mutating func key(_ key: String) {
        if !empty { bytes.append(UInt8(ascii: ",")) }
        empty = false
        newline()
        writeString(key)
        bytes.append(UInt8(ascii: ":"))
        if pretty { bytes.append(0x20) }
        afterKey = true
    }

    public mutating func string(_ s: String) { separate(); writeString(s) }
    public mutating func int(_ i: Int) { separate(); writeInt(i) }
    public mutating func bool(_ b: Bool) { separate(); append(b ? "true" : "false") }
    public mutating func null() { separate(); append("null") }
    public mutating func double(_ d: Double) {
        separate()
        guard d.isFinite else { append("null"); return }
        bytes.append(contentsOf: d.description.utf8)
    }

    /// Before a value: nothing after a key or at the top; otherwise `,` and a new line in the array.
    @inline(__always) private mutating func separate() {
        if afterKey { afterKey = false; return }
        guard depth > 0 else { return }
        if !empty { bytes.append(UInt8(ascii: ",")) }
        empty = false
        newline()
    }

    private mutating func open(_ bracket: UInt8) {
        separate()
        bytes.append(bracket)
        depth += 1
        empty = true
    }

    /// Closing a container leaves its parent non-empty: the container was one of its values.
    private mutating func close(_ bracket: UInt8) {
        depth -= 1
        if !empty { newline() }
        bytes.append(bracket)
        empty = false
    }

    @inline(__always) private mutating func append(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private static let spaces = [UInt8](repeating: 0x20, count: 128)

    /// A line break and the indentation of the current depth (pretty output only).
    private mutating func newline() {
        guard pretty else { return }
        bytes.append(0x0A)
        var n = depth * 2
        while n > 0 {
            let k = min(n, Self.spaces.count)
            Self.spaces.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<k])) }
            n -= k
        }
    }

    private mutating func writeInt(_ i: Int) {
        if i == Int.min { bytes.append(contentsOf: String(i).utf8); return }
        var v = i
        if v < 0 { bytes.append(UInt8(ascii: "-")); v = -v }
        if v < 10 { bytes.append(UInt8(v) + 0x30); return }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var n = 0
        withUnsafeMutableBytes(of: &digits) { d in
            while v > 0 { d[n] = UInt8(v % 10) + 0x30; v /= 10; n += 1 }
            for k in stride(from: n - 1, through: 0, by: -1) { bytes.append(d[k]) }
        }
    }

    /// A quoted string; runs needing no escape are copied whole.
    private mutating func writeString(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { utf8 in
            var runStart = 0
            for k in 0..<utf8.count {
                let b = utf8[k]
                guard b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<k]))
                runStart = k + 1
                bytes.append(UInt8(ascii: "\\"))
                switch b {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(b)
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                default:
                    let hex: StaticString = "0123456789abcdef"
                    bytes.append(UInt8(ascii: "u")); bytes.append(0x30); bytes.append(0x30)
                    hex.withUTF8Buffer { h in bytes.append(h[Int(b >> 4)]); bytes.append(h[Int(b & 0xF)]) }
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
