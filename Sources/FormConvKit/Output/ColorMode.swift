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
