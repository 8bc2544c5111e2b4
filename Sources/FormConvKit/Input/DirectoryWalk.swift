#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A directory tree as `convert` and `lint` walk it: with readdir(2) and one lstat(2) per entry, so
/// that nothing is read that is not a regular file and nothing is passed over in silence.
///
/// - Regular files (and links to them) whose name the caller wants are found.
/// - A wanted name that is a FIFO, a device or a socket is not opened (a FIFO would wait forever for
///   a writer); it is a problem, as is a link to nothing, an unreadable directory, or a name that is
///   not UTF-8 (which no `String` path can open).
/// - Links to directories are not followed (`ln -s . loop` made lint's walk visit every file 41
///   times, and two such links made it exponential); each is reported.
enum DirectoryWalk {
    enum Entry: Sendable, Equatable {
        /// A regular file, or a symbolic link to one.
        case file
        /// Not read, and why: "permission denied", "a FIFO, not a regular file", …
        case problem(String)
        /// A symbolic link to a directory, not followed.
        case linkToDirectory
    }

    /// The entries under `root` by their path relative to it, sorted by that path. Hidden names (a
    /// leading `.`) are left out, as are directories `skipsDirectory` names and files `wantsFile`
    /// does not want. A `root` that cannot be read is one problem at the path `""`.
    static func walk(_ root: String, skipsDirectory: (String) -> Bool = { _ in false },
                     wantsFile: (String) -> Bool) -> [(path: String, entry: Entry)] {
        var found: [(path: String, entry: Entry)] = []
        walk(root, relative: "", into: &found, skipsDirectory, wantsFile)
        return found.sorted { $0.path < $1.path }
    }

    private static func walk(_ root: String, relative: String, into found: inout [(path: String, entry: Entry)],
                             _ skipsDirectory: (String) -> Bool, _ wantsFile: (String) -> Bool) {
        let path = relative.isEmpty ? root : root.hasSuffix("/") ? root + relative : "\(root)/\(relative)"
        guard let dir = opendir(path) else {
            found.append((relative, .problem(SystemError.describe(errno))))
            return
        }
        defer { closedir(dir) }
        let fd = dirfd(dir)
        while true {
            errno = 0
            guard let entry = readdir(dir) else {
                if errno != 0 { found.append((relative, .problem(SystemError.describe(errno)))) }
                return
            }
            let raw = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            guard raw.first != UInt8(ascii: ".") else { continue }
            var info = stat()
            guard fstatat(fd, raw.map { CChar(bitPattern: $0) } + [0], &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            let decoded = String(validating: raw, as: UTF8.self)
            let name = decoded ?? escaped(raw)
            let rel = relative.isEmpty ? name : "\(relative)/\(name)"
            var kind = info.st_mode & S_IFMT
            var linkProblem: Int32?
            if kind == S_IFLNK {
                var target = stat()
                if fstatat(fd, raw.map { CChar(bitPattern: $0) } + [0], &target, 0) == 0 { kind = target.st_mode & S_IFMT } else { linkProblem = errno }
                if kind == S_IFDIR {
                    if !skipsDirectory(rel) { found.append((rel, .linkToDirectory)) }
                    continue
                }
            }
            if kind == S_IFDIR {
                guard !skipsDirectory(rel) else { continue }
                if decoded == nil { found.append((rel, .problem(notUTF8))); continue }
                walk(root, relative: rel, into: &found, skipsDirectory, wantsFile)
                continue
            }
            guard wantsFile(name) else { continue }
            if let linkProblem {
                found.append((rel, .problem("a symbolic link to nothing (\(SystemError.describe(linkProblem)))")))
            } else if decoded == nil {
                found.append((rel, .problem(notUTF8)))
            } else if kind == S_IFREG {
                found.append((rel, .file))
            } else {
                found.append((rel, .problem("\(describe(kind)), not a regular file")))
            }
        }
    }

    static let notUTF8 = "its name is not valid UTF-8 (rename it to have it read)"

    /// `a FIFO`, `a character device`, …
    static func describe(_ kind: mode_t) -> String {
        switch kind {
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }

    /// A name that is not UTF-8, printable: each byte of 0x80 and above as `\xNN`.
    static func escaped(_ raw: [UInt8]) -> String {
        var text = ""
        for b in raw {
            if b < 0x80 { text.unicodeScalars.append(Unicode.Scalar(b)) } else {
                text += "\\x" + String(b, radix: 16, uppercase: true)
            }
        }
        return text
    }
}
