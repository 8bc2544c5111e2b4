/// The ordinal of the first field with each id: how the row schema's states find a rule's rows.
public struct RowIDTable: Sendable {
    private var ordinals: [String: Int] = [:]

    /// A table for about `count` ids.
    public init(capacity count: Int) {
        ordinals.reserveCapacity(count)
    }

    /// The ordinal recorded for `id`; records `next` as that when `id` is new.
    public mutating func ordinal(of id: String, next: Int) -> Int {
        // One hashed lookup: the defaulted subscript finds the id's entry, making it when it is new.
        Self.read(&ordinals[id, default: next])
    }

    private static func read(_ ordinal: inout Int) -> Int { ordinal }

    /// The ordinal recorded for `id`, or `nil`.
    public func ordinal(of id: String) -> Int? { ordinals[id] }
}
