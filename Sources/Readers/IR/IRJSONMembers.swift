import DocumentTree
import FormIR

/// The members of one object of an IR document, read by key; the keys nobody read are `unread`.
struct IRJSONMembers {
    let element: IRJSONElement
    private let entries: [(key: String, keyLocation: SourceLocation?, value: Node)]
    private var read: Set<String> = []

    init(_ element: IRJSONElement) throws {
        guard case .mapping(let entries) = element.node.kind else { throw element.expected("an object") }
        self.element = element
        self.entries = entries
    }

    var keys: [String] { entries.map(\.key) }

    mutating func optional(_ key: String) -> IRJSONElement? {
        guard let entry = entries.first(where: { $0.key == key }) else { return nil }
        read.insert(key)
        return element.child(key, entry.value)
    }

    mutating func required(_ key: String) throws -> IRJSONElement {
        guard let e = optional(key) else { throw element.invalid(IRJSONMessage.missingKey(key)) }
        return e
    }

    mutating func string(_ key: String) throws -> String? { try optional(key)?.string() }
    mutating func int(_ key: String) throws -> Int? { try optional(key)?.int() }
    mutating func number(_ key: String) throws -> Double? { try optional(key)?.number() }
    /// A `Bool?`: absent is `nil`.
    mutating func bool(_ key: String) throws -> Bool? { try optional(key)?.bool() }
    /// A `Bool` that is `false` unless written.
    mutating func flag(_ key: String) throws -> Bool { try optional(key)?.bool() ?? false }

    /// A list, empty when absent.
    mutating func list<T>(_ key: String, _ read: (IRJSONElement) throws -> T) throws -> [T] {
        try optional(key)?.array().map(read) ?? []
    }

    /// The members not read, with where their keys stand.
    var unread: [(key: String, location: SourceLocation?)] {
        entries.filter { !read.contains($0.key) }.map { ($0.key, $0.keyLocation ?? $0.value.location) }
    }
}
