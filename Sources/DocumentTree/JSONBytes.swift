import FormIR

/// Where the JSON writers put bytes: single bytes and runs copied as they are (`JSONStreamWriter`'s
/// escaping writes into either kind).
protocol JSONByteOutput {
    mutating func append(_ byte: UInt8)
    mutating func append(_ run: UnsafeBufferPointer<UInt8>)
}

extension Array: JSONByteOutput where Element == UInt8 {
    mutating func append(_ run: UnsafeBufferPointer<UInt8>) { append(contentsOf: run) }
}

/// The bytes `JSONStreamWriter` has written: an array whose room is all in its count (the room not yet
/// written is zeros), so a run is copied in at the written end through one pointer.
/// `Array.append(contentsOf:)` of a short run, as a key, an indentation or a string value is, took
/// 95–125 instructions through the generic copy path; this copy is a bounds check and a `memcpy`.
struct JSONBytes: JSONByteOutput {
    /// The written bytes, then the room, zeros.
    private var storage: [UInt8]
    /// How many bytes are written.
    private(set) var count = 0

    /// An empty buffer with room for `capacity` bytes.
    init(capacity: Int) { storage = [UInt8](repeating: 0, count: Swift.max(capacity, 64)) }

    /// The written bytes.
    var bytes: [UInt8] { Array(storage[..<count]) }

    /// Forgets the written bytes, keeping the room.
    mutating func removeAll() { count = 0 }

    /// The written bytes, leaving the buffer empty, with no room.
    mutating func take() -> [UInt8] {
        storage.removeLast(storage.count - count)
        defer {
            storage = []
            count = 0
        }
        return storage
    }

    mutating func append(_ byte: UInt8) {
        if count == storage.count { grow(1) }
        storage[count] = byte
        count += 1
    }

    mutating func append(_ run: UnsafeBufferPointer<UInt8>) {
        let n = run.count
        guard n > 0, let from = run.baseAddress else { return }
        if storage.count - count < n { grow(n) }
        let at = count
        storage.withUnsafeMutableBufferPointer { room in
            (room.baseAddress! + at).update(from: from, count: n)
        }
        count += n
    }

    /// Writes `n` in decimal digits as `String(n)` spells it (`[UInt8].appendDecimal`, the one place
    /// that spells an integer as bytes).
    mutating func appendDecimal(_ n: Int) {
        var digits: [UInt8] = []
        digits.appendDecimal(n)
        digits.withUnsafeBufferPointer { append($0) }
    }

    /// At least `n` more bytes of room: the room doubles.
    private mutating func grow(_ n: Int) {
        storage.append(contentsOf: repeatElement(0, count: Swift.max(storage.count, n)))
    }
}
