import FormIR

/// Where the JSON writers put bytes: a run of at most a known number of bytes written in place at the
/// end (`JSONStreamWriter`'s escaping writes into either kind), and single bytes and runs copied as
/// they are.
protocol JSONByteOutput {
    /// Writes through `body` at most `n` bytes at the end; `body` returns how many it wrote.
    mutating func write(atMost n: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int)
    mutating func append(_ byte: UInt8)
    mutating func append(_ run: UnsafeBufferPointer<UInt8>)
}

extension Array: JSONByteOutput where Element == UInt8 {
    mutating func write(atMost n: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        let at = count
        append(contentsOf: repeatElement(0, count: n))
        let written = withUnsafeMutableBufferPointer { body($0.baseAddress! + at) }
        removeLast(n - written)
    }
    mutating func append(_ run: UnsafeBufferPointer<UInt8>) { append(contentsOf: run) }
}

/// The bytes `JSONStreamWriter` has written: an array whose room is all in its count (the room not yet
/// written is zeros), so each piece of the document (a key with its line break and quotes, a string
/// with its escapes) is written at the written end through one pointer, after one check of the room.
/// `Array.append(contentsOf:)` of a short run took 95–125 instructions through the generic copy path,
/// and a piece was several runs.
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

    @inline(__always)
    mutating func write(atMost n: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        if storage.count - count < n { grow(n) }
        let at = count
        let written = storage.withUnsafeMutableBufferPointer { body($0.baseAddress! + at) }
        assert(written <= n, "wrote more than the room asked for")
        count = at + written
    }

    mutating func append(_ byte: UInt8) {
        write(atMost: 1) { p in
            p.pointee = byte
            return 1
        }
    }

    mutating func append(_ run: UnsafeBufferPointer<UInt8>) {
        guard let from = run.baseAddress else { return }
        write(atMost: run.count) { p in
            p.update(from: from, count: run.count)
            return run.count
        }
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
