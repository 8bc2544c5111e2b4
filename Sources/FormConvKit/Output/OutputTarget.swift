#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What writing to an output path means, once its symbolic links are followed.
///
/// - A regular file, or a name that does not exist yet, is created or replaced atomically
///   (`AtomicFile`): through a symbolic link, the file it leads to is replaced and the link stays.
/// - Anything else that exists — a character device such as `/dev/null`, a FIFO — is opened and written
///   in place: renaming a file over it would replace a device node (as root) or a pipe a reader waits on.
///   So is a path that leads through an open descriptor (`/dev/stdout`, `/dev/fd/N`, `/proc/*/fd/N`).
/// - A directory is refused.
enum OutputTarget: Equatable {
    case replace(String)
    case inPlace(String)

    /// How many symbolic links are followed before giving up (Linux's own limit).
    static let maxLinks = 40

    static func resolve(_ path: String) -> Result<OutputTarget, OutputProblem> {
        var current = path
        for _ in 0...maxLinks {
            if current.hasPrefix("/proc/") || current.hasPrefix("/dev/fd/") { return .success(.inPlace(path)) }
            var info = stat()
            // Missing, or not reachable (a parent that is a file, no permission): created as a new file,
            // and creating it says what is wrong.
            guard lstat(current, &info) == 0 else { return .success(.replace(current)) }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                guard let target = readLink(current) else { return .success(.replace(current)) }
                current = target.hasPrefix("/") ? target : directory(of: current) + target
            case S_IFREG: return .success(.replace(current))
            case S_IFDIR: return .failure(OutputProblem(path: path, reason: "it is a directory"))
            default: return .success(.inPlace(path))
            }
        }
        return .failure(OutputProblem(path: path, reason: SystemError.describe(ELOOP)))
    }

    /// `path`'s directory with a final slash (`""` for a bare name): the text a relative link's target
    /// is read from. Not normalised, so that the kernel resolves `..` as it would through the link.
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

    private static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Creates `directory` and its missing parents (`mkdir -p`), adding those it made to `made`, parents
    /// first; when that fails, the directory that could not be made (a file in the way, or a parent
    /// that refuses) and the `errno` saying why.
    static func makeDirectories(_ directory: String, made: inout [String]) -> (directory: String, code: Int32)? {
        let trimmed = directory.count > 1 && directory.hasSuffix("/")
            ? String(directory.reversed().drop { $0 == "/" }.reversed()) : directory
        let dir = trimmed.isEmpty ? "/" : trimmed
        var info = stat()
        if stat(dir, &info) == 0 { return info.st_mode & S_IFMT == S_IFDIR ? nil : (dir, ENOTDIR) }
        guard errno == ENOENT || errno == ENOTDIR else { return (dir, errno) }
        let parent = Self.directory(of: dir)
        if !parent.isEmpty, let failure = makeDirectories(parent, made: &made) { return failure }
        if mkdir(dir, 0o777) == 0 {
            made.append(dir)
            return nil
        }
        let code = errno
        if code == EEXIST, stat(dir, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { return nil }
        return (dir, code)
    }
}
