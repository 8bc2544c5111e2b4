/// The ordinal of the first field with each id: how the row schema's states find a rule's rows.
///
/// Ordinals are kept as `Int32` (a form's fields could not number 2³¹ in memory): a bucket of the
/// table takes 20 bytes, not 24.
public struct RowIDTable: Sendable {
    private var ordinals: [String: Int32] = [:]

    /// A table for about `count` ids.
    public init(capacity count: Int) {
        ordinals.reserveCapacity(count)
    }

    /// The ordinal recorded for `id`; records `next` as that when `id` is new.
    public mutating func ordinal(of id: String, next: Int) -> Int {
        // One hashed lookup: the defaulted subscript finds the id's entry, making it when it is new.
        Int(Self.read(&ordinals[id, default: Int32(next)]))
    }

    private static func read(_ ordinal: inout Int32) -> Int32 { ordinal }

    /// The ordinal recorded for `id`, or `nil`.
    public func ordinal(of id: String) -> Int? { ordinals[id].map(Int.init) }
}
