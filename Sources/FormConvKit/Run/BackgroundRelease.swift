import Dispatch

/// Frees what a finished job leaves behind (the IR of a form, its input bytes, its diagnostics) on
/// another thread, off the critical path.
///
/// Tearing down the IR of a 30,000-field form takes tens of milliseconds of `free` calls. In a batch,
/// that now overlaps the next file's conversion on the second core; after the last file, the process
/// exits without waiting for it, as compilers do with their ASTs (clang's `-disable-free`).
public enum BackgroundRelease {
    private static let queue = DispatchQueue(label: "formconv.release", qos: .utility)

    /// Takes `value` (leaving `nil`) and lets its last reference go on the release thread.
    public static func later<T: Sendable>(_ value: inout T?) {
        guard value != nil else { return }
        let parcel = Parcel(value.take())
        // The release thread empties the parcel itself: had the closure only captured the value, the
        // caller's reference to the closure could be the last one (when the queue runs first) and the
        // caller would free the value after all.
        queue.async { parcel.empty() }
    }

    /// Holds a value until the release thread empties it; only that thread touches it after `later`.
    private final class Parcel<T>: @unchecked Sendable {
        private var value: T?
        init(_ value: T?) { self.value = value }
        func empty() { value = nil }
    }
}
