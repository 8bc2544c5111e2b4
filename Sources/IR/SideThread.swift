import Foundation

/// Work split over two cores: one part on a thread of its own while the caller does the other.
/// Used where the second part's result must be waited for before going on (the loss report beside the
/// emitter, the second half of a large MM XML form's pages).
public enum SideThread {
    /// Runs `side` on a new thread while `work` runs on this one, and returns both results once both are
    /// done (`work`'s as a `Result`: when it throws, the side's result still counts). A thread of its
    /// own rather than a shared pool: the wait can never starve it, whatever the caller's threads are
    /// doing. Its stack is 8 MB, as the main thread's: readers and emitters recurse into nested input.
    public static func run<Side, Work, Failure: Error>(_ side: @escaping @Sendable () -> Side,
                                                       alongside work: () throws(Failure) -> Work)
        -> (side: Side, work: Result<Work, Failure>) {
        let slot = Slot<Side>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            onStart?()
            slot.value = side()
            done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
        let result = Result(catching: work)
        done.wait()
        // Moved out, not copied: the side thread may still hold the slot, and a value left there too
        // would be copied whole at the caller's first write to it (its arrays shared).
        let side = slot.value!
        slot.value = nil
        return (side, result)
    }

    /// Called first on every side thread. The command-line tool sets it, before any thread starts, to
    /// put the thread's malloc arena on huge pages (formconv's `MemoryTuning`); a library leaves it alone.
    nonisolated(unsafe) public static var onStart: (@Sendable () -> Void)?

    /// Where the side thread leaves its result: read (and emptied) only after the semaphore's wait,
    /// which orders the write before the read.
    private final class Slot<Value>: @unchecked Sendable {
        var value: Value?
    }
}
