/// The ordinal of the first field with each id (the row schema's states, and the item names of a form
/// converted a page at a time): an open-addressing table on an FNV-1a hash of the
/// ids' UTF-8 bytes. `Dictionary<String, Int>` hashed each id with seeded SipHash, most of the ~370
/// instructions an insert cost; the ids come from the form being converted.
///
/// Byte hashing is right only for ASCII: Swift compares other strings by canonical equivalence
/// (KELVIN SIGN equals `K`), so once a non-ASCII id is recorded the table becomes a `Dictionary`.
public struct RowIDTable: Sendable {
    /// Per slot: 1 + the index in `ids` of the id there, or 0 for an empty slot. A power of two long,
    /// at most half full.
    private var slots: [Int32]
    /// The ids in the order they were first seen, and each one's ordinal.
    private var ids: [String] = []
    private var ordinals: [Int] = []
    /// Every id and its ordinal, once an id is not ASCII (`slots` is then unused).
    private var general: [String: Int]?

    /// A table for about `count` ids.
    public init(capacity count: Int) {
        var size = 16
        while size < count * 2 { size <<= 1 }
        slots = Array(repeating: 0, count: size)
        ids.reserveCapacity(count)
        ordinals.reserveCapacity(count)
    }

    /// The ordinal recorded for `id`; records `next` as that when `id` is new.
    public mutating func ordinal(of id: String, next: Int) -> Int {
        if general == nil, let hash = Self.asciiHash(id) {
            let (slot, found) = find(id, hash: hash)
            if let found { return ordinals[found] }
            ids.append(id)
            ordinals.append(next)
            slots[slot] = Int32(truncatingIfNeeded: ids.count)
            if ids.count * 2 > slots.count { grow() }
            return next
        }
        makeGeneral()
        func read(_ value: inout Int) -> Int { value }
        return read(&general![id, default: next])
    }

    /// The ordinal recorded for `id`, or `nil`.
    public func ordinal(of id: String) -> Int? {
        if let general { return general[id] }
        // Not ASCII: only an id canonically equivalent to it can match, found by comparing (never
        // reached from a field's own id, whose table would be general).
        guard let hash = Self.asciiHash(id) else { return ids.firstIndex(of: id).map { ordinals[$0] } }
        return find(id, hash: hash).found.map { ordinals[$0] }
    }

    /// The slot of `id`, and the index of `id` in `ids` when it is there (else the slot is the empty
    /// one where it goes).
    private func find(_ id: String, hash: UInt64) -> (slot: Int, found: Int?) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        return slots.withUnsafeBufferPointer { slots in
            while true {
                let entry = Int(slots[slot])
                if entry == 0 { return (slot, nil) }
                if ids[entry - 1] == id { return (slot, entry - 1) }
                slot = (slot + 1) & mask
            }
        }
    }

    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for i in ids.indices {
            var slot = Int(truncatingIfNeeded: Self.asciiHash(ids[i])!) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(truncatingIfNeeded: i + 1)
        }
    }

    /// Moves the ids recorded so far into `general`.
    private mutating func makeGeneral() {
        guard general == nil else { return }
        var d: [String: Int] = [:]
        d.reserveCapacity(ids.count * 2)
        for i in ids.indices { d[ids[i]] = ordinals[i] }
        general = d
        slots = []
        ids = []
        ordinals = []
    }

    /// FNV-1a over the UTF-8 bytes with its high bits folded in (the table uses the low ones); `nil`
    /// when a byte is not ASCII.
    private static func asciiHash(_ id: String) -> UInt64? {
        func fnv(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            var all: UInt8 = 0
            for b in bytes {
                all |= b
                h = (h ^ UInt64(b)) &* 0x100_0000_01b3
            }
            return all < 0x80 ? h ^ (h >> 29) : nil
        }
        if let h = id.utf8.withContiguousStorageIfAvailable(fnv) { return h }
        var id = id
        return id.withUTF8(fnv)
    }
}
