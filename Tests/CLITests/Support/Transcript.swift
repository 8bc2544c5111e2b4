import Foundation

/// One command of a CLI transcript (pandoc's `test/command/*.md` style): a fenced block in a Markdown
/// file under `Fixtures/transcripts/`, read under the heading that describes it.
///
///     $ formconv signup.ir.json --to jsn      the command, run by /bin/sh in the transcript's directory
///     < a line of standard input              (optional, any number)
///     > an expected line of standard output   (`>` alone: an empty line)
///     2> an expected line of standard error
///     ? 64                                    the expected exit status
///
/// A `...` line among `>` or `2>` lines matches any number of lines. All blocks of one file run in
/// order in the same temporary directory, which starts as a copy of `Fixtures/inputs/` plus `examples/`.
struct TranscriptCase: Sendable, CustomStringConvertible {
    var title: String
    /// 1-based line of the block's `$` line in its file.
    var line: Int
    var command: String
    var stdin: String?
    var stdout: [String]
    var stderr: [String]
    var status: Int32

    var description: String { "line \(line) (\(title)): $ \(command)" }
}

/// A transcript file: its cases and where they are.
struct Transcript: Sendable {
    var url: URL
    var text: String
    var cases: [TranscriptCase]
    /// Line ranges (0-based, half open) of each case's block body, for re-recording.
    var blockRanges: [Range<Int>]

    static func parse(_ url: URL) throws -> Transcript {
        let text = try String(contentsOf: url, encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        var cases: [TranscriptCase] = []
        var ranges: [Range<Int>] = []
        var title = url.deletingPathExtension().lastPathComponent
        var i = 0
        while i < lines.count {
            let l = lines[i]
            if l.hasPrefix("#") { title = l.drop { $0 == "#" || $0 == " " }.description }
            guard l.hasPrefix("```"), i + 1 < lines.count, lines[i + 1].hasPrefix("$ ") else { i += 1; continue }
            let start = i + 1
            var end = start
            while end < lines.count, !lines[end].hasPrefix("```") { end += 1 }
            cases.append(try parseBlock(Array(lines[start..<end]), title: title, line: start + 1, file: url.lastPathComponent))
            ranges.append(start..<end)
            i = end + 1
        }
        return Transcript(url: url, text: text, cases: cases, blockRanges: ranges)
    }

    struct FormatError: Error, CustomStringConvertible { var description: String }

    static func parseBlock(_ lines: [String], title: String, line: Int, file: String) throws -> TranscriptCase {
        var c = TranscriptCase(title: title, line: line, command: "", stdin: nil, stdout: [], stderr: [], status: 0)
        var stdin: [String] = []
        var sawStatus = false
        for (k, l) in lines.enumerated() {
            if l.hasPrefix("$ ") { c.command += (c.command.isEmpty ? "" : "\n") + l.dropFirst(2) }
            else if l == "<" || l.hasPrefix("< ") { stdin.append(String(l.dropFirst(2))) }
            else if l == ">" || l.hasPrefix("> ") { c.stdout.append(String(l.dropFirst(2))) }
            else if l == "2>" || l.hasPrefix("2> ") { c.stderr.append(String(l.dropFirst(3))) }
            else if l.hasPrefix("? "), let s = Int32(l.dropFirst(2)) { c.status = s; sawStatus = true }
            else if !l.isEmpty { throw FormatError(description: "\(file):\(line + k): cannot read transcript line: \(l)") }
        }
        guard sawStatus else { throw FormatError(description: "\(file):\(line): block has no '? <status>' line") }
        if !stdin.isEmpty { c.stdin = stdin.joined(separator: "\n") + "\n" }
        return c
    }

    /// The file with each block's expectations replaced by what actually happened (`FORMCONV_RECORD=1`).
    func recorded(_ results: [TranscriptResult]) -> String {
        var lines = text.components(separatedBy: "\n")
        for (range, (c, r)) in zip(blockRanges, zip(cases, results)).reversed() {
            var body = c.command.components(separatedBy: "\n").map { "$ " + $0 }
            if let s = c.stdin { body += s.dropLast().components(separatedBy: "\n").map { $0.isEmpty ? "<" : "< " + $0 } }
            body += r.stdoutLines.map { $0.isEmpty ? ">" : "> " + $0 }
            body += r.stderrLines.map { $0.isEmpty ? "2>" : "2> " + $0 }
            body.append("? \(r.status)")
            lines.replaceSubrange(range, with: body)
        }
        return lines.joined(separator: "\n")
    }
}

/// What a transcript command did.
struct TranscriptResult: Sendable {
    var stdout: String
    var stderr: String
    var status: Int32

    var stdoutLines: [String] { Self.lines(stdout) }
    var stderrLines: [String] { Self.lines(stderr) }

    static func lines(_ s: String) -> [String] {
        var l = s.components(separatedBy: "\n")
        if l.last == "" { l.removeLast() }
        return l
    }
}

/// Whether `actual` matches `expected`, where a `...` line in `expected` stands for any number of lines.
func linesMatch(_ expected: ArraySlice<String>, _ actual: ArraySlice<String>) -> Bool {
    guard let first = expected.first else { return actual.isEmpty }
    if first == "..." {
        let rest = expected.dropFirst()
        for skip in 0...actual.count where linesMatch(rest, actual.dropFirst(skip)) { return true }
        return false
    }
    guard let a = actual.first, a == first else { return false }
    return linesMatch(expected.dropFirst(), actual.dropFirst())
}
