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
        let temp = dir.appendingPathComponent(".\(url.lastPathComponent).formconv-\(suffix)")
        let fd = open(temp.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else {
            let reason = FileManager.default.isWritableFile(atPath: dir.path) ? "write failed" : "permission denied"
            return .failure(OutputProblem(path: path, reason: reason))
        }
        let written = FileDescriptorOutput.writeAll(bytes, to: fd)
        let reason = written ? "" : String(cString: strerror(errno))
        if close(fd) != 0 || !written {
            unlink(temp.path)
            return .failure(OutputProblem(path: path, reason: written ? "write failed" : reason))
        }
        if rename(temp.path, path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temp)
            return .failure(OutputProblem(path: path, reason: reason))
        }
        return .success(())
    }
}
