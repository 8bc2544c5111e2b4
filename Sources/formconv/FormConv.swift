import ArgumentParser
import Foundation
import FormConvKit

/// The `formconv` command. `convert` is the default subcommand, so `formconv in.xml --to json` works.
@main
struct FormConv: AsyncParsableCommand {
    /// Every subcommand, in the order `--help` lists them. A new command (sync or async) is added by
    /// putting its type here, nothing else.
    static let commands: [ParsableCommand.Type] = [Convert.self, Formats.self, Lint.self, Diff.self]

    static let configuration = CommandConfiguration(
        commandName: "formconv",
        abstract: "Convert form descriptions between MM XML, row schema JSON/YAML, XLForm, RMSForm and ShinobiForms, and write JSON Schema, SurveyJS, JSON Forms, rjsf and an HTML preview.",
        discussion: """
        Every conversion goes through formconv's intermediate representation (IR); whatever the target \
        format cannot express is reported as a loss (a warning with file:line:col), never dropped silently.

        EXAMPLES:
          formconv signup.xml --to json            one file to standard output
          formconv forms/ --to xlform -o out/      a directory tree into out/
          formconv - --from yaml --to ir < f.yml   standard input
          formconv a.xml -o a.schema.json          --to json-schema, from -o's name
          formconv lint forms/                     check forms for problems
          formconv diff old.xml new.json           what changed, judged by the answers
          formconv formats                         the formats formconv knows

        EXIT STATUS:
        \(ExitStatus.helpTable)
        """,
        version: FormConvVersion.current,
        subcommands: commands,
        defaultSubcommand: Convert.self
    )

    /// Runs the command. Every command shares one exit-status table (`ExitStatus`): usage errors are 64
    /// (EX_USAGE) everywhere. Every message goes through `Terminal`, so that a standard stream that
    /// refuses a write ends the run with EX_IOERR (`finish`).
    static func main() async {
        StandardDescriptors.reserveClosed()
        SignalCleanup.install()
        let arguments = Array(CommandLine.arguments.dropFirst())
        var status: Int32 = 0
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            status = exitCode(for: error).rawValue
            let message = fullMessage(for: error)
            // As ArgumentParser's own `exit(withError:)` prints: help and version on standard output.
            if !message.isEmpty {
                if status == 0 { Terminal.writeOutput(Array((message + "\n").utf8)) } else { Terminal.writeError(message + "\n") }
            }
        }
        Foundation.exit(finish(status))
    }

    /// `status`, or EX_IOERR (74) when a write to standard output or error failed during the run
    /// (after saying so on standard error when that still works). Internal failures (2) and usage
    /// errors (64) keep their status.
    static func finish(_ status: Int32) -> Int32 {
        guard let failure = Terminal.writeFailure else { return status }
        if failure.stream == .output {
            Terminal.writeError(DiagnosticPrinter().errorMessage(failure.message) + " [output.write-failed]\n")
        }
        return status == ExitStatus.internalError.rawValue || status == ExitStatus.usage.rawValue ? status : ExitStatus.ioError.rawValue
    }
}
