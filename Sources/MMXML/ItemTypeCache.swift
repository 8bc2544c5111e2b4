import Foundation
import FormIR

/// `MMItemType.lookup` of the type names a document's items give, with a blank field of that type,
/// remembered by their bytes: a form names a handful of types thousands of times, and this finds one
/// again without making a `String` and hashing it (some 600 instructions an item); an item's field
/// starts as a copy of the blank one, made where the field ends (`appendBlank`).
struct ItemTypeCache {
    typealias Entry = (type: (type: MMItemType, isLegacy: Bool)?, blank: Field)

    /// Direct-mapped by a hash of the bytes; a colliding name replaces the slot. Where each slot's
    /// name lies in the bytes (`count` -1: empty), apart from the entries, so that checking a slot
    /// copies no field.
    private var keys = [(start: Int, count: Int)](repeating: (0, -1), count: 64)
    private var entries = [Entry?](repeating: nil, count: 64)

    /// Appends the blank field of the type named at `range` of `bytes` to `fields` and returns the
    /// type; `lookUp` reads a name not seen yet. The blank is copied once, from the cache into the
    /// array, where the item's reader fills it in place.
    mutating func appendBlank(_ range: Range<Int>, in bytes: [UInt8], to fields: inout [Field],
                              orElse lookUp: () -> Entry) -> (type: MMItemType, isLegacy: Bool)? {
        let slot = bytes.withUnsafeBufferPointer { b -> Int in
            var hash: UInt32 = 0x811c_9dc5
            for i in range { hash = (hash ^ UInt32(b[i])) &* 0x0100_0193 }
            return Int((hash ^ (hash >> 16)) & 63)
        }
        let key = keys[slot]
        let known = key.count == range.count && bytes.withUnsafeBufferPointer { b in
            memcmp(b.baseAddress! + key.start, b.baseAddress! + range.lowerBound, range.count) == 0
        }
        if !known {
            keys[slot] = (range.lowerBound, range.count)
            entries[slot] = lookUp()
        }
        fields.append(entries[slot]!.blank)
        return entries[slot]!.type
    }
}
