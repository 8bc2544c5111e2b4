import Foundation

/// One value handed from the thread that works it out to another thread that waits for it.
final class Handoff<Value>: @unchecked Sendable {
    /// Written once, before the semaphore's signal; read only after its wait, which orders the write
    /// before the read.
    private var value: Value?
    private let ready = DispatchSemaphore(value: 0)

    /// Hands `value` over (once).
    func put(_ value: Value) {
        self.value = value
        ready.signal()
    }

    /// The value, once it has been handed over (waits until then), moved out: the caller holds the
    /// only reference to its storage. Called once.
    func take() -> Value {
        ready.wait()
        let taken = value!
        value = nil
        return taken
    }
}
