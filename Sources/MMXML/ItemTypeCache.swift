import Foundation
import FormIR

/// `MMItemType.lookup` of the type names a document's items give, with a blank field of that type,
/// remembered by their bytes: a form names a handful of types thousands of times, and this finds one
/// again without making a `String` and hashing it (some 600 instructions an item); an item's field
/// starts as a copy of the blank one.
struct ItemTypeCache {
    typealias Entry = (type: (type: MMItemType, isLegacy: Bool)?, blank: Field)

    private struct Slot {
        var start: Int
        var count: Int
        var entry: Entry
    }

    /// Direct-mapped by a hash of the bytes; a colliding name replaces the slot.
    private var slots = [Slot?](repeating: nil, count: 64)

    /// The lookup of the type name at `range` of `bytes`; `lookUp` reads a name not seen yet.
    mutating func lookup(_ range: Range<Int>, in bytes: [UInt8], orElse lookUp: () -> Entry) -> Entry {
        let slot = bytes.withUnsafeBufferPointer { b -> Int in
            var hash: UInt32 = 0x811c_9dc5
            for i in range { hash = (hash ^ UInt32(b[i])) &* 0x0100_0193 }
            return Int((hash ^ (hash >> 16)) & 63)
        }
        if let known = slots[slot], known.count == range.count, bytes.withUnsafeBufferPointer({ b in
            memcmp(b.baseAddress! + known.start, b.baseAddress! + range.lowerBound, range.count) == 0
        }) {
            return known.entry
        }
        let entry = lookUp()
        slots[slot] = Slot(start: range.lowerBound, count: range.count, entry: entry)
        return entry
    }
}
