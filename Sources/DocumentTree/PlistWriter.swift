import FormIR

/// Writes a `Node` as an XML property list (version 1.0) the way Apple's tools lay it out: the
/// standard XML declaration and DOCTYPE, the root value unindented, children indented with tabs,
/// empty containers as `<dict/>`/`<array/>`.
///
/// Text escapes `&`, `<`, `>` and carriage returns (which XML would otherwise turn into line feeds);
/// characters XML 1.0 cannot hold become U+FFFD. Doubles are written in their shortest exact form,
/// non-finite ones as `nan`, `+infinity`, `-infinity`. Dates go out as their ISO 8601 text, data as
/// base64. Property lists have no null: a null value in a dictionary drops its key, elsewhere it is
/// written as an empty string (emitters report such losses before they write).
public enum PlistWriter {
    /// The XML property list of `node`.
    public static func write(_ node: Node) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        out.append(contentsOf: header.utf8)
        writeValue(node, indent: 0, into: &out)
        out.append(contentsOf: "</plist>\n".utf8)
        return out
    }

    static let header = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">

    """

    private static func writeValue(_ node: Node, indent: Int, into out: inout [UInt8]) {
        for _ in 0..<indent { out.append(0x09) }
        switch node.kind {
        case .null: out.append(contentsOf: "<string></string>".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "<true/>" : "<false/>").utf8)
        case .int(let i): element("integer", String(i), into: &out)
        case .double(let d): element("real", format(d), into: &out)
        case .string(let s): element("string", s, into: &out)
        case .date(let s): element("date", s, into: &out)
        case .data(let d): element("data", Base64.encode(d), into: &out)
        case .array(let items):
            if items.isEmpty { out.append(contentsOf: "<array/>".utf8); break }
            out.append(contentsOf: "<array>\n".utf8)
            for item in items { writeValue(item, indent: indent + 1, into: &out) }
            for _ in 0..<indent { out.append(0x09) }
            out.append(contentsOf: "</array>".utf8)
        case .mapping(let entries):
            let kept = entries.filter { !$0.value.isNull }
            if kept.isEmpty { out.append(contentsOf: "<dict/>".utf8); break }
            out.append(contentsOf: "<dict>\n".utf8)
            for e in kept {
                for _ in 0...indent { out.append(0x09) }
                element("key", e.key, into: &out)
                out.append(0x0A)
                writeValue(e.value, indent: indent + 1, into: &out)
            }
            for _ in 0..<indent { out.append(0x09) }
            out.append(contentsOf: "</dict>".utf8)
        }
        out.append(0x0A)
    }

    private static func element(_ name: String, _ text: String, into out: inout [UInt8]) {
        out.append(0x3C); out.append(contentsOf: name.utf8); out.append(0x3E)
        escape(text, into: &out)
        out.append(0x3C); out.append(0x2F); out.append(contentsOf: name.utf8); out.append(0x3E)
    }

    /// `real` text: shortest exact digits, `nan`/`+infinity`/`-infinity` as Apple writes them.
    static func format(_ d: Double) -> String {
        if d.isNaN { return "nan" }
        if d.isInfinite { return d < 0 ? "-infinity" : "+infinity" }
        return d.description
    }

    /// XML character data escaping for plist text.
    static func escape(_ s: String, into out: inout [UInt8]) {
        XMLEscaping.escape(s, into: &out)
    }
}
