import FormIR

/// Writes JSON bytes as a document is described to it, with no tree in between: the one place that
/// lays out and escapes JSON (`JSONWriter` walks a `Node` into it).
///
/// Pretty output: 2-space indentation, `"key": value`, empty containers as `{}`/`[]`; `finish()`
/// adds the trailing newline. Compact output has no whitespace and no trailing newline. Strings
/// escape only `"`, `\` and control characters. Doubles use the shortest text that reads back to the
/// same value (`2.5`, `3.0`, `1e-07`); non-finite doubles, which JSON cannot hold, are `null`.
public struct JSONStreamWriter: DocumentSink {
    public let pretty: Bool
    /// Written bytes, then unwritten room up to the storage's size (`UInt8` needs no initializing):
    /// bytes go in through a pointer, with one bounds check per token instead of one per byte.
    private var storage: [UInt8]
    private var count = 0
    /// Nesting depth of the open containers.
    private var depth = 0
    /// The open container has no value yet (decides `,` and `{}`/`[]`).
    private var empty = true
    /// A key was just written: the next value follows it on the same line.
    private var afterKey = false
    /// The NaNs and infinities written as `null`, for the caller to report.
    public private(set) var unwritableNumbers: [Double] = []

    /// `capacity`: bytes to reserve up front (an estimate of the output size saves regrowing).
    public init(pretty: Bool = true, capacity: Int = 4096) {
        self.pretty = pretty
        storage = Self.room(max(capacity, 64))
    }

    /// A writer for the rest of a document another writer has begun: its first value goes where the
    /// next value of that writer's open container, at nesting `depth`, would go (after `,` and a new
    /// line when `afterValues`, the container having values already). `append(_:)` puts what it wrote
    /// back into the first writer, which lets two threads each write a part of one document.
    public init(pretty: Bool = true, capacity: Int = 4096, continuingAtDepth depth: Int, afterValues: Bool) {
        self.init(pretty: pretty, capacity: capacity)
        self.depth = depth
        empty = !afterValues
    }

    /// Adds what `continuation` (made with `init(continuingAtDepth:afterValues:)` for this writer's
    /// current place, and now back at that depth) wrote, as if this writer had written it: its bytes
    /// and its unwritable numbers.
    public mutating func append(_ continuation: JSONStreamWriter) {
        append(continuation, part: Part(bytes: 0..<continuation.count, unwritableNumbers: continuation.unwritableNumbers.indices))
    }

    /// Where a continuation's writing of one or more values is: its bytes and its unwritable numbers.
    public struct Part: Sendable {
        public var bytes: Range<Int>
        public var unwritableNumbers: Range<Int>
        public init(bytes: Range<Int>, unwritableNumbers: Range<Int>) {
            self.bytes = bytes
            self.unwritableNumbers = unwritableNumbers
        }
    }

    /// What this writer has written so far, as the start of a `Part`.
    public var position: Part { Part(bytes: count..<count, unwritableNumbers: unwritableNumbers.count..<unwritableNumbers.count) }

    /// The part of this writer's output from `start` (an earlier `position`) to now.
    public func part(since start: Part) -> Part {
        Part(bytes: start.bytes.lowerBound..<count, unwritableNumbers: start.unwritableNumbers.lowerBound..<unwritableNumbers.count)
    }

    /// `append(_:)` of one part of `continuation`: values it wrote at its own depth, each (as every
    /// value of a continuation made with `afterValues`) after its `,`. The parts of a continuation
    /// may be appended in another order than they were written.
    public mutating func append(_ continuation: JSONStreamWriter, part: Part) {
        precondition(continuation.depth == depth && continuation.pretty == pretty && !afterKey,
                     "the continuation does not end where it began")
        let n = part.bytes.count
        guard n > 0 else { return }
        reserve(n)
        let at = count
        storage.withUnsafeMutableBufferPointer { to in
            continuation.storage.withUnsafeBufferPointer {
                to.baseAddress!.advanced(by: at).update(from: $0.baseAddress!.advanced(by: part.bytes.lowerBound), count: n)
            }
        }
        count += n
        empty = false
        unwritableNumbers += continuation.unwritableNumbers[part.unwritableNumbers]
    }

    /// The bytes written so far.
    public var bytes: [UInt8] { Array(storage[..<count]) }

    /// Takes the bytes written so far, for the caller to put where they go, and goes on writing where
    /// it was (at the same depth, in the same container) into an empty buffer: a document written to a
    /// file as it is made.
    public mutating func takeBytes() -> [UInt8] {
        let out = Array(storage[..<count])
        count = 0
        return out
    }

