#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Rewrites a file `lint --fix` fixes, refusing what it may not or cannot replace safely: a file that
/// is not a regular file (a FIFO is opened without waiting for a writer), a read-only file (by its mode
/// bits, so root is refused too), one that is larger than the input limit, and one that changed while
/// it was being fixed. The new file is created with mode 0600, given the old file's owner, group, mode
/// and extended attributes before it is renamed over it, so it never has wider permissions. A file with
/// several hard links is written in place instead (a rename would split the links), through a
/// temporary copy of the old content that is kept until the new content is written and read back.
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

    /// Why `original` may not be replaced: read-only by its mode bits (so root is refused too); `nil`
    /// when it may.
    static func refusal(_ path: String, _ original: Original) -> OutputProblem? {
        if original.info.st_mode & 0o222 == 0 { return OutputProblem(path: path, reason: "the file is read-only; not fixed") }
        return nil
    }

    /// Whether the file at `path` is still the one read as `original`: same inode, size, mtime and bytes.
    private static func unchanged(_ path: String, _ original: Original) -> Bool {
        var now = stat()
        return stat(path, &now) == 0 && now.st_ino == original.info.st_ino && now.st_dev == original.info.st_dev
            && now.st_size == original.info.st_size && now.st_mtim.tv_sec == original.info.st_mtim.tv_sec
            && now.st_mtim.tv_nsec == original.info.st_mtim.tv_nsec
            && LintFileReader.contents(atPath: path) == original.bytes
    }

    /// A hidden temporary path beside `path`, and its descriptor (mode 0600), registered with
    /// `TemporaryFiles`.
    private static func temporary(beside path: String) -> (path: String, fd: Int32) {
        let dir = path.contains("/") ? String(path[...path.lastIndex(of: "/")!]) : ""
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let temp = "\(dir).\(name).formconv-\(String(UInt32.random(in: .min ... .max), radix: 16))"
        return (temp, TemporaryFiles.shared.create(temp) { open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) })
    }

    /// Copies the extended attributes of `path` to the open file `fd`; the name of the first one it
    /// cannot give it (unless `fd` already has it with the same value), or `nil` when all are copied.
    private static func copyExtendedAttributes(of path: String, to fd: Int32) -> String? {
        #if canImport(Glibc) || canImport(Darwin)
        typealias X = ExtendedAttributes
        guard X.available else { return nil }
        let size = X.listNames(path, nil, 0)
        guard size > 0 else { return nil }  // none, or the file system has none
        var list = [CChar](repeating: 0, count: size)
        let got = X.listNames(path, &list, size)
        guard got >= 0 else { return "(the list)" }
        for name in list[..<got].split(separator: 0, omittingEmptySubsequences: true).map({ String(decoding: $0.map { UInt8(bitPattern: $0) }, as: UTF8.self) }) {
            func value(_ get: (UnsafeMutableRawPointer?, Int) -> Int) -> [UInt8]? {
                let n = get(nil, 0)
                guard n >= 0 else { return nil }
                var buf = [UInt8](repeating: 0, count: n)
                let m = buf.withUnsafeMutableBytes { get($0.baseAddress, n) }
                return m >= 0 ? Array(buf[..<m]) : nil
            }
            guard let v = value({ X.getValue(path, name, $0, $1) }) else { return name }
            if v.withUnsafeBytes({ X.setValue(fd, name, $0.baseAddress, v.count) }) != 0,
               value({ X.getValue(fd, name, $0, $1) }) != v {
                return name
            }
        }
        #endif
        return nil
    }

    /// Replaces `path` (read as `original`) with `bytes`, keeping its mode, owner and group; refuses
    /// when the file changed since it was read. `beforeRename` runs just before the last check (tests).
    static func replace(_ path: String, original: Original, with bytes: [UInt8],
                        beforeRename: (() -> Void)? = nil) -> Result<Void, OutputProblem> {
        if original.info.st_nlink > 1 { return replaceInPlace(path, original: original, with: bytes, beforeWrite: beforeRename) }
        let fail = { (reason: String) in Result<Void, OutputProblem>.failure(OutputProblem(path: path, reason: reason)) }
        let (temp, fd) = temporary(beside: path)
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
        guard fchmod(fd, original.info.st_mode & 0o7777) == 0 else { return discard(SystemError.describe(errno)) }
        if let name = copyExtendedAttributes(of: path, to: fd) {
            return discard("cannot give the fixed file the extended attribute \(name) of the old one; not fixed")
        }
        guard fsync(fd) == 0 else { return discard(SystemError.describe(errno)) }
        beforeRename?()
        guard unchanged(path, original) else { return discard("the file changed while it was being fixed; not fixed") }
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

    /// Writes `bytes` into the file at `path` itself (it has several hard links, which all see the new
    /// content): first a temporary copy of the old content beside it, then the new content over the
    /// old, truncated and read back; the copy is removed only when the new content reads back whole.
    /// When the write fails the old content is written back from memory; when that fails too, the copy
    /// is kept and the diagnostic names it. `beforeWrite` runs just before the last check; `writeAll`
    /// writes content into the file (tests make it fail, as a full or failing disk would).
    static func replaceInPlace(_ path: String, original: Original, with bytes: [UInt8],
                               beforeWrite: (() -> Void)? = nil,
                               writeAll: ([UInt8], Int32) -> Bool = FileDescriptorOutput.writeAll) -> Result<Void, OutputProblem> {
        let fail = { (reason: String) in Result<Void, OutputProblem>.failure(OutputProblem(path: path, reason: reason)) }
        let (copy, copyFD) = temporary(beside: path)
        guard copyFD >= 0 else { return fail(SystemError.describe(errno)) }
        func dropCopy() { unlink(copy); TemporaryFiles.shared.forget(copy) }
        let saved = FileDescriptorOutput.writeAll(original.bytes, to: copyFD) && fsync(copyFD) == 0
        let savedErrno = errno
        guard close(copyFD) == 0, saved else { dropCopy(); return fail(SystemError.describe(saved ? errno : savedErrno)) }
        let fd = open(path, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { dropCopy(); return fail(SystemError.describe(errno)) }
        defer { close(fd) }
        var opened = stat()
        beforeWrite?()
        guard fstat(fd, &opened) == 0, opened.st_ino == original.info.st_ino, opened.st_dev == original.info.st_dev,
              unchanged(path, original) else {
            dropCopy()
            return fail("the file changed while it was being fixed; not fixed")
        }
        // From here an interrupted run leaves the copy: it is the only whole old content on disk.
        TemporaryFiles.shared.forget(copy)
        func write(_ content: [UInt8]) -> Bool {
            lseek(fd, 0, SEEK_SET) == 0 && writeAll(content, fd)
                && ftruncate(fd, off_t(content.count)) == 0 && fsync(fd) == 0
                && lseek(fd, 0, SEEK_SET) == 0 && LintFileReader.contents(fd: fd, limit: content.count + 1) == content
        }
        if write(bytes) { unlink(copy); return .success(()) }
        let reason = SystemError.describe(errno)
        if write(original.bytes) { unlink(copy); return fail("\(reason); not fixed, the old content is back") }
        return fail("\(reason); writing it in place failed, and its old content is in \(copy)")
    }
}

#if canImport(Glibc)
/// The Linux extended-attribute calls of the C library, which the Glibc module does not export
/// (`<sys/xattr.h>`), looked up once by name; `nil` where the library has none.
enum ExtendedAttributes {
    typealias List = @convention(c) (UnsafePointer<CChar>, UnsafeMutablePointer<CChar>?, Int) -> Int
    typealias Get = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int
    typealias Set = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeRawPointer?, Int, Int32) -> Int32
    typealias FGet = @convention(c) (Int32, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int
    typealias FSet = @convention(c) (Int32, UnsafePointer<CChar>, UnsafeRawPointer?, Int, Int32) -> Int32

    private static func symbol<F>(_ name: String, _: F.Type) -> F? {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), name).map { unsafeBitCast($0, to: F.self) }
    }
    static let list = symbol("listxattr", List.self)
    static let get = symbol("getxattr", Get.self)
    static let set = symbol("setxattr", Set.self)
    static let fget = symbol("fgetxattr", FGet.self)
    static let fset = symbol("fsetxattr", FSet.self)

    /// Whether the library has the calls `FixedFileWriter` makes.
    static var available: Bool { list != nil && get != nil && fget != nil && fset != nil }
    /// listxattr(2) (only when `available`).
    static func listNames(_ path: String, _ names: UnsafeMutablePointer<CChar>?, _ size: Int) -> Int { list!(path, names, size) }
    /// getxattr(2).
    static func getValue(_ path: String, _ name: String, _ value: UnsafeMutableRawPointer?, _ size: Int) -> Int {
        get!(path, name, value, size)
    }
    /// fgetxattr(2).
    static func getValue(_ fd: Int32, _ name: String, _ value: UnsafeMutableRawPointer?, _ size: Int) -> Int {
        fget!(fd, name, value, size)
    }
    /// fsetxattr(2), creating or replacing the attribute.
    static func setValue(_ fd: Int32, _ name: String, _ value: UnsafeRawPointer?, _ size: Int) -> Int32 {
        fset!(fd, name, value, size, 0)
    }
}
#elseif canImport(Darwin)
/// Darwin's extended-attribute calls (`<sys/xattr.h>`, which the Darwin module exports), spelled as
/// the Linux ones: position 0 and no options (a symbolic link is followed, as on Linux).
enum ExtendedAttributes {
    /// Darwin always has them.
    static let available = true
    /// listxattr(2).
    static func listNames(_ path: String, _ names: UnsafeMutablePointer<CChar>?, _ size: Int) -> Int {
        Darwin.listxattr(path, names, size, 0)
    }
    /// getxattr(2).
    static func getValue(_ path: String, _ name: String, _ value: UnsafeMutableRawPointer?, _ size: Int) -> Int {
        Darwin.getxattr(path, name, value, size, 0, 0)
    }
    /// fgetxattr(2).
    static func getValue(_ fd: Int32, _ name: String, _ value: UnsafeMutableRawPointer?, _ size: Int) -> Int {
        Darwin.fgetxattr(fd, name, value, size, 0, 0)
    }
    /// fsetxattr(2), creating or replacing the attribute.
    static func setValue(_ fd: Int32, _ name: String, _ value: UnsafeRawPointer?, _ size: Int) -> Int32 {
        Darwin.fsetxattr(fd, name, value, size, 0, 0)
    }
}
#endif
