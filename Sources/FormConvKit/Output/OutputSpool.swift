import Foundation

/// Output bound for standard output, written as it is made into an unlinked temporary file and copied
/// out once the conversion is known to have succeeded (an input with an error writes nothing), so that
/// the whole output is never held in memory.
public final class OutputSpool: @unchecked Sendable {
    private var fd: Int32
    /// Why a write failed (`strerror`), when one did.
    private(set) var failure: String?

    /// `nil` when no temporary file can be made (in `TMPDIR`, else `/tmp`).
    init?() {
        let dir = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(dir)/formconv-spool-XXXXXX".utf8CString)
        fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return nil }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    }

    deinit { if fd >= 0 { close(fd) } }

    func write(_ bytes: [UInt8]) {
        guard failure == nil, !FileDescriptorOutput.writeAll(bytes, to: fd) else { return }
        failure = String(cString: strerror(errno))
    }

    /// Copies everything written to `out` (a descriptor); `false` when a read or write fails.
    @discardableResult
    public func copy(to out: Int32) -> Bool {
        #if os(Linux)
        // In the kernel, without passing through this process, to any kind of descriptor.
        let size = lseek(fd, 0, SEEK_END)
        var offset: off_t = 0
        while size > 0, offset < size {
            let n = sendfile(out, fd, &offset, Int(size - offset))
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
        }
        if size >= 0 && offset == size { return true }
        if offset > 0 { return false }  // some went out: copying again would repeat it
        #endif
        guard lseek(fd, 0, SEEK_SET) == 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return false }
            if n == 0 { return true }
            guard FileDescriptorOutput.writeAll(Array(buffer[..<n]), to: out) else { return false }
        }
    }
}
