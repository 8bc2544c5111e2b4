import Foundation
import FormIR
import DocumentTree

/// One key of a mapping with its positions.
struct RowEntry {
    var key: String
    var keyLocation: SourceLocation?
    var value: Node
    /// Where diagnostics about this entry point: the key, else the value.
    var location: SourceLocation? { keyLocation ?? value.location }
}

/// Maps a row-schema tree to the IR, collecting diagnostics. One builder per document.
struct RowSchemaBuilder {
    let file: String
    /// JSON strings are always quoted; YAML says per scalar (`Node.isQuoted`).
    let quotedStrings: Bool
    /// The document's bytes, to place errors inside strings with escapes; `nil` for trees built in code.
    let source: [UInt8]?
    var diagnostics = Diagnostics()
    /// Rules made from row `hidden`/`disabled` predicates, in document order.
    var rules: [Rule] = []
    /// Row ids seen so far, with where each was first defined.
    var seenIDs: [String: SourceLocation?] = [:]

    init(file: String, quotedStrings: Bool, source: [UInt8]? = nil) {
        self.file = file
        self.quotedStrings = quotedStrings
        self.source = source
    }

    // MARK: Node access

    /// The entries of a mapping node (empty for other nodes).
    static func entries(_ node: Node) -> [RowEntry] {
        guard case .mapping(let m) = node.kind else { return [] }
        return m.map { RowEntry(key: $0.key, keyLocation: $0.keyLocation, value: $0.value) }
    }

    /// A short description of a node's type for messages.
    static func describe(_ node: Node) -> String {
        switch node.kind {
        case .null: "null"
        case .bool: "a boolean"
        case .int, .double: "a number"
        case .string, .date: "a string"
        case .data: "data"
        case .array: "an array"
        case .mapping: "an object"
        }
    }

    func location(_ node: Node) -> SourceLocation? { node.location }

    mutating func mismatch(_ e: RowEntry, expected: String, path: String) {
        diagnostics.error(RowSchemaDiagnostic.typeMismatch,
                          "'\(e.key)' must be \(expected), found \(Self.describe(e.value))",
                          at: e.value.location ?? e.keyLocation, path: path)
    }

    mutating func string(_ e: RowEntry, path: String) -> String? {
        if case .string(let s) = e.value.kind { return s }
        mismatch(e, expected: "a string", path: path)
        return nil
    }

    mutating func bool(_ e: RowEntry, path: String) -> Bool? {
        if case .bool(let b) = e.value.kind { return b }
        mismatch(e, expected: "a boolean", path: path)
        return nil
    }

    mutating func number(_ e: RowEntry, path: String) -> Double? {
        switch e.value.kind {
        case .int(let i): return Double(i)
        case .double(let d): return d
        default:
            mismatch(e, expected: "a number", path: path)
            return nil
        }
    }

    mutating func int(_ e: RowEntry, path: String) -> Int? {
        if case .int(let i) = e.value.kind { return i }
        if case .double(let d) = e.value.kind, d == d.rounded(), abs(d) < 1e15 { return Int(d) }
        mismatch(e, expected: "an integer", path: path)
        return nil
    }

    mutating func array(_ e: RowEntry, path: String) -> [Node]? {
        if case .array(let a) = e.value.kind { return a }
        mismatch(e, expected: "an array", path: path)
        return nil
    }

    mutating func mapping(_ e: RowEntry, path: String) -> [RowEntry]? {
        if case .mapping = e.value.kind { return Self.entries(e.value) }
        mismatch(e, expected: "an object", path: path)
        return nil
    }

    /// A string that must be one of `allowed`.
    mutating func choice(_ e: RowEntry, _ allowed: [String], path: String) -> String? {
        guard let s = string(e, path: path) else { return nil }
        if allowed.contains(s) { return s }
        diagnostics.error(RowSchemaDiagnostic.invalidValue,
                          "'\(e.key)' is '\(s)'; expected one of \(allowed.joined(separator: ", "))",
                          at: e.value.location ?? e.keyLocation, path: path)
        return nil
    }

    // MARK: Shared reporting

    mutating func unknownKey(_ e: RowEntry, in what: String, path: String, into ext: inout Extensions) {
        if e.key.hasPrefix("x-") {
            ext["rowschema.key.\(e.key)"] = Self.value(e.value)
            return
        }
        diagnostics.warning(RowSchemaDiagnostic.unknownKey,
                            "unknown \(what) key '\(e.key.excerpt())' (kept for round trips)", at: e.location, path: path)
        ext["rowschema.key.\(e.key)"] = Self.value(e.value)
    }

    mutating func laterRevision(_ e: RowEntry, _ what: String, path: String) {
        diagnostics.note(RowSchemaDiagnostic.laterRevision,
                         "\(what) is the row schema's later revision; formconv writes the first revision",
                         at: e.location, path: path)
    }

    /// Keeps a later-revision key that the first revision cannot say.
    mutating func keepLater(_ e: RowEntry, path: String, into ext: inout Extensions) {
        laterRevision(e, "'\(e.key)'", path: path)
        ext["rowschema.later.\(e.key)"] = Self.value(e.value)
    }

    /// A tree value as an IR `Value` (mapping order is not kept).
    static func value(_ node: Node) -> Value { node.toValue() }
}
