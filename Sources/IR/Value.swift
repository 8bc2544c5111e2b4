/// A format-neutral value: default values, option values, property changes and extension data.
/// Not `indirect`: arrays and objects already live on the heap, and boxing every scalar cost a heap
/// allocation per option value, default value and extension value.
public enum Value: Hashable, Codable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    /// A reference to an object the host app supplies (RMSForm `:name` substitution). Never evaluated.
    case reference(String)
    /// A date as ISO 8601 text (plist `<date>`, row-schema date bounds).
    case date(String)
    /// Raw bytes as base64 (plist `<data>`).
    case data(String)
    case array([Value])
    /// Keys are unordered; emitters write them sorted unless the format keeps its own order elsewhere.
    case object([String: Value])

    /// The string, else `nil`.
    public var stringValue: String? { if case .string(let s) = self { return s }; return nil }
    /// The boolean, else `nil`.
    public var boolValue: Bool? { if case .bool(let b) = self { return b }; return nil }
    /// The value as an integer, when it is one, else `nil`.
    public var intValue: Int? {
        switch self {
        case .int(let i): return i
        case .double(let d) where d == d.rounded() && abs(d) < 1e15: return Int(d)
        default: return nil
        }
    }
    /// The value as a double when it is a number, else `nil`.
    public var doubleValue: Double? {
        switch self { case .int(let i): return Double(i); case .double(let d): return d; default: return nil }
    }
    /// The items of an array, else `nil`.
    public var arrayValue: [Value]? { if case .array(let a) = self { return a }; return nil }
    /// The entries of an object, else `nil`.
    public var objectValue: [String: Value]? { if case .object(let o) = self { return o }; return nil }

    /// Text for display in messages and for formats that hold only strings.
    public var displayText: String {
        switch self {
        case .null: return "nil"
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d): return Value.format(d)
        case .string(let s), .date(let s), .data(let s): return s
        case .reference(let r): return r
        case .array(let a): return "[" + a.map(\.displayText).joined(separator: ", ") + "]"
        case .object(let o): return "{" + o.keys.sorted().map { "\($0): \(o[$0]!.displayText)" }.joined(separator: ", ") + "}"
        }
    }

    /// Shortest text for a double: `3` for 3.0, `2.5` for 2.5.
    public static func format(_ d: Double) -> String {
        if d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) }
        return String(d)
    }
}

/// Format-specific data with no IR concept, kept so a same-format round trip loses nothing.
/// Keys are namespaced by format: `mmxml.receipt`, `xlform.cellConfig`, `rmsform.className`.
public typealias Extensions = [String: Value]
