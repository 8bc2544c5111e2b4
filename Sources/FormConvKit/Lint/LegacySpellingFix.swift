#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MMXML

/// `formconv lint --fix`: rewrites the legacy spellings of an MM XML file (`LegacySpelling`: item
/// types, `regEx`-style element names, validation `numbers`, `buttonPosition` words) where they are
/// written, and nothing else — no reformatting, no reordering, the rest of the file byte for byte —
/// so that the diff shows exactly what changed. Obsolete elements and attributes and decimal sizes
/// are left for a person to decide (lint still reports them). The file is replaced atomically.
public enum LegacySpellingFix {
    /// One replacement: the bytes `range` of the file become `text`.
    public struct Edit: Equatable, Sendable {
        /// The byte offsets replaced.
        public var range: Range<Int>
        /// What they become.
        public var text: String
    }

    /// Fixes the file at `path` in place, keeping its permissions; the number of edits made (0: the
    /// file is left as it was).
    public static func fix(file path: String, maxInputSize: Int) -> Result<Int, OutputProblem> {
        guard let bytes = LintFileReader.contents(atPath: path), bytes.count <= maxInputSize else { return .success(0) }
        let edits = self.edits(in: bytes)
        guard !edits.isEmpty else { return .success(0) }
        var before = stat()
        let hadMode = stat(path, &before) == 0
        return AtomicWriter.write(apply(edits, to: bytes), to: path).map {
            // The new file was created with the default mode: give it the one the file had.
            if hadMode { _ = chmod(path, before.st_mode & 0o7777) }
            return edits.count
        }
    }

    /// `bytes` with `edits` (in order, not overlapping) made.
    public static func apply(_ edits: [Edit], to bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var at = 0
        for e in edits {
            out += bytes[at..<e.range.lowerBound]
            out += Array(e.text.utf8)
            at = e.range.upperBound
        }
        return out + bytes[at...]
    }

    /// The rewrites an MM XML document needs, in file order. Comments, CDATA sections, processing
    /// instructions and declarations are skipped. Only UTF-8 (ASCII-compatible) text is fixed.
    public static func edits(in bytes: [UInt8]) -> [Edit] {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) || bytes.prefix(4).contains(0) { return [] }
        var edits: [Edit] = []
        var i = 0
        let n = bytes.count
        func starts(_ s: String, at k: Int) -> Bool { bytes[k...].starts(with: s.utf8) }
        func skip(past end: String, from k: Int) -> Int {
            var j = k
            while j < n && !starts(end, at: j) { j += 1 }
            return min(n, j + end.utf8.count)
        }
        func text(_ r: Range<Int>) -> String { String(decoding: bytes[r], as: UTF8.self) }
        while i < n {
            guard bytes[i] == UInt8(ascii: "<") else { i += 1; continue }
            if starts("<!--", at: i) { i = skip(past: "-->", from: i + 4); continue }
            if starts("<![CDATA[", at: i) { i = skip(past: "]]>", from: i + 9); continue }
            if starts("<?", at: i) || starts("<!", at: i) { i = skip(past: ">", from: i + 2); continue }
            let closing = i + 1 < n && bytes[i + 1] == UInt8(ascii: "/")
            let nameStart = i + (closing ? 2 : 1)
            var j = nameStart
            while j < n && !isSpace(bytes[j]) && bytes[j] != UInt8(ascii: ">") && bytes[j] != UInt8(ascii: "/") { j += 1 }
            let name = text(nameStart..<j)
            if let modern = LegacySpelling.element(name) { edits.append(Edit(range: nameStart..<j, text: modern)) }
            // The rest of the tag, quoted values skipped whole; the `type` attribute of an item.
            var quote: UInt8?
            var valueStart = 0
            var attribute = ""
            var k = j
            while k < n {
                let c = bytes[k]
                if let q = quote {
                    if c == q {
                        if name == "item" && attribute == "type", let modern = LegacySpelling.type(text(valueStart..<k)) {
                            edits.append(Edit(range: valueStart..<k, text: modern))
                        }
                        quote = nil
                    }
                } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                    quote = c
                    valueStart = k + 1
                } else if c == UInt8(ascii: ">") {
                    break
                } else if c == UInt8(ascii: "=") {
                    var e = k
                    while e > j && isSpace(bytes[e - 1]) { e -= 1 }
                    var s = e
                    while s > j && !isSpace(bytes[s - 1]) { s -= 1 }
                    attribute = text(s..<e)
                }
                k += 1
            }
            let selfClosing = k > 0 && k < n && bytes[k - 1] == UInt8(ascii: "/")
            i = min(n, k + 1)
            guard !closing, !selfClosing, name == "validation" || name == "buttonPosition" else { continue }
            // The element's text, up to the next tag, without the spaces around it.
            var end = i
            while end < n && bytes[end] != UInt8(ascii: "<") { end += 1 }
            var s = i, e = end
            while s < e && isSpace(bytes[s]) { s += 1 }
            while e > s && isSpace(bytes[e - 1]) { e -= 1 }
            let value = text(s..<e)
            let modern = name == "validation" ? LegacySpelling.validation(value) : LegacySpelling.buttonPosition(value)
            if let modern { edits.append(Edit(range: s..<e, text: modern)) }
        }
        return edits
    }

    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }
}
