import Foundation

/// The temporary files of the run that exist at this moment (`AtomicFile`'s, beside their outputs),
/// so that a run ended by a signal can remove them first. The library installs no signal handler:
/// the command-line tool does, and calls `removeAll()` from it.
public final class TemporaryFiles: @unchecked Sendable {
    /// The process's registry.
    public static let shared = TemporaryFiles()

    private let lock = NSLock()
    private var paths: Set<String> = []
    private var closed = false

    /// Creates the temporary file `path` with `create` (an open(2), returning the descriptor or -1)
    /// while holding the registry, so that `removeAll` never misses a file that exists. After
    /// `removeAll` nothing more is created: -1, with `errno` EINTR.
    func create(_ path: String, _ create: () -> Int32) -> Int32 {
        lock.lock(); defer { lock.unlock() }
        guard !closed else { errno = EINTR; return -1 }
        let fd = create()
        if fd >= 0 { paths.insert(path) }
        return fd
    }

    /// Forgets `path` once it has been renamed into place or removed.
    func forget(_ path: String) {
        lock.lock(); defer { lock.unlock() }
        paths.remove(path)
    }

    /// Removes every temporary file that exists and refuses to create more; returns how many it
    /// removed. For a signal handler, just before the process ends.
    @discardableResult
    public func removeAll() -> Int {
        lock.lock(); defer { lock.unlock() }
        closed = true
        let removed = paths.filter { unlink($0) == 0 }.count
        paths.removeAll()
        return removed
    }

    /// How many temporary files exist now (for tests).
    var count: Int { lock.lock(); defer { lock.unlock() }; return paths.count }
}
