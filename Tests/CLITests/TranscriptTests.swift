import Foundation
import Testing

/// Runs every transcript under `Fixtures/transcripts/` against the built `formconv`.
/// `FORMCONV_RECORD=1` rewrites the transcripts with what happened (and still fails).
@Suite struct TranscriptTests {
    static let files: [String] = {
        let dir = TranscriptRunner.fixtures.appendingPathComponent("transcripts")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".md") }.sorted()
    }()

    @Test func transcriptsExist() {
        #expect(Self.files.count >= 10, "expected the transcripts under Fixtures/transcripts/")
    }

    @Test(arguments: files)
    func transcript(_ name: String) throws {
        let url = TranscriptRunner.fixtures.appendingPathComponent("transcripts/\(name)")
        let transcript = try Transcript.parse(url)
        #expect(!transcript.cases.isEmpty, "\(name) holds no command")
        let binary = try #require(TranscriptRunner.binary(), "formconv binary not found; run `swift build` first")
        let dir = try TranscriptRunner.makeWorkDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var results: [TranscriptResult] = []
        var mismatches = 0
        for c in transcript.cases {
            let r = try TranscriptRunner.run(c.command, stdin: c.stdin, in: dir, binary: binary)
            results.append(r)
            let ok = r.status == c.status && linesMatch(c.stdout[...], r.stdoutLines[...])
                && linesMatch(c.stderr[...], r.stderrLines[...])
            if !ok { mismatches += 1 }
            #expect(r.status == c.status, "\(name) \(c): exit status \(r.status), expected \(c.status)\nstderr:\n\(r.stderr)")
            #expect(linesMatch(c.stdout[...], r.stdoutLines[...]), "\(name) \(c): stdout differs; got:\n\(r.stdout)")
            #expect(linesMatch(c.stderr[...], r.stderrLines[...]), "\(name) \(c): stderr differs; got:\n\(r.stderr)")
        }
        if ProcessInfo.processInfo.environment["FORMCONV_RECORD"] == "1" {
            try transcript.recorded(results).write(to: url, atomically: true, encoding: .utf8)
            Issue.record("FORMCONV_RECORD=1: rewrote \(name) (\(mismatches) command(s) differed); check the diff and run again without it")
        }
    }
}
