import Foundation
#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
#endif
import FormIR

/// Why an input could not be loaded; each maps to a diagnostic id and an exit status.
public enum InputProblem: Error, Sendable, Equatable {
    case notFound
    case unreadable(String)
    case isDirectory
    /// `size` is `nil` for standard input, which is read only up to the limit.
    case tooLarge(size: Int?, limit: Int)

    /// The diagnostic id printed for the problem (`input.not-found`, …).
    public var id: String {
        switch self {
        case .notFound: "input.not-found"
        case .unreadable: "input.unreadable"
        case .isDirectory: "input.is-directory"
        case .tooLarge: "input.too-large"
        }
    }

    /// `noInput` for files that are missing or unreadable; `failure` for inputs formconv refuses.
    public var exitStatus: ExitStatus {
        switch self {
        case .notFound, .unreadable, .isDirectory: .noInput
        case .tooLarge: .failure
        }
    }

    func message(_ name: String) -> String {
        switch self {
        case .notFound: "no such file: \(name)"
        case .unreadable(let why): "cannot read \(name): \(why)"
        case .isDirectory: "\(name) is a directory (convert a directory with -o DIR)"
        case .tooLarge(let size?, let limit):
            "input is \(ByteSize.describe(size)), over the limit of \(ByteSize.describe(limit)) (raise it with --max-input-size)"
        case .tooLarge(nil, let limit):
            "input is over the limit of \(ByteSize.describe(limit)) (raise it with --max-input-size)"
        }
    }

    /// The error diagnostic for input `name`.
    public func diagnostic(_ name: String) -> Diagnostic {
        Diagnostic(.error, id: id, message(name))
    }
}

/// A loaded input: the bytes readers receive (UTF-8 normalised) and what loading found out.
public struct LoadedInput: Sendable {
    /// The input as readers receive it: its name and UTF-8 bytes.
    public var document: InputDocument
    /// The encoding the file was in before normalising.
    public var encoding: TextEncoding
    /// Warnings about the input itself (repaired UTF-16).
    public var diagnostics: [Diagnostic]
}

/// Reads inputs from files or standard input, enforcing `--max-input-size` and normalising the text
/// encoding (see `EncodingNormalizer`). The name `-` means standard input, shown as `<stdin>`.
public struct InputLoader: Sendable {
    /// The name diagnostics use for standard input.
    public static let stdinName = "<stdin>"
    /// The largest input read, in bytes; a larger one is `InputProblem.tooLarge`.
    public var maxSize: Int

    /// A loader refusing inputs over `maxSize` bytes (64 MiB by default).
    public init(maxSize: Int = ByteSize.defaultMaxInput) { self.maxSize = maxSize }

    /// Loads `path` (`-` for standard input).
    public func load(_ path: String) -> Result<LoadedInput, InputProblem> {
        let name = path == "-" ? Self.stdinName : path
        let raw: [UInt8]
        switch path == "-" ? readStandardInput() : readFile(path) {
        case .success(let b): raw = b
        case .failure(let p): return .failure(p)
        }
        return .success(Self.normalize(raw, name: name))
    }

    /// Normalises already loaded bytes (used for stdin and for tests).
    public static func normalize(_ raw: [UInt8], name: String) -> LoadedInput {
        let n = EncodingNormalizer.normalize(raw)
        var diagnostics: [Diagnostic] = []
        if n.repaired {
            diagnostics.append(Diagnostic(.warning, id: "input.invalid-encoding",
                                          "\(n.encoding.rawValue) input holds an invalid code unit (an unpaired surrogate or a cut-off character), read as U+FFFD",
                                          at: SourceLocation(file: name, line: n.firstRepair?.line ?? 1,
                                                             column: n.firstRepair?.column ?? 1)))
        }
        return LoadedInput(document: InputDocument(name: name, bytes: n.bytes), encoding: n.encoding, diagnostics: diagnostics)
    }

    /// What a path names, as one stat(2) call tells (following symbolic links).
    enum FileKind: Equatable, Sendable {
        case directory
        case regular(size: Int)
        /// A pipe, a device, a socket (`S_IFIFO`, …): read as a stream.
        case other(mode_t)
    }

