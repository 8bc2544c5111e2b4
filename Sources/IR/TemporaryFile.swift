#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
private let systemWrite = Darwin.write
#endif

/// An unlinked temporary file (in `TMPDIR`, else `/tmp`): written, read back from its start, and gone
/// with its descriptor, whatever happens to the process. What a conversion made a page at a time keeps
/// out of memory: its diagnostics (`DiagnosticLog.spilling()`) and its output bound for standard output.
public final class TemporaryFile: @unchecked Sendable {
    public let descriptor: Int32

    /// `nil` when no file can be made; its name starts with `prefix` while it has one.
    public init?(prefix: String) {
        let dir = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(dir)/\(prefix)-XXXXXX".utf8CString)
        descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return nil }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    }

    deinit { close(descriptor) }

    /// Writes all of `bytes` where the file stands; `false` (with `errno`) when it refuses them.
    public func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }

    /// Reads what the file has next into `bytes`, as much as fits: how much, 0 at its end, -1 on failure.
    public func read(into bytes: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            let n = systemRead(descriptor, bytes.baseAddress!, bytes.count)
            if n < 0 && errno == EINTR { continue }
            return n
        }
    }

    /// Fills `bytes` from what the file has next; `false` when it has fewer.
    public func readExactly(into bytes: UnsafeMutableRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = read(into: UnsafeMutableRawBufferPointer(rebasing: bytes[offset...]))
            if n <= 0 { return false }
            offset += n
        }
        return true
    }

    /// Goes back to the start, to read what was written.
    public func rewind() -> Bool { lseek(descriptor, 0, SEEK_SET) == 0 }
}