    /// Records that values of the open container were written elsewhere (by continuations whose bytes
    /// went straight to the document's destination): the next value is preceded by `,`.
    public mutating func noteValuesWrittenElsewhere() { empty = false }

    /// The document's bytes (pretty output ends with a newline); the writer is left empty.
    public mutating func finish() -> [UInt8] {
        if pretty { put(0x0A) }
        storage.removeSubrange(count...)
        let out = storage
        storage = []
        count = 0
        return out
    }

    public mutating func beginObject() { open(UInt8(ascii: "{")) }
    public mutating func endObject() { close(UInt8(ascii: "}")) }
    public mutating func beginArray() { open(UInt8(ascii: "[")) }
    public mutating func endArray() { close(UInt8(ascii: "]")) }

    public mutating func key(_ key: String) {
        Self.withUTF8(key) { utf8 in
            guard Self.needsNoEscape(utf8) else {
                if !empty { put(UInt8(ascii: ",")) }
                empty = false
                newline()
                writeEscaped(utf8)
                if pretty { append(": ") } else { put(UInt8(ascii: ":")) }
                return
            }
            // The common case in one reservation: `,`, new line and indent, `"key": ` (one bounds and
            // uniqueness check per key instead of one per piece).
            let comma = !empty
            let indent = pretty ? depth * 2 : -1
            write(atMost: utf8.count + 6 + max(indent, 0)) { p in
                var p = Self.separator(comma: comma, indent: indent, at: p)
                p = Self.quoted(utf8, at: p)
                p.pointee = UInt8(ascii: ":"); p += 1
                if indent >= 0 { p.pointee = 0x20; p += 1 }
                return p
            }
            empty = false
        }
        afterKey = true
    }

    public mutating func string(_ s: String) {
        Self.withUTF8(s) { utf8 in
            if Self.needsNoEscape(utf8) {
                value(atMost: utf8.count + 2) { Self.quoted(utf8, at: $0) }
            } else {
                separate()
                writeEscaped(utf8)
            }
        }
    }
    public mutating func int(_ i: Int) { value(atMost: DecimalDigits.maxCount) { DecimalDigits.write(i, at: $0) } }
    public mutating func bool(_ b: Bool) { b ? literal("true") : literal("false") }
    public mutating func null() { literal("null") }
    public mutating func double(_ d: Double) {
        separate()
        guard d.isFinite else {
            unwritableNumbers.append(d)
            append("null")
            return
        }
        var text = d.description
        text.withUTF8 { put($0) }
    }

    /// Before a value: nothing after a key or at the top; otherwise `,` and a new line in the array.
    @inline(__always) private mutating func separate() {
        if afterKey { afterKey = false; return }
        guard depth > 0 else { return }
        if !empty { put(UInt8(ascii: ",")) }
        empty = false
        newline()
    }

    /// `separate()` and then at most `n` bytes written by `body` (which returns where they end), in
    /// one reservation: each token used to take three or four, each with its uniqueness check.
    @inline(__always) private mutating func value(atMost n: Int,
                                                  _ body: (UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8>) {
        var comma = false, indent = -1  // -1: no new line
        if afterKey {
            afterKey = false
        } else if depth > 0 {
            comma = !empty
            empty = false
            if pretty { indent = depth * 2 }
        }
        write(atMost: n + 2 + max(indent, 0)) { p in body(Self.separator(comma: comma, indent: indent, at: p)) }
    }

    /// `,` when `comma`, then a new line and `indent` spaces unless `indent` is -1; returns the end.
    @inline(__always) private static func separator(comma: Bool, indent: Int,
                                                    at p: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var p = p
        if comma { p.pointee = UInt8(ascii: ","); p += 1 }
        if indent >= 0 {
            p.pointee = 0x0A
            (p + 1).initialize(repeating: 0x20, count: indent)
            p += indent + 1
        }
        return p
    }

    @inline(__always) private mutating func literal(_ text: StaticString) {
        value(atMost: text.utf8CodeUnitCount) { p in
            p.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
            return p + text.utf8CodeUnitCount
        }
    }

    private mutating func open(_ bracket: UInt8) {
        value(atMost: 1) { p in
            p.pointee = bracket
            return p + 1
        }
        depth += 1
        empty = true
    }

    /// Closing a container leaves its parent non-empty: the container was one of its values.
    private mutating func close(_ bracket: UInt8) {
        depth -= 1
        let indent = !empty && pretty ? depth * 2 : -1
        write(atMost: 2 + max(indent, 0)) { p in
            var p = p
            if indent >= 0 {
                p.pointee = 0x0A
                (p + 1).initialize(repeating: 0x20, count: indent)
                p += indent + 1
            }
            p.pointee = bracket
            return p + 1
        }
        empty = false
    }

    /// Makes room for `n` more bytes.
    @inline(__always) private mutating func reserve(_ n: Int) {
        if count + n > storage.count { grow(n) }
    }

    private mutating func grow(_ n: Int) {
        var bigger = Self.room(storage.count + max(storage.count, n))
        let written = count
        if written > 0 {
            bigger.withUnsafeMutableBufferPointer { to in
                storage.withUnsafeBufferPointer { to.baseAddress!.update(from: $0.baseAddress!, count: written) }
            }
        }
        storage = bigger
    }

    /// An array of `size` bytes left as the allocator gave them (never read before written).
    private static func room(_ size: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: size) { _, initialized in initialized = size }
    }

