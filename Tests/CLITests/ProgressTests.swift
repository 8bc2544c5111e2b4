import Foundation
import Testing
import FormConvTestSupport

/// A batch convert shows `[n/total] converting…` on a terminal, as lint does, and never in a pipe, a
/// file or a CI log. The terminal is `script`'s pseudo-terminal.
@Suite struct ProgressTests {
    static let hasScript = FileManager.default.isExecutableFile(atPath: "/usr/bin/script")

    static func folder() throws -> ScratchDirectory {
        let dir = try ScratchDirectory("progress")
        let hello = try String(contentsOf: TestPaths.repo.appendingPathComponent("Tests/CLITests/Fixtures/inputs/hello.ir.json"),
                               encoding: .utf8)
        for i in 1...25 { try dir.write(hello, to: "in/f\(i).ir.json") }
        return dir
    }

    /// Runs formconv under a pseudo-terminal (standard error a terminal), with `environment`.
    static func onTerminal(_ arguments: [String], in dir: ScratchDirectory, environment: [String: String]) throws -> Subprocess.Result {
        let command = ([TestPaths.formconv.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        return try Subprocess.run("/usr/bin/script", ["-qec", command, "/dev/null"], in: dir.url, environment: environment)
    }

    static let plainEnvironment = ["PATH": "/usr/bin:/bin", "TERM": "xterm"]

    @Test(.enabled(if: hasScript, "needs script(1) for a pseudo-terminal"))
    func batchShowsProgressOnATerminal() throws {
        let dir = try Self.folder()
        defer { dir.remove() }
        let r = try Self.onTerminal(["in", "--to", "json", "-o", "out", "--color", "never"], in: dir, environment: Self.plainEnvironment)
        #expect(r.status == 0, "\(r.output)")
        #expect(r.stdout.contains("[25/25] converting…"), "\(r.stdout)")
        #expect(r.stdout.contains("converted 25, failed 0, losses 0"))
    }

    @Test(.enabled(if: hasScript, "needs script(1) for a pseudo-terminal"))
    func noProgressInCI() throws {
        let dir = try Self.folder()
        defer { dir.remove() }
        var env = Self.plainEnvironment
        env["CI"] = "true"
        let r = try Self.onTerminal(["in", "--to", "json", "-o", "out"], in: dir, environment: env)
        #expect(r.status == 0, "\(r.output)")
        #expect(!r.stdout.contains("converting…"), "\(r.stdout)")
    }

    @Test func noProgressInAPipe() throws {
        let dir = try Self.folder()
        defer { dir.remove() }
        let r = try TestPaths.runFormconv(["in", "--to", "json", "-o", "out"], in: dir.url, environment: Self.plainEnvironment)
        #expect(r.status == 0)
        #expect(r.stderr == "converted 25, failed 0, losses 0\n")
    }
}
