import ArgumentParser
import FormConvKit
import enum FormIR.Suggest

/// `formconv convert` (the default subcommand): reads inputs, writes them in the `--to` format.
struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",  // named, not derived from the type: that took a dozen conformance scans a run
        abstract: "Convert forms to another format (the default command).",
        discussion: """
        One input: the output goes to standard output, or to -o FILE (or into -o DIR/ when DIR exists or \
        ends in /). Several inputs or a directory: -o names an output directory that mirrors the input tree; \
        each output is named after its input's stem with the target's extension (signup.xml → signup.json). \
        Every input is converted even when others fail; the run ends with the inputs that failed, the losses \
        by id and a summary line. Without --to, -o's extension names the format (x.schema.json: json-schema).

        Losses listed under accept-losses in .formconv.yml (or --config) are counted, not printed, and do not \
        trip --strict or --fail-on. --report FILE writes the whole run as JSON (docs/report.md).

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
            help: ArgumentHelp("The output format (see 'formconv formats'); inferred from -o's extension when omitted.",
                               valueName: "format"),
            completion: .list(FormatRegistry.writable.map(\.rawValue)),
            transform: FormatArgument.writable)
    var to: FormatID?

    @Option(name: [.customLong("from"), .customShort("f")],
            help: ArgumentHelp("The input format; detected from name and content when omitted.", valueName: "format"),
            completion: .list(FormatRegistry.readable.map(\.rawValue)),
            transform: FormatArgument.readable)
    var from: FormatID?

    @Option(name: .shortAndLong,
            help: ArgumentHelp("Output file, or output directory for several inputs or a directory.", valueName: "path"),
            completion: .file())
    var output: String?

    @Option(help: ArgumentHelp("JSON Schema draft to write: 2020-12 or 07.", valueName: "draft"),
            completion: .list(["2020-12", "07"]))
    var draft: String = "2020-12"

    @Option(help: ArgumentHelp("Name of the generated type (xlform-swift, xlform-objc); from the input name by default.",
                               valueName: "name"))
    var typeName: String?

    @Flag(help: "MM XML: keep what the language's XML schema rejects (language attributes, repeated texts, unknown tags) instead of leaving it out; the output is then not schema-valid.")
    var keepLegacy = false

    @OptionGroup(title: "Run")
    var shared: SharedOptions

    /// The draft named by `--draft`, spelled as `EmitOptions` expects.
    static func draftName(_ text: String) -> String? {
        switch text.lowercased() {
        case "2020-12", "2020", "draft-2020-12": "2020-12"
        case "07", "7", "draft-07", "draft7": "07"
        default: nil
        }
    }

    /// `--to`, or the format `-o` names by its extension.
    var target: FormatID? { to ?? output.flatMap(FormatArgument.inferred(fromOutput:)) }

    func validate() throws {
        guard Self.draftName(draft) != nil else {
            let hint = Suggest.closest(to: draft, in: ["2020-12", "07"]).map { " (did you mean '\($0)'?)" } ?? ""
            throw ValidationError("unknown JSON Schema draft '\(draft)'\(hint); use 2020-12 or 07")
        }
        if let typeName, let why = FormatRegistry.FormatOptions.typeNameProblem(typeName) {
            throw ValidationError("--type-name: \(why)")
        }
        guard target != nil else {
            throw ValidationError("Missing expected argument '--to <format>'"
                                  + (output.map { " (-o \($0) names no format by its extension)" } ?? ""))
        }
        if shared.report == "-", output == "-" || (output == nil && inputs.count == 1) {
            throw ValidationError("--report - writes the run's account on standard output, where the converted form would go; give -o FILE")
        }
        do {
            try ConversionPlan.checkUsage(inputs: inputs, output: output)
        } catch {
            throw ValidationError(error.message)
        }
    }

    func run() throws {
        guard let to = target else { throw ValidationError("Missing expected argument '--to <format>'") }
        let plan: ConversionPlan
        let printer = shared.printer
        do {
            plan = try ConversionPlan.make(inputs: inputs, output: output, target: to)
        } catch {
            if error.status == .usage { throw ValidationError(error.message) }
            Terminal.writeError(printer.errorMessage(error.message) + "\n")
            throw ExitCode(error.status.rawValue)
        }
        try shared.refuseWritingOverInputs(plan.inputs)
        let config = try shared.loadConfig()
        let settings = ConversionSettings(
            from: from, to: to,
            jsonSchemaDraft: Self.draftName(draft) ?? "2020-12", typeName: typeName, keepLegacy: keepLegacy,
            maxInputSize: shared.maxInputSize, acceptedLosses: config.acceptedLosses, policy: shared.policy)
        var report = shared.report == nil ? nil : RunReport(command: "convert", target: to)
        for note in plan.notes {
            printer.print([note.diagnostic], file: note.path)
            report?.add([note.diagnostic], file: note.path)
        }
        let progress = plan.isBatch ? shared.progress(total: plan.jobs.count, verb: "converting") : nil
        var done = 0
        let result = ConversionRun.execute(plan, settings: settings) { outcome in
            progress?.clear()
            printer.print(outcome.diagnostics, file: outcome.input)
            if shared.verbose { Terminal.writeError(Self.verboseLine(outcome) + "\n") }
            report?.add(outcome)
            if let bytes = outcome.standardOutput { Terminal.writeOutput(bytes) }
            done += 1
            progress?.show(done)
        }
        progress?.clear()
        if plan.isBatch { Terminal.writeError(RunSummary.text(result, color: printer.color)) }
        let status = shared.finish(result, report: report)
        if config.severities["conversion-loss"] == .some(nil), result.tripped(by: shared.policy).contains(where: { $0.id.hasPrefix("loss.") }) {
            // The lint rule does not apply to convert: say where accepting losses is.
            Terminal.writeError(printer.message(.note, "'conversion-loss: off' turns a lint rule off; convert accepts the losses "
                                                + "listed under accept-losses in \(shared.config ?? LintConfig.defaultPath)") + "\n")
        }
        if status != .success { throw ExitCode(status.rawValue) }
    }

    /// `--verbose`: `forms/a.xml: mmxml → out/a.json (3 losses, 2 accepted)`, or `…: failed`.
    static func verboseLine(_ o: FileOutcome) -> String {
        let counts = FindingCounts(o.diagnostics, accepted: o.accepted.count)
        func n(_ c: Int, _ word: String, _ plural: String) -> String { "\(c) \(c == 1 ? word : plural)" }
        var parts: [String] = []
        if counts.errors > 0 { parts.append(n(counts.errors, "error", "errors")) }
        if counts.warnings > counts.losses { parts.append(n(counts.warnings - counts.losses, "warning", "warnings")) }
        if counts.losses > 0 { parts.append(n(counts.losses, "loss", "losses")) }
        if counts.acceptedLosses > 0 { parts.append("\(counts.acceptedLosses) accepted") }
        let format = o.format?.rawValue ?? "unknown format"
        let result = o.status == .success ? "\(format) → \(o.destination)" : "\(format): failed"
        return "\(o.input.oneLine): \(result)" + (parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))")
    }
}
