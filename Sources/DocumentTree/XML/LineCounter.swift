/// Lines and columns of increasing offsets of a large UTF-8 text without `\r`, as `XMLPositionCursor`
/// counts them (columns in Unicode scalars), at about one instruction a byte: line feeds are counted
/// eight bytes at a time, and only the line of each offset is looked at for its column.
public struct LineCounter {
    private var at = 0
    private var line = 1

    public init() {}

    /// A counter that starts at `offset` as line 1 (its lines are then relative to that offset's).
    public init(startingAt offset: Int) { at = offset }

    /// The line and column of `offset`, at or after the offset asked before, in `text` (no `\r`).
    public mutating func position(of offset: Int, in text: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        precondition(offset >= at && offset <= text.count, "offsets must increase within the text")
        guard let base = text.baseAddress else { return (1, 1) }
        line += Self.lineFeeds(UnsafeRawPointer(base), from: at, to: offset)
        at = offset
        // The column: the scalars between the line's start and the offset.
        var start = offset
        while start > 0 && base[start - 1] != 0x0A { start -= 1 }
        var column = 1
        for i in start..<offset where base[i] & 0xC0 != 0x80 { column += 1 }
        return (line, column)
    }

    /// Counts the lines up to `offset` (at or after the offset asked before) without working out a column.
    public mutating func advance(to offset: Int, in text: UnsafeBufferPointer<UInt8>) {
        precondition(offset >= at && offset <= text.count, "offsets must increase within the text")
        guard let base = text.baseAddress else { return }
        line += Self.lineFeeds(UnsafeRawPointer(base), from: at, to: offset)
        at = offset
    }

    /// How many `\n` bytes stand in `from..<to`.
    static func lineFeeds(_ raw: UnsafeRawPointer, from: Int, to: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101, lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        var n = 0, i = from
        while i + 8 <= to {
            let x = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) ^ (ones &* 0x0A)
            // The high bit of each byte that was a line feed (exact, as `XMLPositionCursor` finds them).
            n += (~(((x & lows) &+ lows) | x | lows)).nonzeroBitCount
            i += 8
        }
        let bytes = raw.assumingMemoryBound(to: UInt8.self)
        while i < to {
            if bytes[i] == 0x0A { n += 1 }
            i += 1
        }
        return n
    }
}
