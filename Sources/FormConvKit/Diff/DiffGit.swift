import Foundation
import FormIR

/// `formconv diff --git REV [PATHS…]`: every form that differs between revision `REV` and the working
/// tree, read from git with `git cat-file` (sizes checked before the contents are read).
public enum DiffGit {
    /// One form to compare: its path, and its bytes at the revision and in the working tree (`nil`
    /// where it does not exist).
    public struct Pair: Sendable {
        /// The path, relative to the current directory.
        public var path: String
        /// The revision's copy, `nil` when the file is new.
        public var old: DiffSide
        /// The working tree's copy, `nil` when the file was deleted.
        public var new: DiffSide
    }

    /// Why the revision's files could not be listed.
    public struct Failure: Error, Sendable {
        /// What git said.
        public var message: String
    }

    /// The forms under `paths` that differ between `revision` and the working tree (untracked forms
    /// included), each read on both sides. Files that are not forms are passed over.
    public static func pairs(revision: String, paths: [String], maxInputSize: Int) -> Result<[Pair], Failure> {
        let scope = ["--"] + (paths.isEmpty ? ["."] : paths)
        guard case .success(let changed) = git(["diff", "--name-only", "--relative", "-z", revision] + scope, limit: 1 << 26),
              case .success(let untracked) = git(["ls-files", "-z", "--others", "--exclude-standard"] + scope, limit: 1 << 26)
        else {
            let why = git(["rev-parse", "--verify", "--quiet", revision + "^{commit}"], limit: 4096)
            if case .failure(let f) = why { return .failure(f) }
            return .failure(Failure(message: "git could not compare \(revision) with the working tree"))
        }
        let names = (split(changed) + split(untracked)).sorted()
        var out: [Pair] = []
        for path in names {
            let oldBytes = blob(revision: revision, path: path, limit: maxInputSize)
            let newExists = FileManager.default.fileExists(atPath: path)
            let probe: [UInt8]
            switch oldBytes {
            case .success(let b?): probe = b
            default: probe = newExists ? ((try? LintFileReader.head(atPath: path, limit: FormatDetector.headSize).get().bytes) ?? []) : []
            }
            guard let format = LintDiscovery.formFormat(head: Array(probe.prefix(FormatDetector.headSize)), path: path) else { continue }
            let name = "\(revision):\(path)"
            let old: DiffSide
            switch oldBytes {
            case .success(let b?): old = DiffInput.read(bytes: b, name: name, as: format)
            case .success(nil): old = DiffSide(name: name, form: Form(), format: format, diagnostics: [], status: .success)
            case .failure(let f):
                old = DiffSide(name: name, form: nil, format: format, diagnostics: [Diagnostic(.error, id: "input.git", f.message)], status: .failure)
            }
            let new = newExists ? DiffInput.read(path: path, as: nil, maxInputSize: maxInputSize)
                : DiffSide(name: path, form: Form(), format: format, diagnostics: [], status: .success)
            out.append(Pair(path: path, old: old, new: new))
        }
        return .success(out)
    }

    /// The file at `revision`, `nil` when it does not exist there; a failure when it is over `limit`.
    static func blob(revision: String, path: String, limit: Int) -> Result<[UInt8]?, Failure> {
        let object = "\(revision):./\(path)"
        guard case .success(let size) = git(["cat-file", "-s", object], limit: 64) else { return .success(nil) }
        let n = Int(String(decoding: size, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        if n > limit {
            return .failure(Failure(message: "\(object) is \(ByteSize.describe(n)), over the limit of \(ByteSize.describe(limit)) (raise it with --max-input-size)"))
        }
        return git(["cat-file", "blob", object], limit: limit).map { Optional($0) }
    }

    static func split(_ bytes: [UInt8]) -> [String] {
        bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Runs git with `arguments`, reading at most `limit` bytes of its output; a failure with git's
    /// message when it exits non-zero.
    static func git(_ arguments: [String], limit: Int) -> Result<[UInt8], Failure> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return .failure(Failure(message: "cannot run git: \(error.localizedDescription)")) }
        var bytes: [UInt8] = []
        let handle = out.fileHandleForReading
        while bytes.count <= limit {
            let chunk = handle.readData(ofLength: min(1 << 20, limit + 1 - bytes.count))
            if chunk.isEmpty { break }
            bytes.append(contentsOf: chunk)
        }
        if bytes.count > limit { process.terminate() }
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile().prefix(4096), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, bytes.count <= limit else {
            let text = message.trimmingCharacters(in: .whitespacesAndNewlines)
            return .failure(Failure(message: text.isEmpty ? "git \(arguments.first ?? "") failed" : text))
        }
        return .success(bytes)
    }
}
