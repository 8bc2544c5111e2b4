import FormIR

/// Writes a document as JSON laid out for people to read and diff: the layout of the IR document.
///
/// A value that fits on the rest of its line (`width` columns, counted in Unicode scalars, a trailing
/// comma included) is written there on one line: `{"a": 1, "b": [2, 3]}`. A container that does not
/// fit is broken, one member per line, indented by two spaces. An array of records (objects of two
/// keys or more) that cannot each fit on a line of their own hugs them, `[{`, one key per line,
/// `}, {`, …, `}]`, so that lists of pages, sections and fields cost no indentation of their own. Keys in node order; a trailing newline.
/// Scalars are written as `JSONStreamWriter` writes them (non-finite doubles as `null`, dates as
/// strings, data as base64 strings).
///
/// The document is a `Node` or a `FittedNode`, whose lists are made as the writer reaches them: every
/// decision looks at most one line ahead (a measure stops once the width is spent) except whether a
/// list hugs, which looks at each element's keys once before the list is written.
public struct JSONFittedWriter {
    /// The line width containers are fitted into.
    public let width: Int
    private var out: [UInt8] = []

    /// A writer fitting lines into `width` columns.
    public init(width: Int = 100) { self.width = width }

    /// The document's bytes.
    public static func write(_ node: Node, width: Int = 100) -> [UInt8] {
        write(.node(node), width: width)
    }

    /// The document's bytes, its lists made one element at a time.
    public static func write(_ document: FittedNode, width: Int = 100) -> [UInt8] {
        var writer = JSONFittedWriter(width: width)
        writer.value(document, indent: 0, column: 0, trailing: 0)
        writer.out.append(0x0A)
        return writer.out
    }

    /// `column`: where the value starts on its line; `trailing`: the columns that follow it there.
    private mutating func value(_ v: FittedNode, indent: Int, column: Int, trailing: Int) {
        if let n = v.memberCount, n > 0, !fits(v, from: column + trailing) {
            object(v, count: n, indent: indent)
        } else if let n = v.elementCount, n > 0, !fits(v, from: column + trailing) {
            if hugs(v, count: n, indent: indent) { huggedArray(v, count: n, indent: indent) } else { array(v, count: n, indent: indent) }
        } else {
            flat(v)
        }
    }

    private func fits(_ v: FittedNode, from column: Int) -> Bool {
        var budget = width - column
        return Self.measure(v, &budget)
    }

    /// Whether the `count` elements of `list` are records, objects of two keys or more, one of which does
    /// not fit on a line of its own. (One-key objects, such as `{"and": […]}`, are written one per line
    /// like other values.)
    private func hugs(_ list: FittedNode, count: Int, indent: Int) -> Bool {
        var tooWide = false
        for i in 0..<count {
            let item = list.element(i)
            guard let members = item.memberCount, members >= 2 else { return false }
            if !tooWide { tooWide = !fits(item, from: (indent + 1) * 2 + (i < count - 1 ? 1 : 0)) }
        }
        return tooWide
    }

    private mutating func object(_ o: FittedNode, count: Int, indent: Int) {
        out.append(UInt8(ascii: "{"))
        for i in 0..<count {
            let entry = o.member(i)
            if i > 0 { out.append(UInt8(ascii: ",")) }
            newline(indent + 1)
            JSONStreamWriter.appendQuoted(entry.key, to: &out)
            out.append(contentsOf: ": ".utf8)
            value(entry.value, indent: indent + 1, column: (indent + 1) * 2 + Self.quotedWidth(entry.key) + 2,
                  trailing: i < count - 1 ? 1 : 0)
        }
        newline(indent)
        out.append(UInt8(ascii: "}"))
    }

    private mutating func array(_ list: FittedNode, count: Int, indent: Int) {
        out.append(UInt8(ascii: "["))
        for i in 0..<count {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            newline(indent + 1)
            value(list.element(i), indent: indent + 1, column: (indent + 1) * 2, trailing: i < count - 1 ? 1 : 0)
        }
        newline(indent)
        out.append(UInt8(ascii: "]"))
    }

    /// `[{` … `}, {` … `}]`: every object broken, its keys one level deeper than the array's line.
    private mutating func huggedArray(_ list: FittedNode, count: Int, indent: Int) {
        out.append(UInt8(ascii: "["))
        for i in 0..<count {
            if i > 0 { out.append(contentsOf: ", ".utf8) }
            let item = list.element(i)
            if let members = item.memberCount { object(item, count: members, indent: indent) }
        }
        out.append(UInt8(ascii: "]"))
    }

