import CYAML
import FormIR

/// Reads YAML (and JSON, a YAML subset) through libyaml's event API into a `Node` tree with positions.
///
/// Covers the first document of a stream under the YAML 1.2 core schema: plain scalars resolve to
/// null, booleans, integers (decimal, `0o`, `0x`) and floats; quoted and block scalars are strings
/// (`isQuoted`). Only the core tags are accepted (`!!str !!int !!float !!bool !!null !!seq !!map`).
/// Anchors and aliases work, with the total nodes aliases add bounded by `limits.maxAliasNodes`
/// (`yaml.alias-budget`, thrown) and nesting by `limits.maxDepth` (`yaml.too-deep`, thrown).
/// Duplicate keys (`yaml.duplicate-key`), unknown tags (`yaml.unknown-tag`), non-scalar keys
/// (`yaml.non-scalar-key`) are error diagnostics; further documents a `yaml.extra-document` warning.
/// `<<` is an ordinary key (merge keys are YAML 1.1). libyaml errors throw `yaml.syntax`.
public enum YAMLReader {
    /// Parses the first YAML document of `bytes` into a tree located in file `name`; problems go to
    /// `diagnostics`, and it throws on a syntax error.
    public static func parse(_ bytes: [UInt8], name: String, limits: ParseLimits = ParseLimits(),
                             diagnostics: inout Diagnostics) throws -> Node {
        guard !bytes.isEmpty else { return Node(.null, at: SourceLocation(file: name, line: 1, column: 1)) }
        var builder = YAMLTreeBuilder(file: name, limits: limits)
        try bytes.withUnsafeBufferPointer { buffer in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else {
                throw ReadFailure(id: "yaml.syntax", "libyaml could not start (out of memory)")
            }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var event = yaml_event_t()
            var done = false
            while !done {
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    throw syntaxFailure(parser, bytes: bytes, file: name)
                }
                defer { yaml_event_delete(&event) }
                done = try builder.handle(event)
            }
        }
        diagnostics.append(contentsOf: builder.diagnostics.items)
        return builder.root ?? Node(.null, at: SourceLocation(file: name, line: 1, column: 1))
    }

    /// Parses `text` (convenience for tests and small inline documents).
    public static func parse(_ text: String, name: String = "<string>", limits: ParseLimits = ParseLimits(),
                             diagnostics: inout Diagnostics) throws -> Node {
        try parse(Array(text.utf8), name: name, limits: limits, diagnostics: &diagnostics)
    }

    /// libyaml's own problem text and position as a `yaml.syntax` failure.
    static func syntaxFailure(_ parser: yaml_parser_t, bytes: [UInt8], file: String) -> ReadFailure {
        let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        if parser.error == YAML_READER_ERROR {
            let at = TextPosition.locate(offset: parser.problem_offset, in: bytes, file: file)
            return ReadFailure(id: "yaml.syntax", problem, at: at)
        }
        var message = problem
        let end = location(parser.problem_mark, file: file)
        let eof = TextPosition.locate(offset: bytes.count, in: bytes, file: file)
        if let context = parser.context, end.line > eof.line || (end.line == eof.line && end.column >= eof.column) {
            // The file ends inside a construct: point at where it opens, which is where the fix goes.
            let what = String(cString: context).replacingOccurrences(of: "while scanning ", with: "")
                .replacingOccurrences(of: "while parsing ", with: "")
            return ReadFailure(id: "yaml.syntax", Message.unclosed(what, problem: problem, end: end),
                               at: location(parser.context_mark, file: file))
        }
        if let context = parser.context {
            let m = parser.context_mark
            message += " (\(String(cString: context)) started at \(m.line + 1):\(m.column + 1))"
        }
        return ReadFailure(id: "yaml.syntax", message, at: end)
    }

    /// libyaml marks are 0-based and count characters; `SourceLocation` is 1-based.
    static func location(_ mark: yaml_mark_t, file: String) -> SourceLocation {
        SourceLocation(file: file, line: mark.line + 1, column: mark.column + 1)
    }
}

/// Messages of the YAML reader, declared once.
extension YAMLReader {
    enum Message {
        static func tooDeep(_ max: Int) -> String { "nesting deeper than \(max) levels" }
        static func unclosed(_ what: String, problem: String, end: SourceLocation) -> String {
            "\(what) starts here and the file ends before it is closed (\(problem) at \(end.line):\(end.column))"
        }
        static func aliasBudget(_ alias: String, _ max: Int) -> String {
            "alias '*\(alias)' expands the document beyond \(max) nodes (maxAliasNodes; every \(YAMLTreeBuilder.scalarBytesPerNode) bytes of text count as one); refusing to expand"
        }
        static func undefinedAlias(_ alias: String) -> String { "alias '*\(alias)' refers to no anchor defined before it" }
        static func duplicateKey(_ key: String, first: SourceLocation, second: SourceLocation) -> String {
            "duplicate key '\(key)' at \(second.line):\(second.column) (first at \(first.line):\(first.column)); the first value is kept"
        }
        static func unknownTag(_ tag: String) -> String {
            "unsupported tag '\(tag)' (only !!str, !!int, !!float, !!bool, !!null, !!seq and !!map); read as untagged"
        }
        static func tagMismatch(_ tag: String, _ what: String) -> String { "tag '\(tag)' cannot apply to \(what)" }
        static func invalidTagged(_ text: String, _ tag: String) -> String { "'\(text)' is not a valid \(tag) value; read as a string" }
        static let nonScalarKey = "mapping key is not a scalar; the entry is skipped"
        static let extraDocument = "the stream holds more than one document; only the first is read"
    }

    /// `!!int` for core tags, the tag as written otherwise.
    static func shortTag(_ tag: String) -> String {
        tag.hasPrefix(YAMLScalarResolver.tagPrefix) ? "!!" + tag.dropFirst(YAMLScalarResolver.tagPrefix.count) : tag
    }
}
