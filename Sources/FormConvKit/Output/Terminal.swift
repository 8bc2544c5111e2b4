import Foundation

/// Standard output and standard error as commands write them: unbuffered, each piece whole, and the
/// first write either refuses kept (`writeFailure`), so that the command can end with EX_IOERR (74)
/// instead of losing its output in silence. A closed pipe still ends the process with SIGPIPE (formconv
/// leaves the signal alone); a full disk (`>/dev/full`), a closed descriptor (`>&-`) or an I/O error are
/// recorded here.
public enum Terminal {
    /// A standard stream that refused a write, and why.
    public struct WriteFailure: Sendable, Equatable {
        /// Which stream refused the write, named as messages print it.
        public enum Stream: String, Sendable { case output = "standard output", error = "standard error" }
        /// The stream that refused the write.
        public var stream: Stream
        /// The system's reason, lowercased (`no space left on device`).
        public var reason: String

        /// `cannot write standard output: no space left on device`.
        public var message: String { "cannot write \(stream.rawValue): \(reason)" }
    }

    /// Whether `fileDescriptor` is a terminal.
    public static func isTTY(_ fileDescriptor: Int32) -> Bool { isatty(fileDescriptor) == 1 }

    /// Writes `text` to standard error; `false` (and `writeFailure` set) when it cannot.
    @discardableResult
    public static func writeError(_ text: String) -> Bool {
        writeError(Array(text.utf8))
    }

    /// Writes `bytes` to standard error; `false` (and `writeFailure` set) when it cannot.
    @discardableResult
    public static func writeError(_ bytes: [UInt8]) -> Bool {
        write(bytes, to: STDERR_FILENO, .error)
    }

    /// Writes `bytes` to standard output; `false` (and `writeFailure` set) when it cannot.
    @discardableResult
    public static func writeOutput(_ bytes: [UInt8]) -> Bool {
        write(bytes, to: STDOUT_FILENO, .output)
    }

    /// The first write to a standard stream that failed in this process, if one did.
    public static var writeFailure: WriteFailure? { record.first }

    private static func write(_ bytes: [UInt8], to fd: Int32, _ stream: WriteFailure.Stream) -> Bool {
        if FileDescriptorOutput.writeAll(bytes, to: fd) { return true }
        record.keep(WriteFailure(stream: stream, reason: SystemError.describe(errno)))
        return false
    }

    private static let record = FailureRecord()

    /// The first failure, behind a lock: diagnostics are written from the thread that hands outcomes
    /// back, lint's progress from whichever finishes a file.
    private final class FailureRecord: @unchecked Sendable {
        private let lock = NSLock()
        private var kept: WriteFailure?

        var first: WriteFailure? { lock.lock(); defer { lock.unlock() }; return kept }

        func keep(_ failure: WriteFailure) {
            lock.lock(); defer { lock.unlock() }
            if kept == nil { kept = failure }
        }
    }
}
