#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Line and column of byte offsets in UTF-8 text, met in increasing order: each byte is looked at once,
/// so a multi-megabyte document on one line costs no more than one with many lines. `\r\n` and a lone
/// `\r` end a line like `\n`; columns count Unicode scalars.
///
/// Bytes are read eight at a time (one 64-bit word): a word of plain ASCII without a line break is one
/// test; line feeds and UTF-8 continuation bytes are counted with bit masks; a word holding a `\r` is
/// read byte by byte.
struct XMLPositionCursor {
    private(set) var offset = 0
    private(set) var line = 1
    private(set) var column = 1
    /// Whether the text may hold a `\r`. Most documents have none: their words need one test less.
    private(set) var mayHoldCarriageReturns = true

    init() {}

    /// A cursor for `text`, which is looked through once (libc `memchr`) for a `\r`.
    init(for text: UnsafeBufferPointer<UInt8>) {
        if let base = text.baseAddress { mayHoldCarriageReturns = memchr(base, 0x0D, text.count) != nil }
    }

    /// Moves to `target` (an earlier target restarts from the beginning) and returns its line and column.
    @inline(__always)
    mutating func move(to target: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        if target < offset { (offset, line, column) = (0, 1, 1) }
        let end = min(target, bytes.count)
        if end > offset, let base = bytes.baseAddress {
            advance(to: end, UnsafeRawPointer(base), count: bytes.count)
        }
        return (line, column)
    }

    /// Counts the bytes from `offset` up to `end` (`offset < end <= count`).
    private mutating func advance(to end: Int, _ raw: UnsafeRawPointer, count: Int) {
        var i = offset, line = self.line, col = column
        let cr = mayHoldCarriageReturns
        while i + 8 <= end {
            let w = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            if Self.isPlain(w, carriageReturns: cr) {
                col += 8
            } else if !Self.count(w, 8, carriageReturns: cr, line: &line, column: &col) {
                Self.countBytes(i..<(i + 8), raw, count: count, line: &line, column: &col)
            }
            i += 8
        }
        if i < end {
            let n = end - i
            if i + 8 <= count {
                // The word's bytes past `end` become NUL, which `count` leaves out again.
                let w = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) & (UInt64.max &>> UInt64(64 - 8 * n))
                if Self.isPlain(w, carriageReturns: cr) {
                    col += n
                } else if !Self.count(w, n, carriageReturns: cr, line: &line, column: &col) {
                    Self.countBytes(i..<end, raw, count: count, line: &line, column: &col)
                }
            } else {
                Self.countBytes(i..<end, raw, count: count, line: &line, column: &col)
            }
        }
        offset = end
        self.line = line
        column = col
    }

    /// Moves to `target`, known to be `column` columns further on the same line as `offset`: a caller
    /// that has checked the bytes in between (`isPlain(_:in:)`) need not count them again.
    @inline(__always)
    mutating func skip(to target: Int, column: Int) {
        offset = target
        self.column = column
    }

    /// Whether the bytes `range` of `bytes` are ASCII without `\n` or `\r`: one column each, on one line.
    @inline(__always)
    func isPlain(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return range.isEmpty }
        let raw = UnsafeRawPointer(base)
        var i = range.lowerBound
        let end = range.upperBound
        while i + 8 <= end {
            if !Self.isPlain(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self), carriageReturns: mayHoldCarriageReturns) {
                return false
            }
            i += 8
        }
        if i < end {
            if i + 8 > bytes.count { return bytes[i..<end].allSatisfy { $0 < 0x80 && $0 != 0x0A && $0 != 0x0D } }
            let n = end - i
            return Self.isPlain(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) & (UInt64.max &>> UInt64(64 - 8 * n)),
                                carriageReturns: mayHoldCarriageReturns)
        }
        return true
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Whether the eight bytes of `w` are ASCII without `\n` or `\r` (the common word: a few
    /// instructions). `(x - 0x01…) & ~x & 0x80…` is non-zero exactly when `x` has a NUL byte.
    @inline(__always)
    static func isPlain(_ w: UInt64, carriageReturns: Bool) -> Bool {
        notPlain(w, carriageReturns: carriageReturns) == 0
    }

    /// Zero exactly when `isPlain(w, …)`.
    @inline(__always)
    static func notPlain(_ w: UInt64, carriageReturns: Bool) -> UInt64 {
        let lf = w ^ 0x0A0A_0A0A_0A0A_0A0A
        guard carriageReturns else { return (w | ((lf &- ones) & ~lf)) & highs }
        let cr = w ^ 0x0D0D_0D0D_0D0D_0D0D
        return (w | ((lf &- ones) & ~lf) | ((cr &- ones) & ~cr)) & highs
    }

    /// The high bit of each byte of `w` equal to `byte` (exact: no false positives).
    @inline(__always)
    private static func bytes(equalTo byte: UInt8, in w: UInt64) -> UInt64 {
        let x = w ^ (ones &* UInt64(byte))
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((x & lows) &+ lows) | x | lows)
    }

    /// Counts the first `taken` bytes of `w` (the others are NUL), a word that is not plain ASCII on one
    /// line; `false` when it holds a `\r` (left to `countBytes`, which looks at the byte after it).
    @inline(__always)
    private static func count(_ w: UInt64, _ taken: Int, carriageReturns: Bool, line: inout Int, column: inout Int) -> Bool {
        if carriageReturns && bytes(equalTo: 0x0D, in: w) != 0 { return false }
        let lf = bytes(equalTo: 0x0A, in: w)
        // Continuation bytes (10xxxxxx) are no column. (Counting bits is a dozen instructions on
        // baseline x86-64: skipped for the usual ASCII word with one line feed.)
        let continuation = w & ~(w << 1) & highs
        if lf == 0 {
            column += taken - continuation.nonzeroBitCount
        } else {
            if lf & (lf &- 1) == 0 {
                line += 1
            } else {
                line += lf.nonzeroBitCount
            }
            // The last line feed is byte `k`; the columns are the scalars after it.
            let k = (63 - lf.leadingZeroBitCount) >> 3
            let after = continuation == 0 || k == 7 ? 0 : (continuation &>> UInt64(8 * (k + 1))).nonzeroBitCount
            column = 1 + (taken - 1 - k) - after
        }
        return true
    }

    /// The byte-wise reading of `range`.
    private static func countBytes(_ range: Range<Int>, _ raw: UnsafeRawPointer, count: Int,
                                   line: inout Int, column: inout Int) {
        let bytes = raw.assumingMemoryBound(to: UInt8.self)
        for i in range {
            let c = bytes[i]
            if c < 0x80 {
                if c == 0x0A {
                    line += 1; column = 1
                } else if c == 0x0D {
                    if !(i + 1 < count && bytes[i + 1] == 0x0A) { line += 1; column = 1 }
                } else {
                    column += 1
                }
            } else if c & 0xC0 != 0x80 {
                column += 1
            }
        }
    }

    /// Line and column of `offset`, counted from the start.
    static func locate(_ offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var cursor = XMLPositionCursor()
        return cursor.move(to: offset, in: bytes)
    }
}
