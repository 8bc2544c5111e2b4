import Foundation

/// Per-file work spread over the cores, its results handed back on the calling thread in the files'
/// order: a batch conversion's outcomes and lint's results. The calling thread works too: it hands
/// back each result as soon as it and every one before it are done, and takes the next item itself
/// while the one it must hand back next is still in a helper's hands.
enum ParallelInOrder {
    /// One thread per core, the calling one included.
    static var defaultWorkers: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// Runs `work` for `0..<count` on up to `workers` threads (this one and `workers - 1` helpers) and
    /// calls `onResult` with each index and result on this thread, in index order.
    static func run<Result>(count: Int, workers: Int = defaultWorkers, _ work: @escaping @Sendable (Int) -> Result,
                            onResult: (Int, Result) -> Void) {
        guard count > 1, workers > 1 else {
            for i in 0..<count { onResult(i, work(i)) }
            return
        }
        let slots = Slots<Result>(count: count)
        for _ in 0..<min(workers - 1, count - 1) {
            DispatchQueue.global().async {
                while let i = slots.next() { slots.put(work(i), at: i) }
            }
        }
        var due = 0
        while due < count {
            if let result = slots.take(due, waiting: false) {
                onResult(due, result)
                due += 1
            } else if let i = slots.next() {
                slots.put(work(i), at: i)
            } else {
                onResult(due, slots.take(due, waiting: true)!)
                due += 1
            }
        }
    }

    /// The indices handed out and the results handed back, under one lock. A result is taken out once
    /// the caller has reached it; a helper wakes the caller only for the result it waits for.
    private final class Slots<Result>: @unchecked Sendable {
        private var results: [Result?]
        private var handedOut = 0
        private var awaited = -1
        private let condition = NSCondition()

        init(count: Int) { results = Array(repeating: nil, count: count) }

        /// The next index to work on, or `nil` when every one has been handed out.
        func next() -> Int? {
            condition.lock(); defer { condition.unlock() }
            guard handedOut < results.count else { return nil }
            handedOut += 1
            return handedOut - 1
        }

        func put(_ result: Result, at i: Int) {
            condition.lock(); defer { condition.unlock() }
            results[i] = result
            if i == awaited { condition.signal() }
        }

        /// The result at `i`, taken out: `nil` when it is not there yet and `waiting` is false.
        func take(_ i: Int, waiting: Bool) -> Result? {
            condition.lock(); defer { condition.unlock() }
            if waiting {
                awaited = i
                while results[i] == nil { condition.wait() }
                awaited = -1
            }
            defer { results[i] = nil }
            return results[i]
        }
    }
}
