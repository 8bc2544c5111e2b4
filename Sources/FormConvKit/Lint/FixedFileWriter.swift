#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Rewrites a file `lint --fix` fixes, refusing what it may not or cannot replace safely: a file that
/// is not a regular file (a FIFO is opened without waiting for a writer), a read-only file (by its mode
/// bits, so root is refused too), a file with several hard links, one that is larger than the input
/// limit, and one that changed while it was being fixed. The new file is created with mode 0600, given
/// the old file's owner, group and mode before it is renamed over it, so it never has wider permissions.
enum FixedFileWriter {
    /// The file's bytes and what it was when read.
    struct Original {
        var bytes: [UInt8]
        var info: stat
    }

    /// Reads `path` for fixing, or says why it will not be fixed.
    static func read(_ path: String, maxInputSize: Int) -> Result<Original, OutputProblem> {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return .failure(OutputProblem(path: path, reason: SystemError.describe(errno))) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return .failure(OutputProblem(path: path, reason: SystemError.describe(errno))) }
        guard st.st_mode & S_IFMT == S_IFREG else {
            return .failure(OutputProblem(path: path, reason: "not a regular file; not fixed"))
        }
        guard Int(st.st_size) <= maxInputSize else {
            return .failure(OutputProblem(path: path, reason: "larger than the input limit of \(maxInputSize) bytes; not fixed"))
        }
        guard let bytes = LintFileReader.contents(fd: fd, limit: maxInputSize + 1), bytes.count <= maxInputSize else {
            return .failure(OutputProblem(path: path, reason: "cannot read it whole; not fixed"))
        }
        return .success(Original(bytes: bytes, info: st))
    }

    /// Why `original` may not be replaced: read-only by its mode bits (so root is refused too), or hard
    /// links a rename would split; `nil` when it may.
    static func refusal(_ path: String, _ original: Original) -> OutputProblem? {
        let st = original.info
        if st.st_mode & 0o222 == 0 { return OutputProblem(path: path, reason: "the file is read-only; not fixed") }
        if st.st_nlink > 1 { return OutputProblem(path: path, reason: "the file has \(st.st_nlink) hard links, which a fix would split; not fixed") }
        return nil
    }

    /// Replaces `path` (read as `original`) with `bytes`, keeping its mode, owner and group; refuses
    /// when the file changed since it was read. `beforeRename` runs just before the last check (tests).
    static func replace(_ path: String, original: Original, with bytes: [UInt8],
                        beforeRename: (() -> Void)? = nil) -> Result<Void, OutputProblem> {
        let fail = { (reason: String) in Result<Void, OutputProblem>.failure(OutputProblem(path: path, reason: reason)) }
        let dir = path.contains("/") ? String(path[...path.lastIndex(of: "/")!]) : ""
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let temp = "\(dir).\(name).formconv-\(String(UInt32.random(in: .min ... .max), radix: 16))"
        let fd = TemporaryFiles.shared.create(temp) { open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
        guard fd >= 0 else { return fail(SystemError.describe(errno)) }
        func discard(_ reason: String) -> Result<Void, OutputProblem> {
            close(fd)
            unlink(temp)
            TemporaryFiles.shared.forget(temp)
            return fail(reason)
        }
        guard FileDescriptorOutput.writeAll(bytes, to: fd) else { return discard(SystemError.describe(errno)) }
        var mine = stat()
        if fstat(fd, &mine) == 0, mine.st_uid != original.info.st_uid || mine.st_gid != original.info.st_gid,
           fchown(fd, original.info.st_uid, original.info.st_gid) != 0 {
            return discard("cannot give the fixed file the owner and group of the old one; not fixed")
        }
        guard fchmod(fd, original.info.st_mode & 0o7777) == 0, fsync(fd) == 0 else { return discard(SystemError.describe(errno)) }
        beforeRename?()
        var now = stat()
        let unchanged = stat(path, &now) == 0 && now.st_ino == original.info.st_ino && now.st_dev == original.info.st_dev
            && now.st_size == original.info.st_size && now.st_mtim.tv_sec == original.info.st_mtim.tv_sec
            && now.st_mtim.tv_nsec == original.info.st_mtim.tv_nsec
            && LintFileReader.contents(atPath: path) == original.bytes
        guard unchanged else { return discard("the file changed while it was being fixed; not fixed") }
        guard close(fd) == 0 else { unlink(temp); TemporaryFiles.shared.forget(temp); return fail(SystemError.describe(errno)) }
        guard rename(temp, path) == 0 else {
            let reason = SystemError.describe(errno)
            unlink(temp)
            TemporaryFiles.shared.forget(temp)
            return fail(reason)
        }
        TemporaryFiles.shared.forget(temp)
        return .success(())
    }
}
