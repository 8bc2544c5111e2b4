#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which file a path names, whatever the spelling: its device and inode, as stat(2) gives them
/// (following symbolic links). Two paths name the same file exactly when their identities are equal.
struct FileIdentity: Hashable {
    var device: UInt64
    var inode: UInt64

    /// `nil` when `path` does not exist or cannot be reached.
    init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
