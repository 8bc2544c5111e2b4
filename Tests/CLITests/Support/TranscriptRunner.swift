import Foundation

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
        let fm = FileManager.default
        let io = fm.temporaryDirectory.appendingPathComponent("formconv-io-\(UUID().uuidString)")
        try fm.createDirectory(at: io, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: io) }
        let inURL = io.appendingPathComponent("stdin"), outURL = io.appendingPathComponent("stdout"),
            errURL = io.appendingPathComponent("stderr")
        _ = fm.createFile(atPath: inURL.path, contents: Data((stdin ?? "").utf8))
        _ = fm.createFile(atPath: outURL.path, contents: nil)
        _ = fm.createFile(atPath: errURL.path, contents: nil)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", command]
        p.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env["PATH"] = binary.deletingLastPathComponent().path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        env["COLUMNS"] = "80"
        env["LC_ALL"] = "C.UTF-8"
        env.removeValue(forKey: "NO_COLOR")
        p.environment = env
        let inH = try FileHandle(forReadingFrom: inURL), outH = try FileHandle(forWritingTo: outURL),
            errH = try FileHandle(forWritingTo: errURL)
        p.standardInput = inH
        p.standardOutput = outH
        p.standardError = errH
        try p.run()
        p.waitUntilExit()
        try? inH.close(); try? outH.close(); try? errH.close()
        return TranscriptResult(stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                                stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self),
                                status: p.terminationStatus)
    }
}