    /// The value on one line: `, ` between members, `: ` after keys.
    private mutating func flat(_ v: FittedNode) {
        switch v {
        case .node(let node): flat(node)
        case .object(let entries):
            out.append(UInt8(ascii: "{"))
            for (i, entry) in entries.enumerated() {
                if i > 0 { out.append(contentsOf: ", ".utf8) }
                JSONStreamWriter.appendQuoted(entry.0, to: &out)
                out.append(contentsOf: ": ".utf8)
                flat(entry.1)
            }
            out.append(UInt8(ascii: "}"))
        case .list(let count, let element):
            out.append(UInt8(ascii: "["))
            for i in 0..<count {
                if i > 0 { out.append(contentsOf: ", ".utf8) }
                flat(element(i))
            }
            out.append(UInt8(ascii: "]"))
        }
    }

    private mutating func flat(_ node: Node) {
        switch node.kind {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .int(let i): out.append(contentsOf: String(i).utf8)
        case .double(let d): out.append(contentsOf: (d.isFinite ? d.description : "null").utf8)
        case .string(let s), .date(let s): JSONStreamWriter.appendQuoted(s, to: &out)
        case .data(let d): JSONStreamWriter.appendQuoted(Base64.encode(d), to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(contentsOf: ", ".utf8) }
                flat(item)
            }
            out.append(UInt8(ascii: "]"))
        case .mapping(let entries):
            out.append(UInt8(ascii: "{"))
            for (i, entry) in entries.enumerated() {
                if i > 0 { out.append(contentsOf: ", ".utf8) }
                JSONStreamWriter.appendQuoted(entry.key, to: &out)
                out.append(contentsOf: ": ".utf8)
                flat(entry.value)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private mutating func newline(_ indent: Int) {
        out.append(0x0A)
        out.append(contentsOf: repeatElement(0x20, count: indent * 2))
    }
}

/// Widths of values written on one line, in Unicode scalars. Each measure subtracts from `budget` and
/// stops as soon as it is spent, so asking whether a large subtree fits costs no more than a line (and
/// makes no more of a `FittedNode`'s lists than a line holds).
extension JSONFittedWriter {
    /// Whether the one-line form of `v` fits in `budget` columns; `budget` keeps what is left.
    static func measure(_ v: FittedNode, _ budget: inout Int) -> Bool {
        switch v {
        case .node(let node): return measure(node, &budget)
        case .object(let entries):
            budget -= 2 + 2 * max(0, entries.count - 1) + 2 * entries.count
            for entry in entries {
                guard budget >= 0, measureQuoted(entry.0, &budget), measure(entry.1, &budget) else { return false }
            }
        case .list(let count, let element):
            budget -= 2 + 2 * max(0, count - 1)
            for i in 0..<count {
                guard budget >= 0, measure(element(i), &budget) else { return false }
            }
        }
        return budget >= 0
    }

    /// Whether the one-line form of `node` fits in `budget` columns; `budget` keeps what is left.
    static func measure(_ node: Node, _ budget: inout Int) -> Bool {
        switch node.kind {
        case .null: budget -= 4
        case .bool(let b): budget -= b ? 4 : 5
        case .int(let i): budget -= String(i).utf8.count
        case .double(let d): budget -= d.isFinite ? d.description.utf8.count : 4
        case .string(let s), .date(let s): return measureQuoted(s, &budget)
        case .data(let d): budget -= 2 + (d.count + 2) / 3 * 4
        case .array(let items):
            budget -= 2 + 2 * max(0, items.count - 1)
            for item in items {
                guard budget >= 0, measure(item, &budget) else { return false }
            }
        case .mapping(let entries):
            budget -= 2 + 2 * max(0, entries.count - 1) + 2 * entries.count
            for entry in entries {
                guard budget >= 0, measureQuoted(entry.key, &budget), measure(entry.value, &budget) else { return false }
            }
        }
        return budget >= 0
    }

    static func measureQuoted(_ s: String, _ budget: inout Int) -> Bool {
        budget -= 2
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x0A, 0x0D, 0x09, 0x08, 0x0C: budget -= 2
            case ..<0x20: budget -= 6
            case 0x80..<0xC0: break
            default: budget -= 1
            }
            if budget < 0 { return false }
        }
        return true
    }

    static func quotedWidth(_ s: String) -> Int {
        var budget = Int.max / 2
        _ = measureQuoted(s, &budget)
        return Int.max / 2 - budget
    }
}
