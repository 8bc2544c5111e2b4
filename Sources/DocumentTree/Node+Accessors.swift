import FormIR

/// Typed access for readers that walk a tree: each accessor returns `nil` when the node holds
/// something else, so a reader can report "expected a string, found an array" with `typeName`.
extension Node {
    /// The value of `key` in a mapping (the first one, should a document repeat it).
    public subscript(key: String) -> Node? {
        guard case .mapping(let entries) = kind else { return nil }
        return entries.first { $0.key == key }?.value
    }

    /// The element at `index` of an array, `nil` when out of range or not an array.
    public subscript(index: Int) -> Node? {
        guard case .array(let items) = kind, items.indices.contains(index) else { return nil }
        return items[index]
    }

    /// The text of a string node, else `nil`.
    public var stringValue: String? { if case .string(let s) = kind { return s }; return nil }
    /// The value of a boolean node, else `nil`.
    public var boolValue: Bool? { if case .bool(let b) = kind { return b }; return nil }
    /// An `.int`, or a `.double` with no fractional part within ±2^53.
    public var intValue: Int? {
        switch kind {
        case .int(let i): return i
        case .double(let d) where d == d.rounded() && abs(d) <= 9_007_199_254_740_992: return Int(d)
        default: return nil
        }
    }
    /// A `.double`, or an `.int` widened.
    public var doubleValue: Double? {
        switch kind {
        case .int(let i): return Double(i)
        case .double(let d): return d
        default: return nil
        }
    }
    /// The items of an array node, else `nil`.
    public var arrayValue: [Node]? { if case .array(let a) = kind { return a }; return nil }
    /// The entries of a mapping node in document order, with where each key is, else `nil`.
    public var mappingEntries: [(key: String, keyLocation: SourceLocation?, value: Node)]? {
        if case .mapping(let m) = kind { return m }; return nil
    }
    /// The keys of a mapping in document order.
    public var keys: [String]? { mappingEntries?.map(\.key) }
    /// The text of a date node (ISO 8601, as the plist held it), else `nil`.
    public var dateValue: String? { if case .date(let s) = kind { return s }; return nil }
    /// The bytes of a data node, else `nil`.
    public var dataValue: [UInt8]? { if case .data(let d) = kind { return d }; return nil }
    /// Whether the node is `null`.
    public var isNull: Bool { if case .null = kind { return true }; return false }

    /// The kind's name for messages: "a string", "an array", … ("expected a string, found \(typeName)").
    public var typeName: String {
        switch kind {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int: return "an integer"
        case .double: return "a number"
        case .string: return "a string"
        case .date: return "a date"
        case .data: return "data"
        case .array: return "an array"
        case .mapping: return "a mapping"
        }
    }

    /// Scalar text for formats that hold only strings: numbers and booleans as written in JSON.
    var scalarText: String? {
        switch kind {
        case .string(let s), .date(let s): return s
        case .int(let i): return String(i)
        case .double(let d): return Value.format(d)
        case .bool(let b): return b ? "true" : "false"
        default: return nil
        }
    }

    /// Convenience constructors for emitters building trees.
    public static func string(_ s: String) -> Node { Node(.string(s)) }
    /// An integer node without a position.
    public static func int(_ i: Int) -> Node { Node(.int(i)) }
    /// A boolean node without a position.
    public static func bool(_ b: Bool) -> Node { Node(.bool(b)) }
    /// A double node without a position.
    public static func double(_ d: Double) -> Node { Node(.double(d)) }
    /// An array node of `items`, without a position.
    public static func array(_ items: [Node]) -> Node { Node(.array(items)) }
    /// A mapping in the order given.
    public static func mapping(_ entries: [(String, Node)]) -> Node {
        Node(.mapping(entries.map { (key: $0.0, keyLocation: nil, value: $0.1) }))
    }
    /// A null node without a position.
    public static var null: Node { Node(.null) }
}
