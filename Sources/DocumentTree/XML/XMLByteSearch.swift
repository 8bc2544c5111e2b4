/// Searches of the XML layer through the bytes of a document, eight bytes (a word) at a time: the
/// tests of a word are gathered without a branch a byte. Used where the runs searched are short (an
/// attribute value, a start tag), too short for libc's `memchr` to repay its call.
enum XMLByteSearch {
    /// The high bit of each byte of `w` equal to `byte` (exact, unlike the usual zero-byte test).
    @inline(__always)
    static func bytes(equalTo byte: UInt8, in w: UInt64) -> UInt64 {
        let x = w ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((x & lows) &+ lows) | x | lows)
    }

    /// The first index of `byte` at or after `start`, or `count` when there is none.
    @inline(__always)
    static func firstIndex(of byte: UInt8, from start: Int, in p: UnsafePointer<UInt8>, count: Int) -> Int {
        let raw = UnsafeRawPointer(p)
        var i = start
        while i + 8 <= count {
            let found = bytes(equalTo: byte, in: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
            if found != 0 { return i + found.trailingZeroBitCount >> 3 }
            i += 8
        }
        while i < count && p[i] != byte { i += 1 }
        return i
    }

    /// The first index at or after `start` of `<`, `>`, `"` or `'` (what ends or interrupts a start
    /// tag, and what opens a quoted value), or `count` when there is none.
    @inline(__always)
    static func firstTagDelimiter(from start: Int, in p: UnsafePointer<UInt8>, count: Int) -> Int {
        let raw = UnsafeRawPointer(p)
        var i = start
        while i + 8 <= count {
            let w = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            let found = bytes(equalTo: UInt8(ascii: "<"), in: w) | bytes(equalTo: UInt8(ascii: ">"), in: w)
                | bytes(equalTo: UInt8(ascii: "\""), in: w) | bytes(equalTo: UInt8(ascii: "'"), in: w)
            if found != 0 { return i + found.trailingZeroBitCount >> 3 }
            i += 8
        }
        while i < count {
            let c = p[i]
            if c == UInt8(ascii: "<") || c == UInt8(ascii: ">") || c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") { break }
            i += 1
        }
        return i
    }
}
