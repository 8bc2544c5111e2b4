/// Line and column of byte offsets in UTF-8 text, met in increasing order: each byte is looked at once,
/// so a multi-megabyte document on one line costs no more than one with many lines. `\r\n` and a lone
/// `\r` end a line like `\n`; columns count Unicode scalars.
struct XMLPositionCursor {
    private(set) var offset = 0
    private(set) var line = 1
    private(set) var column = 1

    /// Moves to `target` (an earlier target restarts from the beginning) and returns its line and column.
    mutating func move(to target: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        if target < offset { self = XMLPositionCursor() }
        var i = offset, line = self.line, col = column
        let end = min(target, bytes.count)
        let raw = UnsafeRawPointer(bytes.baseAddress)
        while i < end {
            // Eight ASCII bytes with no line break are eight columns.
            if i + 8 <= end, let raw {
                let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let lo: UInt64 = 0x0101_0101_0101_0101, hi: UInt64 = 0x8080_8080_8080_8080
                let lf = w ^ 0x0A0A_0A0A_0A0A_0A0A, cr = w ^ 0x0D0D_0D0D_0D0D_0D0D
                if (w | ((lf &- lo) & ~lf) | ((cr &- lo) & ~cr)) & hi == 0 {
                    col += 8
                    i += 8
                    continue
                }
            }
            let c = bytes[i]
            if c < 0x80 {
                if c == 0x0A {
                    line += 1; col = 1
                } else if c == 0x0D {
                    if !(i + 1 < bytes.count && bytes[i + 1] == 0x0A) { line += 1; col = 1 }
                } else {
                    col += 1
                }
            } else if c & 0xC0 != 0x80 {
                col += 1
            }
            i += 1
        }
        offset = end
        self.line = line
        column = col
        return (line, col)
    }

    /// Line and column of `offset`, counted from the start.
    static func locate(_ offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var cursor = XMLPositionCursor()
        return cursor.move(to: offset, in: bytes)
    }
}
