import FormIR

/// The losses a project has agreed to (`accept-losses` in `.formconv.yml`): by id (`loss.layout.size`,
/// or a pattern such as `loss.layout.*`), optionally only for inputs whose path matches one of `paths`
/// (shell patterns, relative to the directory formconv runs in: `legacy/**`).
///
/// An accepted loss is counted, not printed, and does not trip `--strict` or `--fail-on`. A loss that
/// is an error (the emitter could not write the input at all) is never accepted.
public struct LossAcceptance: Sendable, Equatable {
    /// One accepted loss id (or pattern), for some paths or all.
    public struct Entry: Sendable, Equatable {
        /// A loss id or a pattern over ids (`*`, `?`).
        public var id: String
        /// Input path patterns; empty means every input.
        public var paths: [String]

        /// `id` accepted in the inputs `paths` match (every input when empty).
        public init(id: String, paths: [String] = []) {
            self.id = id
            self.paths = paths
        }
    }

    /// The accepted losses, as listed in the configuration.
    public var entries: [Entry]

    /// Accepts what `entries` list (nothing by default).
    public init(_ entries: [Entry] = []) { self.entries = entries }

    /// Whether nothing is accepted.
    public var isEmpty: Bool { entries.isEmpty }

    /// Whether `diagnostic`, found in input `input`, is an accepted loss.
    public func accepts(_ diagnostic: Diagnostic, input: String) -> Bool {
        guard diagnostic.isLoss, diagnostic.severity != .error else { return false }
        return entries.contains { e in
            Glob(e.id).matches(diagnostic.id) && (e.paths.isEmpty || e.paths.contains { Glob($0).matches(input) })
        }
    }

    /// `diagnostics` split into those printed and those accepted, each in order.
    public func split(_ diagnostics: [Diagnostic], input: String) -> (kept: [Diagnostic], accepted: [Diagnostic]) {
        guard !entries.isEmpty else { return (diagnostics, []) }
        var kept: [Diagnostic] = [], accepted: [Diagnostic] = []
        for d in diagnostics {
            if accepts(d, input: input) { accepted.append(d) } else { kept.append(d) }
        }
        return (kept, accepted)
    }
}
