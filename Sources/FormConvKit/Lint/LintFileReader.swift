#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads lint inputs with plain POSIX calls straight into byte arrays: `FileManager`/`FileHandle` and
/// the `Data` → `[UInt8]` copy cost more than the read itself on the small files `lint` walks.
enum LintFileReader {
    /// The whole file, or `nil` when it cannot be opened or read (a directory, no permission).
    static func contents(atPath path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        let expected = fstat(fd, &st) == 0 && st.st_size > 0 ? Int(st.st_size) : 0
        return readAll(fd, limit: Int.max, sizeHint: expected)
    }

    /// At most `limit` bytes of an open file, or `nil` when it cannot be read.
    static func contents(fd: Int32, limit: Int) -> [UInt8]? {
        var st = stat()
        let expected = fstat(fd, &st) == 0 && st.st_size > 0 ? Int(st.st_size) : 0
        return readAll(fd, limit: limit, sizeHint: min(expected, limit))
    }

    /// At most `limit` bytes from the start of the file, and whether they are all of it (the end of the
    /// file came first); the `errno` when it cannot be opened or read.
    static func head(atPath path: String, limit: Int) -> Result<(bytes: [UInt8], complete: Bool), Errno> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(Errno(errno)) }
        defer { close(fd) }
        guard let bytes = readAll(fd, limit: limit, sizeHint: limit) else { return .failure(Errno(errno)) }
        return .success((bytes, bytes.count < limit))
    }

    /// An `errno` as an error.
    struct Errno: Error { var code: Int32; init(_ code: Int32) { self.code = code } }

    private static func readAll(_ fd: Int32, limit: Int, sizeHint: Int) -> [UInt8]? {
        // One spare byte past the expected size, so that the end of the file shows in the second read.
        var buffer = [UInt8](repeating: 0, count: min(limit, max(sizeHint, 0) + 1))
        var count = 0
        while count < limit {
            if count == buffer.count {
                buffer.append(contentsOf: repeatElement(0, count: min(max(buffer.count, 65536), limit - count)))
            }
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if n == 0 { break }
            count += n
        }
        buffer.removeSubrange(count...)
        return buffer
    }
}
