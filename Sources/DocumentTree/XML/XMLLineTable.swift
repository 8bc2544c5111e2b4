#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where each line of UTF-8 text starts, for turning byte offsets into lines and columns on demand: a
/// parse records offsets only, and a reader asks for the positions it reports. Lines and columns are
/// counted as `XMLPositionCursor` counts them: `\r\n` and a lone `\r` end a line like `\n`; columns are
/// 1-based and count Unicode scalars.
public struct XMLLineTable: Sendable {
    /// The offset of the first byte of line 2, 3, … (line 1 starts at 0).
    private var starts: [UInt32] = []

    /// The table of `text`: one pass, libc `memchr` from line feed to line feed when the text has no `\r`.
    public init(_ text: UnsafeBufferPointer<UInt8>) {
        guard let base = text.baseAddress, !text.isEmpty else { return }
        let n = text.count
        if memchr(base, 0x0D, n) == nil {
            var i = 0
            while i < n, let hit = memchr(base + i, 0x0A, n - i) {
                i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) + 1
                starts.append(UInt32(truncatingIfNeeded: i))
            }
        } else {
            for i in 0..<n {
                let c = base[i]
                if c == 0x0A || (c == 0x0D && !(i + 1 < n && base[i + 1] == 0x0A)) {
                    starts.append(UInt32(truncatingIfNeeded: i + 1))
                }
            }
        }
    }

    /// The line and column of byte `offset` of `text` (the text the table was made of); an offset past
    /// the end is the end.
    public func position(of offset: Int, in text: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 1
        return position(of: offset, in: text, near: &line)
    }

    /// `position(of:in:)`, looking first at `line` and the few lines after it (a reader asks in
    /// document order, mostly for nearby offsets), and leaving there the line found.
    public func position(of offset: Int, in text: UnsafeBufferPointer<UInt8>, near line: inout Int) -> (line: Int, column: Int) {
        let target = min(max(offset, 0), text.count)
        // `low` becomes the number of lines after the first that start at or before `target`.
        var low = min(max(line - 1, 0), starts.count), high = starts.count
        if low > 0 && Int(starts[low - 1]) > target {
            (low, high) = (0, low - 1)
        } else {
            var steps = 0
            while low < high && steps < 8 && Int(starts[low]) <= target { low += 1; steps += 1 }
            if low < high && Int(starts[low]) <= target { low += 1 } else { high = low }
        }
        while low < high {
            let mid = (low + high) >> 1
            if Int(starts[mid]) <= target { low = mid + 1 } else { high = mid }
        }
        line = low + 1
        let lineStart = low == 0 ? 0 : Int(starts[low - 1])
        return (low + 1, 1 + Self.columns(lineStart..<target, in: text))
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The scalars of `range`, which holds no line break: every byte but UTF-8 continuation bytes and the
    /// `\r` of a `\r\n`. Eight bytes at a time.
    private static func columns(_ range: Range<Int>, in text: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = text.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        var i = range.lowerBound, count = 0
        while i + 8 <= range.upperBound {
            let w = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            if w & highs == 0 && !hasCarriageReturn(w) {
                count += 8
            } else {
                let continuation = w & ~(w << 1) & highs
                count += 8 - continuation.nonzeroBitCount - carriageReturns(w).nonzeroBitCount
            }
            i += 8
        }
        while i < range.upperBound {
            let c = base[i]
            if c & 0xC0 != 0x80 && c != 0x0D { count += 1 }
            i += 1
        }
        return count
    }

    /// The high bit of each `\r` byte of `w` (exact).
    @inline(__always)
    private static func carriageReturns(_ w: UInt64) -> UInt64 {
        let x = w ^ (ones &* 0x0D)
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((x & lows) &+ lows) | x | lows)
    }

    @inline(__always)
    private static func hasCarriageReturn(_ w: UInt64) -> Bool {
        let x = w ^ (ones &* 0x0D)
        return (x &- ones) & ~x & highs != 0
    }
}
