import Foundation
import FormConvTestSupport

/// Names created in one directory, as inotify(7) reports them the moment they appear.
final class DirectoryWatch {
    private let fd: Int32

    init(_ directory: String) throws {
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0, inotify_add_watch(fd, directory, UInt32(IN_CREATE)) >= 0 else {
            throw Subprocess.Failure("cannot watch \(directory): \(String(cString: strerror(errno)))")
        }
    }

    deinit { close(fd) }

    /// Waits until a name for which `matches` holds is created (`true`), or `gaveUp` holds (`false`),
    /// checked every 20 ms.
    func waitForCreation(where matches: (String) -> Bool, unless gaveUp: () -> Bool) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 20) > 0 {
                let n = read(fd, &buffer, buffer.count)
                var offset = 0
                // struct inotify_event: wd, mask, cookie, len (4 bytes each), then `len` bytes of name.
                while n > 0, offset + 16 <= n {
                    let length = buffer.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)) }
                    let name = String(decoding: buffer[(offset + 16)..<(offset + 16 + length)].prefix { $0 != 0 }, as: UTF8.self)
                    if matches(name) { return true }
                    offset += 16 + length
                }
            } else if gaveUp() {
                return false
            }
        }
    }
}
