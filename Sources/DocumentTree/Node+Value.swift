import FormIR

/// Conversions between document trees and the IR's format-neutral `Value`.
extension Node {
    /// The node as an IR value: mappings become objects (order is dropped), data becomes base64.
    /// When a mapping repeats a key, the first value wins (readers have reported the duplicate).
    public func toValue() -> Value {
        switch kind {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .int(let i): return .int(i)
        case .double(let d): return .double(d)
        case .string(let s): return .string(s)
        case .date(let s): return .date(s)
        case .data(let d): return .data(Base64.encode(d))
        case .array(let a): return .array(a.map { $0.toValue() })
        case .mapping(let m):
            var o: [String: Value] = [:]
            for e in m where o[e.key] == nil { o[e.key] = e.value.toValue() }
            return .object(o)
        }
    }

    /// A tree for an IR value: objects with sorted keys, `.reference(s)` as the string `s`,
    /// `.data` decoded from base64 (kept as a string when it is not base64), `.date` as a date.
    public init(value: Value) {
        switch value {
        case .null: self.init(.null)
        case .bool(let b): self.init(.bool(b))
        case .int(let i): self.init(.int(i))
        case .double(let d): self.init(.double(d))
        case .string(let s), .reference(let s): self.init(.string(s))
        case .date(let s): self.init(.date(s))
        case .data(let s):
            if let bytes = Base64.decode(s.utf8) { self.init(.data(bytes)) } else { self.init(.string(s)) }
        case .array(let a): self.init(.array(a.map { Node(value: $0) }))
        case .object(let o):
            self.init(.mapping(o.keys.sorted().map { (key: $0, keyLocation: nil, value: Node(value: o[$0]!)) }))
        }
    }
}
