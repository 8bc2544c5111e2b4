/// Diagnostics kept as compact bytes until they are wanted, in the order added: about 100 bytes a
/// loss warning where the `Diagnostic` value, its message and its path take some 230. A conversion
/// made a page at a time keeps the losses of every page this way until its diagnostics are put in
/// their order at the end; a log made by `spilling()` keeps them in an unlinked temporary file (`TemporaryFile`) instead,
/// all but its last block. Diagnostics sharing a kind (severity, id and loss) share it again when read
/// back, as they did when logged.
public struct DiagnosticLog: Sendable {
    /// The encoded diagnostics not spilled, in blocks of about `blockSize` bytes: a block is freed as
    /// soon as `drain` has read it back.
    private var blocks: [[UInt8]] = []
    /// The kinds logged, by their number in the encoding.
    private var kinds: [Diagnostic.Kind] = []
    /// The files of the locations logged, by their number.
    private var files: [SourceFile] = []
    /// Where full blocks go, when the log spills.
    private var spill: Spill?
    public private(set) var count = 0

    static let blockSize = 64 << 10
    /// kind u16, file i16, line u32, column u32, message length u32; then the message, the path's length
    /// (u32, `UInt32.max` for none) and the path.
    private static let headerSize = 16

    public init() {}

    /// A log that keeps its full blocks in a temporary file (in `TMPDIR`, else `/tmp`), or in memory
    /// when no file can be made.
    public static func spilling() -> DiagnosticLog {
        var log = DiagnosticLog()
        log.spill = Spill()
        return log
    }

    public mutating func append(_ d: Diagnostic) {
        let kind = number(of: d.kind)
        let file = d.location.map { number(of: $0.sourceFile) } ?? -1
        var message = d.message, path = d.path
        message.withUTF8 { m in
            if var p = path {
                p.withUTF8 { write(kind, file, d.location, m, $0) }
            } else {
                write(kind, file, d.location, m, nil)
            }
        }
        count += 1
    }

    public mutating func append(contentsOf ds: [Diagnostic]) {
        ds.withUnsafeBufferPointer { all in for i in all.indices { append(all[i]) } }
    }

    /// Appends `other`'s diagnostics, copying their bytes (its kinds and files renumbered as this log's).
    public mutating func append(contentsOf other: DiagnosticLog) {
        precondition(other.spill == nil, "a spilled log is drained, not appended")
        let kindNumbers = other.kinds.map { number(of: $0) }
        let fileNumbers = other.files.map { number(of: $0) }
        for block in other.blocks {
            block.withUnsafeBufferPointer { bytes in
                var i = 0
                while i < bytes.count {
                    let start = i
                    let kind = kindNumbers[Int(Self.load(UInt16.self, bytes, i))]
                    let file = Int(Self.load(Int16.self, bytes, i + 2))
                    i += Self.headerSize + Int(Self.load(UInt32.self, bytes, i + 12))
                    let pathCount = Self.load(UInt32.self, bytes, i)
                    i += 4 + (pathCount == .max ? 0 : Int(pathCount))
                    let last = room(for: i - start)
                    let at = blocks[last].count
                    blocks[last].append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
                    blocks[last].withUnsafeMutableBufferPointer { to in
                        Self.store(UInt16(truncatingIfNeeded: kind), to, at)
                        Self.store(Int16(truncatingIfNeeded: file < 0 ? -1 : fileNumbers[file]), to, at + 2)
                    }
                }
            }
        }
        count += other.count
    }

    /// Hands each diagnostic to `body` in order, emptying the log as it goes. A message or path equal
    /// to one of the last few read is the same string again (a field's losses share its path, and the
    /// foreign extensions' few messages recur), as the emitters share them.
    public mutating func drain(_ body: (Diagnostic) -> Void) {
        let spilled = spill
        var blocks = self.blocks
        self.blocks = []
        spill = nil
        count = 0
        var recent = RecentStrings()
        func each(_ bytes: UnsafeBufferPointer<UInt8>) {
            var i = 0
            while i < bytes.count { body(read(bytes, &i, &recent)) }
        }
        spilled?.forEachBlock { $0.withUnsafeBufferPointer(each) }
        for b in blocks.indices {
            blocks[b].withUnsafeBufferPointer(each)
            blocks[b] = []  // ours alone now: freed as soon as it is read
        }
    }

    /// The last few messages and paths read back, to share.
    private struct RecentStrings {
        var messages: [String] = []
        var paths: [String] = []

        static func take(_ bytes: UnsafeBufferPointer<UInt8>, from list: inout [String], keeping: Int) -> String {
            for k in list.indices.reversed() {
                let found = list[k].utf8.withContiguousStorageIfAvailable { $0.elementsEqual(bytes) }
                if found == true { return list[k] }
            }
            let s = String(decoding: bytes, as: UTF8.self)
            if list.count == keeping { list.removeFirst() }
            list.append(s)
            return s
        }
    }

    // MARK: Encoding

    /// The block `size` more bytes go in: the last one, or a new one when it is full (the full one then
    /// spilled, when the log spills).
    private mutating func room(for size: Int) -> Int {
        // Blocks grow as arrays do (a page's log is a few kilobytes) up to about `blockSize`.
        if blocks.isEmpty || blocks[blocks.count - 1].count + size > Self.blockSize && !blocks[blocks.count - 1].isEmpty {
            if let spill, let full = blocks.popLast() { spill.write(full) }
            blocks.append([])
        }
        return blocks.count - 1
    }

