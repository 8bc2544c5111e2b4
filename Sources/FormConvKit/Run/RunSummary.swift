/// The end of a run as people read it, on standard error (`--quiet` or not): every input that
/// failed, the losses grouped by id (one line each, most frequent first), and the summary line last.
///
///     failed: forms/broken.xml
///     loss.layout.size: 1179 in 42 files
///     loss.layout.position: 12 in 3 files (accepted)
///     converted 298, failed 2, losses 5498, accepted 12
public enum RunSummary {
    /// The lines, each ending in a newline; with `color`, in the colours of diagnostics (`failed` red,
    /// loss ids magenta as warnings are, accepted ones dim).
    public static func text(_ result: RunResult, color: Bool = false) -> String {
        func paint(_ text: String, _ sgr: String) -> String { color ? DiagnosticPrinter.paint(text, sgr) : text }
        var out = ""
        for f in result.failedInputs { out += paint("failed", "1;31") + ": \(f.input.oneLine)\n" }
        for g in result.lossesByID { out += (g.accepted ? paint(line(g), "2") : paint(g.id, "35") + line(g).dropFirst(g.id.count)) + "\n" }
        return out + result.summary + "\n"
    }

    /// `loss.layout.size: 1179 in 42 files`, `(accepted)` added for accepted losses.
    public static func line(_ g: IDCount) -> String {
        "\(g.id): \(g.count) in \(g.files) \(g.files == 1 ? "file" : "files")" + (g.accepted ? " (accepted)" : "")
    }

    /// Why a threshold failed the run, naming the ids that tripped it (the `shown` most frequent, then
    /// how many more); `nil` when none did.
    /// `--strict failed the run on: loss.layout.size (1179 in 42 files), input.invalid-encoding (1 in 1 file)`.
    public static func threshold(_ result: RunResult, policy: FailurePolicy, shown: Int = 5) -> String? {
        let tripped = result.tripped(by: policy)
        guard !tripped.isEmpty else { return nil }
        var ids = tripped.prefix(shown).map { "\($0.id) (\($0.count) in \($0.files) \($0.files == 1 ? "file" : "files"))" }
        let more = tripped.count - shown
        if more > 0 { ids.append("and \(more) more \(more == 1 ? "id" : "ids") (--report lists them)") }
        return "\(policy.spelling) failed the run on: " + ids.joined(separator: ", ")
    }
}
