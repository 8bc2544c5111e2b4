import DocumentTree
import Foundation

/// Pretty JSON text of a schema tree: two-space indent, keys in tree order, UTF-8, a final newline.
/// Kept private to the emitter until the shared `JSONWriter` lands; the output is the same shape.
enum SchemaJSONText {
    static func write(_ node: Node) -> [UInt8] {
        var out = ""
        write(node, indent: 0, into: &out)
        out += "\n"
        return Array(out.utf8)
    }

    private static func write(_ node: Node, indent: Int, into out: inout String) {
        let pad = String(repeating: "  ", count: indent + 1)
        let closePad = String(repeating: "  ", count: indent)
        switch node.kind {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d): out += d.isFinite ? (d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)) : "null"
        case .string(let s), .date(let s): quote(s, into: &out)
        case .data(let bytes): quote(Data(bytes).base64EncodedString(), into: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += pad
                write(item, indent: indent + 1, into: &out)
                out += i + 1 < items.count ? ",\n" : "\n"
            }
            out += closePad + "]"
        case .mapping(let entries):
            if entries.isEmpty { out += "{}"; return }
            out += "{\n"
            for (i, e) in entries.enumerated() {
                out += pad
                quote(e.key, into: &out)
                out += ": "
                write(e.value, indent: indent + 1, into: &out)
                out += i + 1 < entries.count ? ",\n" : "\n"
            }
            out += closePad + "}"
        }
    }

    private static func quote(_ s: String, into out: inout String) {
        out += "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20:
                let hex = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(u)
            }
        }
        out += "\""
    }
}
