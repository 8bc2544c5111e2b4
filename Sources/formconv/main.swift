import ArgumentParser
// TEMPORARY root for the lint branch; the CLI branch's root command registers Lint.self.
struct Root: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "formconv", subcommands: [Lint.self])
}
Root.main()
