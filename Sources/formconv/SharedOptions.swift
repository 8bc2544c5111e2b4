import Foundation
import ArgumentParser
import FormConvKit
import struct FormIR.Diagnostics
import struct FormIR.ReadFailure
import enum FormIR.Suggest

/// The options every command that reads forms shares (`convert`, `lint`), spelt, parsed and
/// documented once: `@OptionGroup var shared: SharedOptions`.
struct SharedOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Color diagnostics: auto (on a terminal unless NO_COLOR is set), always or never.",
                               valueName: "when"),
            completion: .list(ColorMode.allCases.map(\.rawValue)),
            transform: EnumArgument.parse)
    var color: ColorMode = .auto

    @Flag(name: .shortAndLong, help: "Print errors and the end of the run only: hide warnings, notes and losses (--report still has them).")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Also say what happened to each input, and list what the walks passed over.")
    var verbose = false

    @Option(help: ArgumentHelp("Write the run as a versioned JSON document (docs/report.md) to FILE (- for standard output).", valueName: "file"),
            completion: .file())
    var report: String?

    @Flag(help: "Fail (exit 1) on warnings and losses too; same as --fail-on warning plus --fail-on loss.")
    var strict = false

    @Option(name: .customLong("fail-on"), help: ArgumentHelp(
        "What fails the run (exit 1) besides errors: warning (warnings, losses included), loss (losses only).",
        valueName: "level"), completion: .list(FailurePolicy.Threshold.allCases.map(\.rawValue)),
        transform: EnumArgument.parse)
    var failOn: FailurePolicy.Threshold = .error

    @Option(help: ArgumentHelp("Configuration file (default: .formconv.yml in the current directory, if present).",
                               valueName: "file"), completion: .file(extensions: ["yml", "yaml"]))
    var config: String?

    @Option(help: ArgumentHelp("Refuse inputs larger than this: bytes, or with a K, M or G suffix (default: 64M).",
                               valueName: "size"),
            transform: SharedOptions.parseSize)
    var maxInputSize: Int = ByteSize.defaultMaxInput

    static func parseSize(_ text: String) throws -> Int {
        guard let n = ByteSize.parse(text), n > 0 else {
            throw ValidationError("'\(text)' is not a size: use a byte count, optionally with K, M or G (64M)")
        }
        return n
    }

    var policy: FailurePolicy { FailurePolicy(failOn: failOn, strict: strict) }
    var environment: [String: String] { ProcessInfo.processInfo.environment }
    /// Diagnostics go to standard error: colored when that is a terminal (or `--color always`).
    var printer: DiagnosticPrinter { DiagnosticPrinter(color: color.enabled(environment: environment), quiet: quiet) }

    /// Progress on standard error when it is a terminal and not a CI log, for runs of more than a few inputs.
    func progress(total: Int, verb: String) -> ProgressLine? {
        let env = environment
        guard !quiet, total > 20, Terminal.isTTY(STDERR_FILENO), env["CI"] == nil, env["TERM"] != "dumb" else { return nil }
        return ProgressLine(total: total, verb: verb)
    }

    /// The configuration (`--config`, or `.formconv.yml` when present); an empty one when there is none.
    /// A configuration that cannot be read or holds errors is a usage error (64), said on standard error.
    func loadConfig() throws -> LintConfig {
        var diagnostics = Diagnostics()
        do {
            let loaded = try LintConfig.load(config, diagnostics: &diagnostics)
            printer.print(diagnostics.items, file: config ?? LintConfig.defaultPath)
            return loaded ?? LintConfig()
        } catch let failure as ReadFailure {
            printer.print(diagnostics.items.filter { $0.severity != .error }, file: config ?? LintConfig.defaultPath)
            Terminal.writeError(printer.line(for: failure.diagnostic, file: config ?? LintConfig.defaultPath) + "\n")
            throw ExitCode(ExitStatus.usage.rawValue)
        }
    }

    /// Refuses the run (`output.is-input`, exit 73) when a file it would write — `--report`, and
    /// `outputs` (`--write-baseline`) — is one it reads: `inputs` or the configuration.
    func refuseWritingOverInputs(_ inputs: RunInputs, outputs: [(option: String, path: String?)] = []) throws {
        var read = inputs
        read.add(config ?? LintConfig.defaultPath)
        for (option, path) in [("--report", report)] + outputs {
            guard let path, let refusal = read.refusal(writing: path, as: "\(option) \(path)") else { continue }
            Terminal.writeError(printer.errorMessage("\(refusal.message) [\(refusal.id)]") + "\n")
            throw ExitCode(ExitStatus.cannotCreate.rawValue)
        }
    }

    /// Ends a run: the threshold that failed it (naming the ids), then `--report`. Returns the exit
    /// status: the run's, or `cannotCreate` when the report cannot be written.
    func finish(_ result: RunResult, report: RunReport?) -> ExitStatus {
        let status = result.exitStatus(policy: policy)
        if let why = RunSummary.threshold(result, policy: policy) {
            Terminal.writeError(printer.errorMessage(why) + "\n")
        }
        guard let path = self.report, let report else { return status }
        if path == "-" {  // the account is the product: standard output, like lint's findings
            Terminal.writeOutput(report.encoded(result, policy: policy, status: status))
            return status
        }
        if case .failure(let problem) = report.write(to: path, result, policy: policy, status: status) {
            Terminal.writeError(printer.errorMessage("\(problem.message) [\(problem.id)]") + "\n")
            return max(status, .cannotCreate)
        }
        return status
    }
}

/// Parses an enumerated option value (`--color`, `--fail-on`, lint's `--format`): an unknown one is
/// a usage error naming the closest value and every value.
enum EnumArgument {
    static func parse<T: RawRepresentable & CaseIterable>(_ text: String) throws -> T where T.RawValue == String {
        if let value = T(rawValue: text.lowercased()) { return value }
        let names = T.allCases.map(\.rawValue)
        let hint = Suggest.closest(to: text, in: names).map { " (did you mean '\($0)'?)" } ?? ""
        throw ValidationError("unknown value '\(text)'\(hint); use one of: " + names.joined(separator: ", "))
    }
}

/// `[12/300] converting…` on standard error, redrawn in place; cleared before anything else is printed.
struct ProgressLine {
    let total: Int
    let verb: String

    func show(_ done: Int) { Terminal.writeError("\r\u{1B}[2K[\(done)/\(total)] \(verb)…") }
    func clear() { Terminal.writeError("\r\u{1B}[2K") }
}
