/// `lint --fix` on one file on disk, and `lint --fix --diff`.
extension LegacySpellingFix {
    /// What fixing one file did.
    public enum Outcome: Equatable, Sendable {
        /// Not MM XML by its content: left alone.
        case notMMXML
        /// Fixed (or, with `dryRun`, would be) with this many edits (0: nothing to fix), and the
        /// unified diff when asked for.
        case fixed(edits: Int, diff: String?)
    }

    /// Fixes the MM XML file at `path` in place (`FixedFileWriter`), safe edits only unless `unsafe`;
    /// with `dryRun` changes nothing and returns the unified diff instead.
    public static func fix(file path: String, maxInputSize: Int, unsafe: Bool = false, dryRun: Bool = false) -> Result<Outcome, OutputProblem> {
        let original: FixedFileWriter.Original
        switch FixedFileWriter.read(path, maxInputSize: maxInputSize) {
        case .failure(let problem): return .failure(problem)
        case .success(let o): original = o
        }
        let content = original.bytes.drop { MarkupScan.isSpace($0) || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
        guard content.first == UInt8(ascii: "<"), FormatDetector.detect(name: path, bytes: original.bytes) == .mmxml else {
            return .success(.notMMXML)
        }
        let edits = edits(in: original.bytes, unsafe: unsafe)
        guard !edits.isEmpty else { return .success(.fixed(edits: 0, diff: dryRun ? "" : nil)) }
        if dryRun { return .success(.fixed(edits: edits.count, diff: unifiedDiff(original.bytes, edits, path: path))) }
        if let refusal = FixedFileWriter.refusal(path, original) { return .failure(refusal) }
        return FixedFileWriter.replace(path, original: original, with: apply(edits, to: original.bytes)).map { .fixed(edits: edits.count, diff: nil) }
    }

    /// The unified diff (no context lines, as `diff -U0`) that `edits` make to `bytes`.
    public static func unifiedDiff(_ bytes: [UInt8], _ edits: [Edit], path: String) -> String {
        var lineStarts = [0]
        for (i, c) in bytes.enumerated() where c == 0x0A && i + 1 < bytes.count { lineStarts.append(i + 1) }
        func line(of offset: Int) -> Int {  // 0-based
            var lo = 0, hi = lineStarts.count - 1
            while lo < hi { let mid = (lo + hi + 1) / 2; if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 } }
            return lo
        }
        // Spans of whole lines, each with its edits.
        var spans: [(first: Int, last: Int, edits: [Edit])] = []
        for e in edits {
            let first = line(of: e.range.lowerBound)
            let last = e.range.isEmpty ? first : line(of: e.range.upperBound - 1)
            if var s = spans.last, first <= s.last + 0 { s.last = max(s.last, last); s.edits.append(e); spans[spans.count - 1] = s }
            else { spans.append((first, last, [e])) }
        }
        func lines(_ b: ArraySlice<UInt8>) -> [String] {
            var out: [String] = []
            var cur: [UInt8] = []
            for c in b { if c == 0x0A { out.append(String(decoding: cur, as: UTF8.self)); cur = [] } else { cur.append(c) } }
            if !cur.isEmpty { out.append(String(decoding: cur, as: UTF8.self)) }
            return out
        }
        var out = "--- a/\(path)\n+++ b/\(path)\n"
        var shift = 0
        for s in spans {
            let start = lineStarts[s.first]
            let end = s.last + 1 < lineStarts.count ? lineStarts[s.last + 1] : bytes.count
            let old = lines(bytes[start..<end])
            let moved = s.edits.map { Edit(range: ($0.range.lowerBound - start)..<($0.range.upperBound - start), text: $0.text) }
            let new = lines(apply(moved, to: Array(bytes[start..<end]))[...])
            let oldStart = old.isEmpty ? s.first : s.first + 1
            let newStart = new.isEmpty ? s.first + shift : s.first + 1 + shift
            out += "@@ -\(oldStart),\(old.count) +\(newStart),\(new.count) @@\n"
            out += old.map { "-\($0)\n" }.joined() + new.map { "+\($0)\n" }.joined()
            shift += new.count - old.count
        }
        return out
    }
}
