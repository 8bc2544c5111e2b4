import ArgumentParser
import FormConvKit

/// `formconv convert` (the default subcommand): reads inputs, writes them in the `--to` format.
struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",  // named, not derived from the type: that took a dozen conformance scans a run
        abstract: "Convert forms to another format (the default command).",
        discussion: """
        One input: the output goes to standard output, or to -o FILE (or into -o DIR/ when DIR exists or \
        ends in /). Several inputs or a directory: -o names an output directory that mirrors the input tree; \
        each output is named after its input's stem with the target's extension (signup.xml → signup.json). \
        Every input is converted even when others fail; a summary line ends the run.

        Without --from the format is detected from the file name and content (BOM and UTF-16 aware). \
        Inputs may be UTF-8 (with or without BOM), UTF-16 or UTF-32 with BOM. Outputs are written atomically: \
        an input that fails leaves no output behind.

        Diagnostics print on standard error as file:line:col: severity: message [id], losses included.

        EXIT STATUS:
        \(ExitStatus.helpTable)
        When several inputs end differently, the most serious status wins: 2, then 74, then 73, then 66, then 1.
        """)

    @Argument(help: ArgumentHelp("Input files or directories; - reads standard input.", valueName: "input"))
    var inputs: [String]

    @Option(name: [.customLong("to"), .customShort("t")],
            help: ArgumentHelp("The output format (see 'formconv formats').", valueName: "format"),
            transform: FormatArgument.writable)
    var to: FormatID

    @Option(name: [.customLong("from"), .customShort("f")],
            help: ArgumentHelp("The input format; detected from name and content when omitted.", valueName: "format"),
            transform: FormatArgument.readable)
    var from: FormatID?

    @Option(name: .shortAndLong,
            help: ArgumentHelp("Output file, or output directory for several inputs or a directory.", valueName: "path"))
    var output: String?

    @Option(help: ArgumentHelp("JSON Schema draft to write: 2020-12 or 07.", valueName: "draft"))
    var draft: String = "2020-12"

    @Option(help: ArgumentHelp("Name of the generated type (xlform-swift, xlform-objc); from the input name by default.",
                               valueName: "name"))
    var typeName: String?

    @Option(help: ArgumentHelp("Refuse inputs larger than this: bytes, or with a K, M or G suffix (default: 64M).", valueName: "size"),
            transform: Convert.parseSize)
    var maxInputSize: Int = ByteSize.defaultMaxInput

    @OptionGroup(title: "Diagnostics")
    var diagnostics: DiagnosticOptions

    static func parseSize(_ text: String) throws -> Int {
        guard let n = ByteSize.parse(text), n > 0 else {
            throw ValidationError("'\(text)' is not a size: use a byte count, optionally with K, M or G (64M)")
        }
        return n
    }

    /// The draft named by `--draft`, spelled as `EmitOptions` expects.
    static func draftName(_ text: String) -> String? {
        switch text.lowercased() {
        case "2020-12", "2020", "draft-2020-12": "2020-12"
        case "07", "7", "draft-07", "draft7": "07"
        default: nil
        }
    }

    func validate() throws {
        guard Self.draftName(draft) != nil else {
            throw ValidationError("unknown JSON Schema draft '\(draft)'; use 2020-12 or 07")
        }
        do {
            try ConversionPlan.checkUsage(inputs: inputs, output: output)
        } catch {
            throw ValidationError(error.message)
        }
    }

    func run() throws {
        let plan: ConversionPlan
        do {
            plan = try ConversionPlan.make(inputs: inputs, output: output, target: to)
        } catch {
            if error.status == .usage { throw ValidationError(error.message) }
            Terminal.writeError(diagnostics.printer.errorMessage(error.message) + "\n")
            throw ExitCode(error.status.rawValue)
        }
        let settings = ConversionSettings(
            from: from, to: to,
            jsonSchemaDraft: Self.draftName(draft) ?? "2020-12", typeName: typeName,
            maxInputSize: maxInputSize, policy: diagnostics.policy)
        let printer = diagnostics.printer
        if let path = diagnostics.report, let input = plan.input(at: path) {
            Terminal.writeError(printer.errorMessage(
                "--report \(path) is the input \(input): formconv never writes over an input [output.is-input]") + "\n")
            throw ExitCode(ExitStatus.cannotCreate.rawValue)
        }
        var report = DiagnosticReport()
        let wantsReport = diagnostics.report != nil
        for note in plan.notes {
            printer.print([note.diagnostic], file: note.path)
            if wantsReport { report.add([note.diagnostic], file: note.path) }
        }
        let result = ConversionRun.execute(plan, settings: settings) { outcome in
            printer.print(outcome.diagnostics, file: outcome.input)
            if wantsReport { report.add(outcome.diagnostics, file: outcome.input) }
            if let bytes = outcome.standardOutput { Terminal.writeOutput(bytes) }
        }
        if plan.isBatch { Terminal.writeError(result.summary + "\n") }
        let status = max(result.exitStatus(policy: diagnostics.policy), diagnostics.writeReport(report))
        if status != .success { throw ExitCode(status.rawValue) }
    }
}
