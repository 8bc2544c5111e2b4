import Foundation

/// Where things are, seen from the tests.
public enum TestPaths {
    /// The repository root (the directory holding Package.swift).
    public static let repo: URL = {
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while dir.path != "/" && !FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) {
            dir = dir.deletingLastPathComponent()
        }
        return dir
    }()

    /// `shared/` (specs, corpus, schemas): beside the repository in CI, or /work/shared on a developer machine.
    public static let shared: URL = {
        let candidates = [repo.deletingLastPathComponent().appendingPathComponent("shared"), URL(fileURLWithPath: "/work/shared")]
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("specs").path) } ?? candidates[0]
    }()

    public static let examples = repo.appendingPathComponent("examples")

    /// The `formconv` binary `swift test` builds next to the test bundle.
    public static let formconv: URL = {
        var dir = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("formconv")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return repo.appendingPathComponent(".build/debug/formconv")
    }()

    /// Runs the built formconv with `arguments` in `directory`.
    public static func runFormconv(_ arguments: [String], in directory: URL? = nil, stdin: [UInt8] = [],
                                   environment: [String: String]? = nil, timeout: TimeInterval = 60) throws -> Subprocess.Result {
        try Subprocess.run(formconv.path, arguments, stdin: stdin, in: directory, environment: environment, timeout: timeout)
    }
}
