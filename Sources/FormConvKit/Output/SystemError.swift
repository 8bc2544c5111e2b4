#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the system says about an `errno`, worded to follow "cannot write PATH: " in a message.
enum SystemError {
    /// `strerror(code)` with a lowercase first letter: "read-only file system", "no space left on device".
    static func describe(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        guard let first = text.first, first.isUppercase, !text.dropFirst().prefix(1).allSatisfy(\.isUppercase) else { return text }
        return first.lowercased() + text.dropFirst()
    }
}
