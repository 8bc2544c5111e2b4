import FormIR

/// Writes a `Node` as JSON, byte by byte.
///
/// Pretty output: 2-space indentation, `"key": value`, keys in node order, empty containers as
/// `{}`/`[]`, a trailing newline. Compact output has no whitespace and no trailing newline.
/// Strings escape only `"`, `\` and control characters. Doubles use the shortest text that reads
/// back to the same value (`2.5`, `3.0`, `1e-07`); non-finite doubles, which JSON cannot hold, are
/// written as `null`. Dates are strings, data is a base64 string.
public enum JSONWriter {
    public static func write(_ node: Node, pretty: Bool = true) -> [UInt8] {
        var out = JSONOutput(pretty: pretty)
        out.write(node, indent: 0)
        if pretty { out.bytes.append(0x0A) }
        return out.bytes
    }

    /// The JSON text of a string, quoted and escaped (for emitters that compose JSON by hand).
    public static func quoted(_ s: String) -> String {
        var out = JSONOutput(pretty: false)
        out.writeString(s)
        return String(decoding: out.bytes, as: UTF8.self)
    }
}

struct JSONOutput {
    let pretty: Bool
    var bytes: [UInt8] = []

    init(pretty: Bool) {
        self.pretty = pretty
        bytes.reserveCapacity(4096)
    }

    mutating func write(_ node: Node, indent: Int) {
        switch node.kind {
        case .null: append("null")
        case .bool(let b): append(b ? "true" : "false")
        case .int(let i): writeInt(i)
        case .double(let d): writeDouble(d)
        case .string(let s), .date(let s): writeString(s)
        case .data(let d): writeString(Base64.encode(d))
        case .array(let items):
            if items.isEmpty { append("[]"); return }
            bytes.append(UInt8(ascii: "["))
            for (n, item) in items.enumerated() {
                if n > 0 { bytes.append(UInt8(ascii: ",")) }
                newline(indent + 1)
                write(item, indent: indent + 1)
            }
            newline(indent)
            bytes.append(UInt8(ascii: "]"))
        case .mapping(let entries):
            if entries.isEmpty { append("{}"); return }
            bytes.append(UInt8(ascii: "{"))
            for (n, e) in entries.enumerated() {
                if n > 0 { bytes.append(UInt8(ascii: ",")) }
                newline(indent + 1)
                writeString(e.key)
                bytes.append(UInt8(ascii: ":"))
                if pretty { bytes.append(0x20) }
                write(e.value, indent: indent + 1)
            }
            newline(indent)
            bytes.append(UInt8(ascii: "}"))
        }
    }

    @inline(__always) mutating func append(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func newline(_ indent: Int) {
        guard pretty else { return }
        bytes.append(0x0A)
        for _ in 0..<(indent * 2) { bytes.append(0x20) }
    }

    mutating func writeInt(_ i: Int) {
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

    mutating func writeDouble(_ d: Double) {
        guard d.isFinite else { append("null"); return }
        bytes.append(contentsOf: d.description.utf8)
    }

    mutating func writeString(_ s: String) {
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
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(UInt8(ascii: "u")); bytes.append(0x30); bytes.append(0x30)
                    bytes.append(hex[Int(b >> 4)]); bytes.append(hex[Int(b & 0xF)])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
