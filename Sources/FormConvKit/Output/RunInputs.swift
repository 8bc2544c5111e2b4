import FormIR

/// The files a run reads — its inputs, and the configuration and baseline it was given — by identity
/// (device and inode), so that the one rule of every command can be checked: nothing a run writes (a
/// converted output, `--report`, `--write-baseline`, a SARIF file) may replace a file it reads,
/// however either is spelled (`f.json`, `./f.json`, a symbolic or hard link). `convert` and `lint`
/// both ask this type; the refusal is `output.is-input` (exit 73).
public struct RunInputs: Sendable {
    private var byIdentity: [FileIdentity: String] = [:]

    /// The files `paths` name; `-` (standard input) and paths that do not exist are left out.
    public init<S: Sequence>(_ paths: S) where S.Element == String {
        for path in paths { add(path) }
    }

    /// Adds `path` (one stat(2)); the first spelling of a file is the one messages name.
    public mutating func add(_ path: String) {
        guard path != "-", let id = FileIdentity(path), byIdentity[id] == nil else { return }
        byIdentity[id] = path
    }

    /// Whether nothing was read from a file.
    public var isEmpty: Bool { byIdentity.isEmpty }

    /// The input that `path` names (the same file, however spelled), if any.
    public func input(at path: String) -> String? {
        guard !byIdentity.isEmpty, let id = FileIdentity(path) else { return nil }
        return byIdentity[id]
    }

    /// The `output.is-input` error when writing `path` would replace an input; `what` says which output
    /// it is (`--report out.json`, or just the path for a converted output).
    public func refusal(writing path: String, as what: String) -> Diagnostic? {
        input(at: path).map { Self.isInput(what, input: $0) }
    }

    /// The one message of the rule: `<what> is the input <input>: formconv never writes over an input`.
    public static func isInput(_ what: String, input: String) -> Diagnostic {
        Diagnostic(.error, id: "output.is-input",
                   "\(what) is the input \(input): formconv never writes over an input; choose another output")
    }
}
