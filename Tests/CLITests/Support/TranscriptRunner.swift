import Foundation
import FormConvTestSupport

/// Runs transcript commands with the built `formconv` first on `PATH`.
enum TranscriptRunner {
    /// The package root, from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = packageRoot.appendingPathComponent("Tests/CLITests/Fixtures")

    /// The `formconv` binary `swift test` built: next to the test bundle, else in `.build/debug`.
    /// `FORMCONV_BIN` overrides both.
    static func binary() -> URL? {
        let fm = FileManager.default
        var candidates: [URL] = []
        if let env = ProcessInfo.processInfo.environment["FORMCONV_BIN"] { candidates.append(URL(fileURLWithPath: env)) }
        let bundle = Bundle.main.bundleURL
        candidates += [bundle.appendingPathComponent("formconv"),
                       bundle.deletingLastPathComponent().appendingPathComponent("formconv")]
        for b in Bundle.allBundles { candidates.append(b.bundleURL.deletingLastPathComponent().appendingPathComponent("formconv")) }
        candidates.append(packageRoot.appendingPathComponent(".build/debug/formconv"))
        return candidates.first { fm.isExecutableFile(atPath: $0.path) && !isDirectory($0) }
    }

    static func isDirectory(_ url: URL) -> Bool {
        var d: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &d) && d.boolValue
    }

    /// A fresh directory holding a copy of `Fixtures/inputs/` and of the repository's `examples/`.
    static func makeWorkDirectory() throws -> URL {
        let fm = FileManager.default
        let dir = fm.temporaryDirectory.appendingPathComponent("formconv-cli-\(UUID().uuidString)")
        try fm.copyItem(at: fixtures.appendingPathComponent("inputs"), to: dir)
        let examples = packageRoot.appendingPathComponent("examples")
        if fm.fileExists(atPath: examples.path) {
            try fm.copyItem(at: examples, to: dir.appendingPathComponent("examples"))
        }
        return dir
    }

    /// Runs `command` with `/bin/sh -c` in `directory`.
    static func run(_ command: String, stdin: String?, in directory: URL, binary: URL) throws -> TranscriptResult {
        var env = ProcessInfo.processInfo.environment
        env["PATH"] = binary.deletingLastPathComponent().path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        env["COLUMNS"] = "80"
        env["LC_ALL"] = "C.UTF-8"
        env.removeValue(forKey: "NO_COLOR")
        let r = try Subprocess.run("/bin/sh", ["-c", command], stdin: Array((stdin ?? "").utf8), in: directory, environment: env)
        return TranscriptResult(stdout: r.stdout, stderr: r.stderr, status: r.status)
    }
}
