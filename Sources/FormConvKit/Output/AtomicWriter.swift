import Foundation

/// Why an output could not be written: always exit status 73 (EX_CANTCREAT).
public struct OutputProblem: Error, Sendable, Equatable {
    public var path: String
    public var reason: String
    public var id: String { "output.cannot-create" }
    public var message: String { "cannot write \(path): \(reason)" }
}

/// Writes files so that a reader never sees half of one: the bytes go to a temporary file in the
/// destination's directory, which is then renamed over the destination (atomic on POSIX file systems).
/// Missing parent directories are created. On any failure the temporary file is removed and nothing is
/// left behind.
public enum AtomicWriter {
    public static func write(_ bytes: [UInt8], to path: String) -> Result<Void, OutputProblem> {
        switch AtomicFile.create(at: path) {
        case .failure(let problem): return .failure(problem)
        case .success(let file):
            file.write(bytes)
            return file.commit()
        }
    }
}

/// A file being written in place of `path`, in as many pieces as it comes in: a temporary file beside
/// it until `commit` renames it over `path`; `discard` (or a failed write or commit) removes it.
final class AtomicFile {
    let path: String
    private let temp: String
    private var fd: Int32
    /// Why a write failed (`strerror`), when one did: the rest are not attempted.
    private var failure: String?

    private init(path: String, temp: String, fd: Int32) {
        self.path = path
        self.temp = temp
        self.fd = fd
    }

    static func create(at path: String) -> Result<AtomicFile, OutputProblem> {
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent()
        if InputLoader.fileKind(path) == .directory {
            return .failure(OutputProblem(path: path, reason: "it is a directory"))
        }
        do {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        } catch {
            let parent = (path as NSString).deletingLastPathComponent
            return .failure(OutputProblem(path: path, reason: "cannot create directory \(parent)"))
        }
        // A random suffix from getrandom(2) (a UUID opened /dev/urandom three times); O_EXCL refuses a
        // name that happens to exist.
        let suffix = String(UInt32.random(in: .min ... .max), radix: 16, uppercase: true)
        let temp = dir.appendingPathComponent(".\(url.lastPathComponent).formconv-\(suffix)").path
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else {
            let reason = FileManager.default.isWritableFile(atPath: dir.path) ? "write failed" : "permission denied"
            return .failure(OutputProblem(path: path, reason: reason))
        }
        return .success(AtomicFile(path: path, temp: temp, fd: fd))
    }

    func write(_ bytes: [UInt8]) {
        guard failure == nil, fd >= 0, !FileDescriptorOutput.writeAll(bytes, to: fd) else { return }
        failure = String(cString: strerror(errno))
    }

    /// Puts the file in place of `path`; on failure removes it.
    func commit() -> Result<Void, OutputProblem> {
        let closed = close(fd) == 0
        fd = -1
        if let failure {
            unlink(temp)
            return .failure(OutputProblem(path: path, reason: failure))
        }
        guard closed else {
            unlink(temp)
            return .failure(OutputProblem(path: path, reason: "write failed"))
        }
        if rename(temp, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temp)
            return .failure(OutputProblem(path: path, reason: reason))
        }
        return .success(())
    }

    /// Removes the file without putting it in place.
    func discard() {
        guard fd >= 0 else { return }
        close(fd)
        fd = -1
        unlink(temp)
    }

    deinit { discard() }
}