    /// What `path` names, or `nil` when it does not exist or cannot be reached. One stat(2):
    /// FileManager's attributes also looked up the owner's user and group names (/etc/nsswitch.conf,
    /// /etc/passwd, /etc/group), and went through `Any`.
    static func fileKind(_ path: String) -> FileKind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .regular(size: Int(info.st_size))
        default: return .other(info.st_mode & S_IFMT)
        }
    }

    /// The bytes of the file at `path`, read only when stat(2) says it is within `limit` bytes and
    /// refused as soon as reading passes it (a file that grows, a pipe): the one bounded read behind
    /// inputs, lint's files, configurations and baselines.
    public static func readFile(_ path: String, limit: Int) -> Result<[UInt8], InputProblem> {
        InputLoader(maxSize: limit).readFile(path)
    }

    /// `readFile` for a file that must be a regular one (a configuration, a baseline): a FIFO, device or
    /// socket is refused before it is opened (opening a FIFO waits for a writer; a device may never end)
    /// and, should the path change in between, after it: the open does not wait (`O_NONBLOCK`, no
    /// controlling terminal) and fstat(2) checks what was opened before anything is read.
    public static func readRegularFile(_ path: String, limit: Int) -> Result<[UInt8], InputProblem> {
        InputLoader(maxSize: limit).readFile(path, regularOnly: true)
    }

    func readFile(_ path: String, regularOnly: Bool = false) -> Result<[UInt8], InputProblem> {
        var expected = 0
        switch Self.fileKind(path) {
        case nil: return .failure(.notFound)
        case .directory?: return .failure(.isDirectory)
        case .regular(let size)?:
            if size > maxSize { return .failure(.tooLarge(size: size, limit: maxSize)) }
            expected = size
        case .other(let kind)?:
            if regularOnly { return .failure(Self.notRegular(kind)) }
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC | (regularOnly ? O_NONBLOCK | O_NOCTTY : 0))
        guard fd >= 0 else { return .failure(.unreadable(SystemError.describe(errno))) }
        defer { close(fd) }
        if regularOnly {
            var info = stat()
            guard fstat(fd, &info) == 0 else { return .failure(.unreadable(SystemError.describe(errno))) }
            let kind = info.st_mode & S_IFMT
            if kind == S_IFDIR { return .failure(.isDirectory) }
            if kind != S_IFREG { return .failure(Self.notRegular(kind)) }
            if Int(info.st_size) > maxSize { return .failure(.tooLarge(size: Int(info.st_size), limit: maxSize)) }
            expected = Int(info.st_size)
        }
        return read(fd, expectedSize: expected)
    }

    /// `a FIFO, not a regular file`, …: why a configuration or baseline was not opened or not read.
    static func notRegular(_ kind: mode_t) -> InputProblem {
        .unreadable("\(DirectoryWalk.describe(kind)), not a regular file")
    }

    func readStandardInput() -> Result<[UInt8], InputProblem> { read(STDIN_FILENO) }

    /// Reads at most `maxSize + 1` bytes, so that an endless or huge stream is refused without being held.
    /// `expectedSize` (a regular file's size) sizes the buffer once instead of growing it chunk by chunk.
    func read(_ fd: Int32, expectedSize: Int = 0) -> Result<[UInt8], InputProblem> {
        // `--max-input-size 9223372036854775807`: one byte past the limit must still be a count.
        let maxSize = min(self.maxSize, Int.max - 1)
        var bytes: [UInt8] = []
        if expectedSize > 0 {
            switch readDirectly(fd, count: min(expectedSize, maxSize) + 1) {
            case .success(let read): bytes = read
            case .failure(let problem): return .failure(problem)
            }
            // All of it, unless the file grew since it was measured: then the rest as from a stream.
            if bytes.count <= expectedSize { return .success(bytes) }
        } else {
            bytes.reserveCapacity(1 << 16)
        }
        while bytes.count <= maxSize {
            switch readDirectly(fd, count: min(1 << 20, maxSize + 1 - bytes.count)) {
            case .success(let chunk):
                if chunk.isEmpty { return .success(bytes) }
                bytes.append(contentsOf: chunk)
            case .failure(let problem): return .failure(problem)
            }
        }
        return .failure(.tooLarge(size: nil, limit: maxSize))
    }

    /// Up to `count` bytes of `fd` read straight into the array with `read(2)`: no intermediate `Data`
    /// (reading a 7.5 MB file in 1 MB `Data` chunks allocated, faulted in and copied twice as much).
    func readDirectly(_ fd: Int32, count: Int) -> Result<[UInt8], InputProblem> {
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, filled in
            filled = 0
            while filled < buffer.count {
                let n = systemRead(fd, buffer.baseAddress! + filled, buffer.count - filled)
                if n > 0 { filled += n } else if n == 0 { break } else if errno != EINTR { failure = errno; break }
            }
        }
        if failure != 0 { return .failure(.unreadable(SystemError.describe(failure))) }
        return .success(bytes)
    }
}