    /// Writes `n` bytes (room for them reserved) through `body`, which gets where they start.
    @inline(__always) private mutating func write(_ n: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Void) {
        reserve(n)
        let at = count
        storage.withUnsafeMutableBufferPointer { body($0.baseAddress! + at) }
        count += n
    }

    /// Writes at most `n` bytes (room for them reserved) through `body`, which gets where they start
    /// and returns where they end.
    @inline(__always) private mutating func write(atMost n: Int,
                                                  _ body: (UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8>) {
        reserve(n)
        let at = count
        count += storage.withUnsafeMutableBufferPointer { buffer in
            let start = buffer.baseAddress! + at
            return body(start) - start
        }
    }

    /// The UTF-8 bytes of `s`, in place where it has them (a `var` copy for `String.withUTF8` cost a
    /// retain and a release per string).
    @inline(__always) private static func withUTF8<R>(_ s: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let r = s.utf8.withContiguousStorageIfAvailable(body) { return r }
        var s = s
        return s.withUTF8(body)
    }

    /// `true` when no byte of `utf8` needs an escape (the usual case: copied whole).
    @inline(__always) private static func needsNoEscape(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = utf8.baseAddress else { return true }
        let n = utf8.count
        guard n >= 8 else {
            for b in utf8 where b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") { return false }
            return true
        }
        // Eight bytes a step (byte by byte cost some four instructions a byte); the last word may
        // overlap the one before it.
        var i = 0
        while i + 8 < n {
            if hasEscapedByte(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) { return false }
            i += 8
        }
        return !hasEscapedByte(UnsafeRawPointer(base + n - 8).loadUnaligned(as: UInt64.self))
    }

    /// `true` when one of the eight bytes of `w` is below 0x20, a quote or a backslash (the "has a byte less than"
    /// and "has a zero byte" word tests, exact as yes/no answers).
    @inline(__always) private static func hasEscapedByte(_ w: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let quote = w ^ (ones &* 0x22), backslash = w ^ (ones &* 0x5C)
        let below = (w &- ones &* 0x20) & ~w
        let quotes = (quote &- ones) & ~quote
        let backslashes = (backslash &- ones) & ~backslash
        return (below | quotes | backslashes) & highs != 0
    }

    /// `"text"` at `p` (the text needs no escape); returns the end.
    @inline(__always) private static func quoted(_ utf8: UnsafeBufferPointer<UInt8>,
                                                 at p: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        p.pointee = UInt8(ascii: "\"")
        if let base = utf8.baseAddress { (p + 1).update(from: base, count: utf8.count) }
        (p + 1 + utf8.count).pointee = UInt8(ascii: "\"")
        return p + 2 + utf8.count
    }

    @inline(__always) private mutating func put(_ b: UInt8) {
        write(1) { $0.pointee = b }
    }

    @inline(__always) private mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        write(bytes.count) { $0.update(from: base, count: bytes.count) }
    }

    @inline(__always) private mutating func append(_ s: StaticString) {
        s.withUTF8Buffer { put($0) }
    }

    /// A line break and the indentation of the current depth (pretty output only).
    private mutating func newline() {
        guard pretty else { return }
        let n = depth * 2
        write(n + 1) { p in
            p.pointee = 0x0A
            (p + 1).initialize(repeating: 0x20, count: n)
        }
    }

    /// A quoted string with escapes; runs needing no escape are copied whole.
    private mutating func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        put(UInt8(ascii: "\""))
        var runStart = 0
        for k in 0..<utf8.count {
            let b = utf8[k]
            guard b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") else { continue }
            put(UnsafeBufferPointer(rebasing: utf8[runStart..<k]))
            runStart = k + 1
            switch b {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0x08: append("\\b")
            case 0x0C: append("\\f")
            default:
                let hex: StaticString = "0123456789abcdef"
                append("\\u00")
                hex.withUTF8Buffer { h in put(h[Int(b >> 4)]); put(h[Int(b & 0xF)]) }
            }
        }
        put(UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        put(UInt8(ascii: "\""))
    }
}
