import Foundation

/// Byte counts as written on the command line: `1048576`, `512K`, `64M`, `64MiB`, `1G`.
/// Every suffix is binary (K = 1024).
public enum ByteSize {
    /// The default `--max-input-size`: 64 MiB.
    public static let defaultMaxInput = 64 * 1024 * 1024

    /// Parses `text`; `nil` when it is not a non-negative count with an optional K/M/G suffix.
    public static func parse(_ text: String) -> Int? {
        let t = text.trimmingCharacters(in: .whitespaces)
        let digits = t.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, let n = Int(digits) else { return nil }
        let suffix = t.dropFirst(digits.count).lowercased()
        let multiplier: Int
        switch suffix {
        case "", "b": multiplier = 1
        case "k", "kb", "kib": multiplier = 1 << 10
        case "m", "mb", "mib": multiplier = 1 << 20
        case "g", "gb", "gib": multiplier = 1 << 30
        default: return nil
        }
        let (result, overflow) = n.multipliedReportingOverflow(by: multiplier)
        return overflow ? nil : result
    }

    /// `64 MiB`, `512 KiB`, `10 bytes`: the shortest exact spelling, for messages.
    public static func describe(_ n: Int) -> String {
        for (unit, size) in [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)] where n >= size && n % size == 0 {
            return "\(n / size) \(unit)"
        }
        return n == 1 ? "1 byte" : "\(n) bytes"
    }
}
