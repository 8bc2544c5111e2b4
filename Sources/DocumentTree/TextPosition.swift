import FormIR

/// Turns byte offsets into 1-based line and column (Unicode scalars) positions, for readers that
/// scan bytes. Queries at increasing offsets cost amortised O(1): the column of the last query is
/// remembered, so a multi-megabyte single-line document is not rescanned for every node.
struct TextPosition {
    let file: String
    /// Line of the current line start (1-based).
    private(set) var line = 1
    /// Byte offset where the current line starts.
    private(set) var lineStart = 0
    private var cacheOffset = 0
    private var cacheColumn = 1

    /// `start`: the byte offset where line 1 begins (after a byte order mark).
    init(file: String, start: Int = 0) {
        self.file = file
        self.lineStart = start
        self.cacheOffset = start
    }

    /// Records that a new line starts at byte offset `offset`.
    mutating func newLine(at offset: Int) {
        line += 1
        lineStart = offset
        cacheOffset = offset
        cacheColumn = 1
    }

    /// The position of byte `offset` on the current line.
    mutating func location(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourceLocation {
        if offset < cacheOffset || cacheOffset < lineStart {
            cacheOffset = lineStart
            cacheColumn = 1
        }
        var col = cacheColumn
        var i = cacheOffset
        let end = min(offset, bytes.count)
        while i < end {
            if bytes[i] & 0xC0 != 0x80 { col += 1 }
            i += 1
        }
        cacheOffset = end
        cacheColumn = col
        return SourceLocation(file: file, line: line, column: col)
    }

    /// Line and column of byte `offset` counted from the start of `bytes` (for one-off error positions).
    static func locate(offset: Int, in bytes: [UInt8], file: String) -> SourceLocation {
        var line = 1, col = 1, i = 0
        let end = min(offset, bytes.count)
        while i < end {
            let b = bytes[i]
            if b == 0x0A {
                line += 1; col = 1
            } else if b == 0x0D {
                if i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                line += 1; col = 1
            } else if b & 0xC0 != 0x80 {
                col += 1
            }
            i += 1
        }
        return SourceLocation(file: file, line: line, column: col)
    }
}