    private mutating func write(_ kind: Int, _ file: Int, _ location: SourceLocation?,
                                _ message: UnsafeBufferPointer<UInt8>, _ path: UnsafeBufferPointer<UInt8>?) {
        let last = room(for: Self.headerSize + message.count + 4 + (path?.count ?? 0))
        func put<T: FixedWidthInteger>(_ v: T) { withUnsafeBytes(of: v.littleEndian) { blocks[last].append(contentsOf: $0) } }
        put(UInt16(truncatingIfNeeded: kind))
        put(Int16(truncatingIfNeeded: file))
        put(UInt32(truncatingIfNeeded: location?.line ?? 0))
        put(UInt32(truncatingIfNeeded: location?.column ?? 0))
        put(UInt32(truncatingIfNeeded: message.count))
        blocks[last].append(contentsOf: message)
        if let path {
            put(UInt32(truncatingIfNeeded: path.count))
            blocks[last].append(contentsOf: path)
        } else {
            put(UInt32.max)
        }
    }

    private func read(_ bytes: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ recent: inout RecentStrings) -> Diagnostic {
        let kind = kinds[Int(Self.load(UInt16.self, bytes, i))]
        let file = Int(Self.load(Int16.self, bytes, i + 2))
        let line = Int(Self.load(UInt32.self, bytes, i + 4)), column = Int(Self.load(UInt32.self, bytes, i + 8))
        let messageCount = Int(Self.load(UInt32.self, bytes, i + 12))
        i += Self.headerSize
        let message = RecentStrings.take(UnsafeBufferPointer(rebasing: bytes[i..<(i + messageCount)]), from: &recent.messages, keeping: 8)
        i += messageCount
        let pathCount = Self.load(UInt32.self, bytes, i)
        i += 4
        var path: String?
        if pathCount != .max {
            path = RecentStrings.take(UnsafeBufferPointer(rebasing: bytes[i..<(i + Int(pathCount))]), from: &recent.paths, keeping: 4)
            i += Int(pathCount)
        }
        let location = file < 0 ? nil : SourceLocation(file: files[file], line: line, column: column)
        return Diagnostic(kind: kind, message, at: location, path: path)
    }

    private static func load<T: FixedWidthInteger>(_: T.Type, _ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> T {
        T(littleEndian: UnsafeRawPointer(bytes.baseAddress! + at).loadUnaligned(as: T.self))
    }

    private static func store<T: FixedWidthInteger>(_ v: T, _ bytes: UnsafeMutableBufferPointer<UInt8>, _ at: Int) {
        UnsafeMutableRawPointer(bytes.baseAddress! + at).storeBytes(of: v.littleEndian, as: T.self)
    }

    /// The kind's number, the same object found again or added (a log holds a handful of kinds).
    private mutating func number(of kind: Diagnostic.Kind) -> Int {
        for i in kinds.indices.reversed() where kinds[i] === kind { return i }
        for i in kinds.indices.reversed()
        where kinds[i].severity == kind.severity && kinds[i].id == kind.id && kinds[i].loss == kind.loss { return i }
        kinds.append(kind)
        return kinds.count - 1
    }

    private mutating func number(of file: SourceFile) -> Int {
        for i in files.indices where files[i] == file { return i }
        files.append(file)
        return files.count - 1
    }

    /// Blocks in a `TemporaryFile`, each after its length (u32), made on the first block written (a
    /// log that never fills a block makes none); read back once, from the start.
    private final class Spill: @unchecked Sendable {
        private var file: TemporaryFile?
        /// Bytes of whole blocks in the file.
        private var written = 0
        /// Set when no file can be made or a write failed: later blocks are kept in memory.
        private var stopped = false
        /// Blocks kept in memory after that (in order after those written before).
        private var kept: [[UInt8]] = []

        /// Writes `block`; a block that cannot be written (and every later one) is kept in memory instead.
        func write(_ block: [UInt8]) {
            if file == nil && !stopped { file = TemporaryFile(prefix: "formconv-log") }
            if let file, !stopped {
                var length = UInt32(block.count).littleEndian
                if withUnsafeBytes(of: &length, { file.write($0) }), block.withUnsafeBytes({ file.write($0) }) {
                    written += 4 + block.count
                    return
                }
                // What was written of this block is past `written`, where reading back stops.
            }
            stopped = true
            kept.append(block)
        }

        func forEachBlock(_ body: ([UInt8]) -> Void) {
            if let file, written > 0, file.rewind() {
                var read = 0
                while read < written, let block = readBlock(file) {
                    read += 4 + block.count
                    body(block)
                }
            }
            for block in kept { body(block) }
            kept = []
        }

        private func readBlock(_ file: TemporaryFile) -> [UInt8]? {
            var length: UInt32 = 0
            guard withUnsafeMutableBytes(of: &length, { file.readExactly(into: $0) }) else { return nil }
            var block = [UInt8](repeating: 0, count: Int(UInt32(littleEndian: length)))
            guard block.withUnsafeMutableBytes({ file.readExactly(into: $0) }) else { return nil }
            return block
        }
    }
}
