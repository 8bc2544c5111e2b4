#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A regular file mapped read-only into memory for one pass over it, whose pages are let go as the
/// pass moves on (the kernel keeps them in its page cache), then unmapped; parts of it are read again
/// with `copy`, into memory of the caller's, so that a file read page by page holds little of the
/// process's memory at any time.
///
/// The file must not be truncated while mapped (reading past its new end would stop the process): the
/// page-wise conversion maps only the input it was given, for its first pass.
final class MappedFile: @unchecked Sendable {
    /// The mapped bytes, until `unmap`.
    private(set) var buffer: UnsafeBufferPointer<UInt8>
    private let base: UnsafeMutableRawPointer
    private let length: Int
    private let fd: Int32
    private var mapped = true
    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// `nil` when `path` is not a regular file of at least one byte that can be opened and mapped.
    init?(path: String) {
        fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0,
              let mapped = mmap(nil, Int(info.st_size), PROT_READ, MAP_PRIVATE, fd, 0), mapped != MAP_FAILED else {
            close(fd)
            return nil
        }
        length = Int(info.st_size)
        base = mapped
        buffer = UnsafeBufferPointer(start: mapped.assumingMemoryBound(to: UInt8.self), count: length)
        // A file the kernel caches in 2 MB folios (one just written, on recent kernels) would be mapped
        // 2 MB at a time, and such a mapping stays whole when some of its pages are let go.
        #if os(Linux)
        _ = madvise(mapped, length, MADV_NOHUGEPAGE)
        #endif
    }

    deinit {
        unmap()
        close(fd)
    }

    /// Ends the mapping: `buffer` is empty from then on.
    func unmap() {
        guard mapped else { return }
        munmap(base, length)
        mapped = false
        buffer = UnsafeBufferPointer(start: nil, count: 0)
    }

    /// Reads the bytes of `range` into `to`; `false` when the file no longer has them.
    func copy(_ range: Range<Int>, to: UnsafeMutablePointer<UInt8>) -> Bool {
        var done = 0
        while done < range.count {
            let n = pread(fd, to + done, range.count - done, off_t(range.lowerBound + done))
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            done += n
        }
        return true
    }

    /// Lets the process's copy of the whole pages inside `range` go (read again, they come back).
    func release(_ range: Range<Int>) {
        guard mapped else { return }
        let size = Self.pageSize
        let start = (range.lowerBound + size - 1) / size * size
        let end = range.upperBound == length ? (length + size - 1) / size * size : range.upperBound / size * size
        guard end > start else { return }
        _ = madvise(base + start, end - start, MADV_DONTNEED)
    }

}
