import FormIR
import DocumentTree

/// Positions inside string values: a predicate error at scalar `k` of the decoded text is reported at
/// the column where that scalar is written, counting escapes (`\"`, `\u00e9`, YAML `''`) as written.
extension RowSchemaBuilder {
    /// The location of the `offset`-th decoded scalar (0-based) of the string `node`.
    func location(in node: Node, scalarOffset offset: Int) -> SourceLocation? {
        guard var start = node.location else { return nil }
        let quoted = quotedStrings || node.isQuoted
        guard quoted, let line = sourceLine(start.line) else {
            start.column += offset
            return start
        }
        let first = start.column - 1
        guard first < line.count else { return nil }
        let quote = line[first]
        var i = first + 1
        var decoded = 0
        while decoded < offset {
            guard i < line.count else { start.column += offset + 1; return start }
            let c = line[i]
            if c == "\\" && quote == "\"" {
                let next = i + 1 < line.count ? line[i + 1] : " "
                switch next {
                case "u":
                    i += 6
                    if i + 1 < line.count, line[i] == "\\", line[i + 1] == "u", isHighSurrogate(line, i - 4) { i += 6 }
                case "x": i += 4
                case "U": i += 10
                default: i += 2
                }
            } else if c == "'" && quote == "'" && i + 1 < line.count && line[i + 1] == "'" {
                i += 2
            } else {
                i += 1
            }
            decoded += 1
        }
        start.column = i + 1
        return start
    }

    private func isHighSurrogate(_ line: [Unicode.Scalar], _ at: Int) -> Bool {
        guard at + 4 <= line.count else { return false }
        let hex = String(String.UnicodeScalarView(line[at..<(at + 4)]))
        guard let v = UInt32(hex, radix: 16) else { return false }
        return (0xD800...0xDBFF).contains(v)
    }

    /// Line `n` (1-based) of the source as Unicode scalars, when the source bytes are known.
    func sourceLine(_ n: Int) -> [Unicode.Scalar]? {
        guard let source, n >= 1 else { return nil }
        var line = 1
        var start = 0
        if n > 1 {
            var found = false
            for (i, b) in source.enumerated() where b == 0x0A {
                line += 1
                if line == n { start = i + 1; found = true; break }
            }
            if !found { return nil }
        }
        var end = start
        while end < source.count && source[end] != 0x0A { end += 1 }
        var scalars = Array(String(decoding: source[start..<end], as: UTF8.self).unicodeScalars)
        if n == 1, scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        if scalars.last == "\r" { scalars.removeLast() }
        return scalars
    }
}
