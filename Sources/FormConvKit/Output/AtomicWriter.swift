#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why an output could not be written: always exit status 73 (EX_CANTCREAT).
public struct OutputProblem: Error, Sendable, Equatable {
    /// The output path.
    public var path: String
    /// The system's reason (`permission denied`).
    public var reason: String
    /// The diagnostic id: `output.cannot-create`.
    public var id: String { "output.cannot-create" }
    /// `cannot write PATH: REASON`, as printed.
    public var message: String { "cannot write \(path): \(reason)" }
}

/// Writes files so that a reader never sees half of one: the bytes go to a temporary file in the
/// destination's directory, which is then renamed over the destination (atomic on POSIX file systems).
/// Missing parent directories are created. On any failure the temporary file is removed and nothing is
/// left behind. A destination that is not a regular file (a device, a FIFO) is written in place, and
/// a symbolic link's target is replaced (`OutputTarget`).
public enum AtomicWriter {
    /// Writes `bytes` to `path` through a temporary file renamed into place, or says why it could not.
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
/// it until `commit` renames it over `path`; `discard` (or a failed write or commit) removes it. When
/// `path` is a device or a FIFO, the bytes go straight to it and there is no temporary file.
final class AtomicFile {
    let path: String
    /// The temporary file, or `nil` when writing in place.
    private let temp: String?
    /// The file the temporary one replaces (`path`, or where its symbolic links lead).
    private let final: String
    /// The directories made for the temporary file, parents first: removed with it when it is not
    /// put in place, so that a run that writes nothing leaves nothing behind.
    private let madeDirectories: [String]
    private var fd: Int32
    /// Why a write failed (`strerror`), when one did: the rest are not attempted.
    private var failure: String?

    private init(path: String, final: String, temp: String?, madeDirectories: [String] = [], fd: Int32) {
        self.path = path
        self.final = final
        self.temp = temp
        self.madeDirectories = madeDirectories
        self.fd = fd
    }

    static func create(at path: String) -> Result<AtomicFile, OutputProblem> {
        OutputTarget.resolve(path).flatMap { create(at: path, target: $0) }
    }

    /// The file for `path`, resolved as `target`.
    static func create(at path: String, target: OutputTarget) -> Result<AtomicFile, OutputProblem> {
        switch target {
        case .inPlace(let device):
            let fd = open(device, O_WRONLY | O_CLOEXEC | O_NOCTTY)
            guard fd >= 0 else { return .failure(OutputProblem(path: path, reason: SystemError.describe(errno))) }
            return .success(AtomicFile(path: path, final: device, temp: nil, fd: fd))
        case .replace(let final):
            let dir = OutputTarget.directory(of: final)
            var made: [String] = []
            if !dir.isEmpty, let (failed, code) = OutputTarget.makeDirectories(dir, made: &made) {
                return .failure(OutputProblem(path: path, reason: "cannot create directory \(failed): \(SystemError.describe(code))"))
            }
            // A random suffix from getrandom(2) (a UUID opened /dev/urandom three times); O_EXCL refuses a
            // name that happens to exist.
            let suffix = String(UInt32.random(in: .min ... .max), radix: 16, uppercase: true)
            let name = final.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? final
            let temp = "\(dir).\(name).formconv-\(suffix)"
            let create = { TemporaryFiles.shared.create(temp) { open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666) } }
            var fd = create()
            // Another job of the batch may have removed a directory it made, emptied, as this one found it.
            if fd < 0, errno == ENOENT, !dir.isEmpty, OutputTarget.makeDirectories(dir, made: &made) == nil { fd = create() }
            guard fd >= 0 else {
                let reason = SystemError.describe(errno)
                removeDirectories(made)
                return .failure(OutputProblem(path: path, reason: reason))
            }
            return .success(AtomicFile(path: path, final: final, temp: temp, madeDirectories: made, fd: fd))
        }
    }

    func write(_ bytes: [UInt8]) {
        guard failure == nil, fd >= 0, !FileDescriptorOutput.writeAll(bytes, to: fd) else { return }
        failure = SystemError.describe(errno)
    }

    /// Puts the file in place of `path`; on failure removes it.
    func commit() -> Result<Void, OutputProblem> {
        let closed = close(fd) == 0 ? nil : SystemError.describe(errno)
        fd = -1
        if let reason = failure ?? closed {
            remove()
            return .failure(OutputProblem(path: path, reason: reason))
        }
        if let temp {
            if rename(temp, final) != 0 {
                let reason = SystemError.describe(errno)
                remove()
                return .failure(OutputProblem(path: path, reason: reason))
            }
            TemporaryFiles.shared.forget(temp)
        }
        return .success(())
    }

    /// Removes the file without putting it in place (what was written to a device stays written).
    func discard() {
        guard fd >= 0 else { return }
        close(fd)
        fd = -1
        remove()
    }

    /// Removes the temporary file, if there is one, and the directories made for it.
    private func remove() {
        guard let temp else { return }
        unlink(temp)
        TemporaryFiles.shared.forget(temp)
        Self.removeDirectories(madeDirectories)
    }

    /// Removes `made` (parents first), deepest first; one that is no longer empty stays.
    private static func removeDirectories(_ made: [String]) {
        for dir in made.reversed() { rmdir(dir) }
    }

    deinit { discard() }
}
