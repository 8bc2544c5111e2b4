import ArgumentParser
import Foundation
import FormConvKit

/// `formconv diff OLD NEW`: what changed between two forms, judged by the answers they accept.
struct Diff: ParsableCommand {
    /// `--fail-on`: the least level of change that fails the run.
    enum FailOn: String, CaseIterable, Sendable { case breaking, warning, info, none }

    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what changed between two forms, judged by the answers they accept.",
        discussion: """
        Reads OLD and NEW (any readable formats, mixed freely) into the IR and compares them field by field: \
        fields added, removed, renamed (found by kind, options and label) and moved; submission keys; options; \
        required; validation; defaults; conditions; pages and sections; texts, layout and style. Each change \
        has a stable id and a level (docs/diff.md):
          breaking  an answer OLD accepted is rejected, or a value OLD submitted loses its meaning
          warning   NEW accepts or submits answers OLD never produced, or behaves differently
          info      texts, translations, layout, style, order, moves with the key unchanged

        --format text (the default) prints the changes on standard output grouped by level and a summary \
        line on standard error; json (docs/diff-v1.schema.json), markdown (a table for a pull request), \
        sarif and github (annotations on NEW) print on standard output.

        --git REV [PATHS...] compares every form under PATHS that differs between revision REV and the \
        working tree (new and deleted forms included).

        EXAMPLES:
          formconv diff signup-v1.xml signup-v2.xml
          formconv diff legacy.xml converted.json --fail-on warning
          formconv diff --git origin/main forms/ --format markdown

        EXIT STATUS:
          0   no change at or above the --fail-on level (default: breaking)
          1   a change at or above the --fail-on level, or an input could not be read as a form
          64  usage error: bad option or value, wrong number of inputs
          66  an input does not exist or cannot be read
        """)

    @Argument(help: ArgumentHelp("OLD and NEW (- reads standard input); with --git, the paths to compare.",
                                 valueName: "path"), completion: .file())
    var paths: [String] = []

    @Option(help: ArgumentHelp("Compare each form at this git revision with the working tree.", valueName: "rev"))
    var git: String?

    @Option(name: [.customLong("from"), .customShort("f")],
            help: ArgumentHelp("The format of both inputs; detected from name and content when omitted.", valueName: "format"),
            completion: .list(FormatRegistry.readable.map(\.rawValue)),
            transform: FormatArgument.readable)
    var from: FormatID?

    @Option(help: ArgumentHelp("The format of OLD alone (overrides --from).", valueName: "format"),
            completion: .list(FormatRegistry.readable.map(\.rawValue)), transform: FormatArgument.readable)
    var fromOld: FormatID?

    @Option(help: ArgumentHelp("The format of NEW alone (overrides --from).", valueName: "format"),
            completion: .list(FormatRegistry.readable.map(\.rawValue)), transform: FormatArgument.readable)
    var fromNew: FormatID?

    @Option(help: ArgumentHelp("Changes as text (default), json, markdown, sarif or github "
                               + "(default: github when GITHUB_ACTIONS is set, else text).", valueName: "format"),
            completion: .list(DiffOutputFormat.allCases.map(\.rawValue)),
            transform: EnumArgument.parse)
    var format: DiffOutputFormat?

    @Option(name: .customLong("fail-on"),
            help: ArgumentHelp("Exit 1 when a change at this level or above exists: breaking, warning, info or none.",
                               valueName: "level"),
            completion: .list(FailOn.allCases.map(\.rawValue)), transform: EnumArgument.parse)
    var failOn: FailOn = .breaking

    @Option(help: ArgumentHelp("Color the text output: auto (on a terminal unless NO_COLOR is set), always or never.",
                               valueName: "when"),
            completion: .list(ColorMode.allCases.map(\.rawValue)), transform: EnumArgument.parse)
    var color: ColorMode = .auto

    @Flag(name: .shortAndLong, help: "Print no summary line and no reader warnings; errors and the changes still print.")
    var quiet = false

    @Option(help: ArgumentHelp("Refuse inputs larger than this: bytes, or with a K, M or G suffix (default: 64M).",
                               valueName: "size"), transform: SharedOptions.parseSize)
    var maxInputSize: Int = ByteSize.defaultMaxInput

    func validate() throws {
        if git == nil && paths.count != 2 {
            throw ValidationError("diff compares two forms: give OLD and NEW (or --git REV [PATHS...]); got \(paths.count) path\(paths.count == 1 ? "" : "s")")
        }
        if git == nil && paths == ["-", "-"] { throw ValidationError("only one of OLD and NEW can be standard input") }
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let printer = DiagnosticPrinter(color: color.enabled(environment: environment), quiet: quiet)
        var sides: [(DiffSide, DiffSide)] = []
        if let revision = git {
            switch DiffGit.pairs(revision: revision, paths: paths, maxInputSize: maxInputSize) {
            case .success(let pairs): sides = pairs.map { ($0.old, $0.new) }
            case .failure(let f):
                Terminal.writeError(printer.errorMessage("\(f.message.oneLine) [input.git]") + "\n")
                throw ExitCode(ExitStatus.failure.rawValue)
            }
        } else {
            sides = [(DiffInput.read(path: paths[0], as: fromOld ?? from, maxInputSize: maxInputSize),
                      DiffInput.read(path: paths[1], as: fromNew ?? from, maxInputSize: maxInputSize))]
        }
        var results: [DiffResult] = []
        var status = ExitStatus.success
        for (old, new) in sides {
            printer.print(old.diagnostics, file: old.name)
            printer.print(new.diagnostics, file: new.name)
            status = max(status, old.status, new.status)
            guard let a = old.form, let b = new.form else { continue }
            results.append(FormDiff.compare(a, b, oldName: old.name, newName: new.name))
        }
        let outputFormat = format ?? (environment["GITHUB_ACTIONS"] == "true" ? .github : .text)
        Terminal.writeOutput(Array(DiffReport.render(results, as: outputFormat, color: printer.color).utf8))
        if !quiet && (status == .success || !results.isEmpty) { Terminal.writeError(DiffReport.summary(results) + "\n") }
        if let threshold = DiffLevel(rawValue: failOn.rawValue), let highest = results.compactMap(\.highest).max(),
           highest >= threshold {
            status = max(status, .failure)
        }
        if status != .success { throw ExitCode(status.rawValue) }
    }
}
