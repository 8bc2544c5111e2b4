import Foundation

/// `--color auto|always|never`. `auto` colors when the stream is a terminal and `NO_COLOR` is unset
/// (https://no-color.org) and `TERM` is not `dumb`.
public enum ColorMode: String, Sendable, CaseIterable {
    case auto, always, never

    /// Whether to color output written to `fileDescriptor`; `environment` is the process's (the
    /// command passes it: the library reads no environment of its own).
    public func enabled(for fileDescriptor: Int32 = STDERR_FILENO, environment: [String: String]) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            if let v = environment["NO_COLOR"], !v.isEmpty { return false }
            if environment["TERM"] == "dumb" { return false }
            return Terminal.isTTY(fileDescriptor)
        }
    }
}

/// Terminal facts commands need.
public enum Terminal {
    /// Whether `fileDescriptor` is a terminal.
    public static func isTTY(_ fileDescriptor: Int32) -> Bool { isatty(fileDescriptor) == 1 }

    /// Writes `text` to standard error, unbuffered.
    public static func writeError(_ text: String) { writeError(Array(text.utf8)) }

    /// Writes `bytes` to standard error, unbuffered.
    public static func writeError(_ bytes: [UInt8]) {
        _ = FileDescriptorOutput.writeAll(bytes, to: STDERR_FILENO)
    }

    /// Writes `bytes` to standard output.
    public static func writeOutput(_ bytes: [UInt8]) {
        _ = FileDescriptorOutput.writeAll(bytes, to: STDOUT_FILENO)
    }
}
