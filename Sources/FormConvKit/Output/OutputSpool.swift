import Foundation
import FormIR

/// Output bound for standard output, written as it is made into an unlinked temporary file and copied
/// out once the conversion is known to have succeeded (an input with an error writes nothing), so that
/// the whole output is never held in memory.
public final class OutputSpool: @unchecked Sendable {
    private let file: TemporaryFile
    /// Why a write failed (`strerror`), when one did.
    private(set) var failure: String?

    /// `nil` when no temporary file can be made.
    init?() {
        guard let file = TemporaryFile(prefix: "formconv-spool") else { return nil }
        self.file = file
    }

    func write(_ bytes: [UInt8]) {
        guard failure == nil, !bytes.withUnsafeBytes({ file.write($0) }) else { return }
        failure = String(cString: strerror(errno))
    }

    /// Copies everything written to `out` (a descriptor); `false` when a read or write fails.
    @discardableResult
    public func copy(to out: Int32) -> Bool {
        #if os(Linux)
        // In the kernel, without passing through this process, to any kind of descriptor.
        let size = lseek(file.descriptor, 0, SEEK_END)
        var offset: off_t = 0
        while size > 0, offset < size {
            let n = sendfile(out, file.descriptor, &offset, Int(size - offset))
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
        }
        if size >= 0 && offset == size { return true }
        if offset > 0 { return false }  // some went out: copying again would repeat it
        #endif
        guard file.rewind() else { return false }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { file.read(into: $0) }
            if n < 0 { return false }
            if n == 0 { return true }
            guard FileDescriptorOutput.writeAll(Array(buffer[..<n]), to: out) else { return false }
        }
    }
}
