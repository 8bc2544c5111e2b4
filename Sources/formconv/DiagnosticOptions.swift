import Foundation
import ArgumentParser
import FormConvKit

extension ColorMode: ExpressibleByArgument {}
extension FailurePolicy.Threshold: ExpressibleByArgument {}

/// The diagnostic options every command that reports findings shares (`convert`, `lint`):
/// `@OptionGroup var diagnostics: DiagnosticOptions`.
struct DiagnosticOptions: ParsableArguments {
    @Option(help: "Color diagnostics: auto colors on a terminal unless NO_COLOR is set.")
    var color: ColorMode = .auto

    @Flag(name: .shortAndLong, help: "Print errors only: hide warnings, notes and losses (--report still has them).")
    var quiet = false

    @Option(help: ArgumentHelp("Write every diagnostic and loss of the run to FILE as a JSON array.", valueName: "file"))
    var report: String?

    @Flag(help: "Fail (exit 1) on warnings and losses too; same as --fail-on warning plus --fail-on loss.")
    var strict = false

    @Option(name: .customLong("fail-on"), help: ArgumentHelp(
        "What fails the run (exit 1) besides errors: warning (warnings, losses included), loss (losses only).",
        valueName: "level"))
    var failOn: FailurePolicy.Threshold = .error

    var policy: FailurePolicy { FailurePolicy(failOn: failOn, strict: strict) }
    var printer: DiagnosticPrinter { DiagnosticPrinter(color: color.enabled(environment: ProcessInfo.processInfo.environment), quiet: quiet) }

    /// Writes `--report` if asked; returns `cannotCreate` (after printing why) when it cannot.
    func writeReport(_ report: DiagnosticReport) -> ExitStatus {
        guard let path = self.report else { return .success }
        if case .failure(let problem) = report.write(to: path) {
            Terminal.writeError(printer.errorMessage("\(problem.message) [\(problem.id)]") + "\n")
            return .cannotCreate
        }
        return .success
    }
}
