import ArgumentParser
import Foundation
import FormConvKit

/// The `formconv` command. `convert` is the default subcommand, so `formconv in.xml --to json` works.
@main
struct FormConv: AsyncParsableCommand {
    /// Every subcommand, in the order `--help` lists them. A new command (sync or async) is added by
    /// putting its type here, nothing else.
    static let commands: [ParsableCommand.Type] = [Convert.self, Formats.self, Lint.self]

    static let configuration = CommandConfiguration(
        commandName: "formconv",
        abstract: "Convert form descriptions between MM XML, row schema JSON/YAML, XLForm, RMSForm, ShinobiForms and JSON Schema.",
        discussion: """
        Every conversion goes through formconv's intermediate representation (IR); whatever the target \
        format cannot express is reported as a loss (a warning with file:line:col), never dropped silently.

        EXAMPLES:
          formconv signup.xml --to json            one file to standard output
          formconv forms/ --to xlform -o out/      a directory tree into out/
          formconv - --from yaml --to ir < f.yml   standard input
          formconv formats                         the formats formconv knows

        EXIT STATUS:
        \(ExitStatus.helpTable)
        """,
        version: FormConvVersion.current,
        subcommands: commands,
        defaultSubcommand: Convert.self
    )

    /// Runs the command. `lint` documents exit status 2 for usage errors (the convention of linters),
    /// where the other commands use 64 (EX_USAGE).
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            if arguments.first == "lint", exitCode(for: error).rawValue == ExitStatus.usage.rawValue {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
