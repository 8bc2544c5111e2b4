import Foundation

/// Whether validation patterns compile as `NSRegularExpression`, remembered per pattern for the whole
/// run: compiling took a sixth of `lint`'s rule checks, and the forms of one project repeat their patterns.
enum RegexCheck {
    /// Entries kept at most; past it, patterns are compiled every time (a bound on memory, not on results).
    static let capacity = 4096
    private static let cache = Cache()

    static func compiles(_ pattern: String) -> Bool {
        if let known = cache.result(for: pattern) { return known }
        let compiles = (try? NSRegularExpression(pattern: pattern)) != nil
        cache.remember(pattern, compiles)
        return compiles
    }

    /// The results, shared by the lint worker threads.
    private final class Cache: @unchecked Sendable {
        private var results: [String: Bool] = [:]
        private let lock = NSLock()

        func result(for pattern: String) -> Bool? {
            lock.lock(); defer { lock.unlock() }
            return results[pattern]
        }

        func remember(_ pattern: String, _ compiles: Bool) {
            lock.lock(); defer { lock.unlock() }
            if results.count < RegexCheck.capacity { results[pattern] = compiles }
        }
    }
}
