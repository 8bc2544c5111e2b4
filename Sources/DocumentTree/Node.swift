import FormIR

/// A document tree that keeps where every value came from: what YAML, JSON and plist readers build,
/// and what JSON, YAML and plist writers take (mappings keep their order).
public struct Node: Hashable, Sendable {
    /// Not `indirect`: arrays and mappings already live on the heap, and boxing every scalar doubles
    /// the allocations of a multi-megabyte document.
    public enum Kind: Hashable, Sendable {
        case null
        case bool(Bool)
        case int(Int)
        case double(Double)
        case string(String)
        /// plist `<date>` (ISO 8601 text).
        case date(String)
        /// plist `<data>` (the raw bytes).
        case data([UInt8])
        case array([Node])
        /// In document order; keys are strings (YAML non-string keys are reported by the parser).
        case mapping([(key: String, keyLocation: SourceLocation?, value: Node)])

        /// Equal values: positions of mapping keys are not compared.
        public static func == (a: Kind, b: Kind) -> Bool {
            switch (a, b) {
            case (.null, .null): return true
            case let (.bool(x), .bool(y)): return x == y
            case let (.int(x), .int(y)): return x == y
            case let (.double(x), .double(y)): return x == y
            case let (.string(x), .string(y)), let (.date(x), .date(y)): return x == y
            case let (.data(x), .data(y)): return x == y
            case let (.array(x), .array(y)): return x == y
            case let (.mapping(x), .mapping(y)):
                return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
            default: return false
            }
        }
        /// Hashes the value, consistent with `==`.
        public func hash(into h: inout Hasher) {
            switch self {
            case .null: h.combine(0)
            case .bool(let b): h.combine(b)
            case .int(let i): h.combine(i)
            case .double(let d): h.combine(d)
            case .string(let s), .date(let s): h.combine(s)
            case .data(let d): h.combine(d)
            case .array(let a): h.combine(a)
            case .mapping(let m): for e in m { h.combine(e.key); h.combine(e.value) }
            }
        }
    }

    /// What the node holds: a scalar, an array or a mapping.
    public var kind: Kind
    /// Where the value starts; `nil` for nodes built by emitters. Not part of equality.
    public var location: SourceLocation?
    /// YAML: the scalar was quoted (so `"1"` is a string, never a number). Writers may use it as a hint.
    public var isQuoted: Bool

    /// A node holding `kind`, found at `location`; `quoted` for a YAML scalar written in quotes.
    public init(_ kind: Kind, at location: SourceLocation? = nil, quoted: Bool = false) {
        self.kind = kind
        self.location = location
        self.isQuoted = quoted
    }

    /// Nodes are equal when their values are: positions and quoting are not compared.
    public static func == (a: Node, b: Node) -> Bool { a.kind == b.kind }
    /// Hashes the value only, consistent with `==`.
    public func hash(into h: inout Hasher) { h.combine(kind) }
}
