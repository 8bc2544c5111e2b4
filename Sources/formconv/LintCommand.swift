import ArgumentParser
import Foundation
import FormConvKit
import struct FormIR.Diagnostic
import enum FormIR.Suggest

/// `formconv lint PATH...`: checks form files the way SwiftLint or ESLint check code.
struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",  // named, not derived from the type: that took a dozen conformance scans a run
        abstract: "Check form files for problems (for CI).",
        discussion: """
        Walks directories, recognises every readable format by extension and content, lints files in \
        parallel and reports every problem in one run. Rules are documented in docs/rules/.

        Findings print on standard output as file:line:col: severity: message [rule] (or as json, sarif \
        or github with --format); the summary line and problems with the run itself go to standard error, \
        so `formconv lint . > findings.txt` captures the findings. --explain RULE prints a rule's page.

        Configuration: .formconv.yml in the current directory (or --config) sets rule severities \
        (error, warning, note, off) and excluded paths. Comments silence findings: \
        formconv-disable-next-line RULE -- reason, or formconv-disable-file [RULE...] (docs/rules/README.md). \
        A baseline (--write-baseline, then --baseline) keeps today's findings from failing the run.

        EXIT STATUS:
        \(ExitStatus.helpTable)
        """)

    @Argument(help: "Files or directories to lint.", completion: .file())
    var paths: [String] = ["."]

    @Option(help: ArgumentHelp("Findings as text, json, sarif or github, on standard output "
                               + "(default: github when GITHUB_ACTIONS is set, else text).", valueName: "format"),
            completion: .list(LintOutputFormat.allCases.map(\.rawValue)),
            transform: EnumArgument.parse)
    var format: LintOutputFormat?

    @Option(help: ArgumentHelp("Also report what converting to this format would lose (migration planning).",
                               valueName: "format"),
            completion: .list(FormatRegistry.writable.map(\.rawValue)),
            transform: FormatArgument.writable)
    var target: FormatID?

    @Option(help: ArgumentHelp("Findings recorded in FILE (by --write-baseline) do not fail the run and are not printed.",
                               valueName: "file"), completion: .file())
    var baseline: String?

    @Option(help: ArgumentHelp("Record today's findings in FILE as the baseline, and exit 0 (with --baseline: keep "
                               + "only its findings that remain, pruning what is gone).", valueName: "file"),
            completion: .file())
    var writeBaseline: String?

    @Flag(help: "Rewrite the legacy MM XML spellings (deprecated-spelling) in place with the safe edits, then lint what is left.")
    var fix = false

    @Flag(help: "With --fix, also make the unsafe edits (removing the language of single-language texts).")
    var unsafeFixes = false

    @Flag(help: "With --fix, print the edits as a unified diff on standard output and change nothing.")
    var diff = false

    @Flag(help: "Pass over files named on the command line that are not forms (package.json), as walks do (for hooks).")
    var formsOnly = false

    @Flag(help: "List the rules with their default severities and exit.")
    var listRules = false

    @Option(help: ArgumentHelp("Print the documentation of RULE (its page in docs/rules) and exit.", valueName: "rule"),
            completion: .list(LintRules.all.map(\.id)))
    var explain: String?

    @Option(help: ArgumentHelp("Write the rule documentation (docs/rules) into DIR and exit.", valueName: "dir"),
            completion: .directory)
    var writeRuleDocs: String?

    @OptionGroup(title: "Run")
    var shared: SharedOptions

    func run() throws {
        if listRules {
            let lines = LintRules.all.map { r in
                "\(r.id.padding(toLength: 26, withPad: " ", startingAt: 0)) \(r.defaultSeverity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) \(r.summary)\n"
            }
            Terminal.writeOutput(Array(lines.joined().utf8))
            return
        }
        let printer = shared.printer
        if let id = explain {
            guard let rule = LintRules.rule(id) else {
                let hint = Suggest.closest(to: id, in: LintRules.all.map(\.id)).map { "; did you mean '\($0)'?" } ?? ""
                throw ValidationError("unknown rule '\(id)'\(hint) (formconv lint --list-rules lists them)")
            }
            Terminal.writeOutput(Array(RuleDocs.page(rule).utf8))
            return
        }
        if let dir = writeRuleDocs {
            // Atomically, like every output: an interrupted run leaves no temporary file (SignalCleanup).
            for (name, text) in RuleDocs.files() {
                if case .failure(let problem) = AtomicWriter.write(Array(text.utf8), to: (dir as NSString).appendingPathComponent(name)) {
                    Terminal.writeError(printer.errorMessage("\(problem.message) [\(problem.id)]") + "\n")
                    throw ExitCode(ExitStatus.cannotCreate.rawValue)
                }
            }
            return
        }
        var known: LintBaseline?
        if let path = baseline {
            switch LintBaseline.load(path, maxSize: shared.maxInputSize) {
            case .success(let loaded): known = loaded
            case .failure(let problem): throw ValidationError(problem.message(path))
            }
            if let loaded = known, loaded.isLegacy && writeBaseline == nil && !shared.quiet {
                Terminal.writeError(printer.message(.warning, "\(path) is a version 1 baseline (findings matched by file and message, "
                    + "lost when a form moves or is converted); rewrite it with --baseline \(path) --write-baseline \(path)") + "\n")
            }
        }
        let outputFormat = format ?? (shared.environment["GITHUB_ACTIONS"] == "true" ? .github : .text)
        let lintConfig = try shared.loadConfig()
        let started = Date()
        let found = LintDiscovery.discover(paths, config: lintConfig, formsOnly: formsOnly)
        for m in found.missing {
            printer.print([Diagnostic(.error, id: "input.not-found", "no such file or directory: \(m)")], file: m)
        }
        if found.targets.isEmpty && !found.missing.isEmpty { throw ExitCode(ExitStatus.noInput.rawValue) }
        // Before anything is written (--fix included): no output of the run may replace one of its inputs.
        var read = RunInputs(found.targets.lazy.map(\.path))
        try shared.refuseWritingOverInputs(read, outputs: [("--write-baseline", writeBaseline)])
        if let baseline { read.add(baseline); try shared.refuseWritingOverInputs(read) }
        if fix {
            try fixSpellings(found.targets, printer: printer)
            if diff { return }
        }
        let progress = shared.progress(total: found.targets.count, verb: "linting")
        let options = LintOptions(config: lintConfig, target: target, maxInputSize: shared.maxInputSize)
        var results = Linter.lint(files: found.targets, options: options, progress: progress.map { p in
            { @Sendable done, _ in p.show(done) }
        })
        progress?.clear()
        if let path = writeBaseline {
            // With --baseline too: prune what is gone, add nothing new.
            let recorded = known.map { $0.pruned(to: results) } ?? LintBaseline(results)
            if case .failure(let problem) = AtomicWriter.write(recorded.encoded(), to: path) {
                Terminal.writeError(printer.errorMessage("\(problem.message) [\(problem.id)]") + "\n")
                throw ExitCode(ExitStatus.cannotCreate.rawValue)
            }
            let n = recorded.total
            let files = results.count == 1 ? "1 file" : "\(results.count) files"
            let pruned = known.map { k in k.total > n ? " (pruned \(k.total - n) gone)" : "" } ?? ""
            Terminal.writeError("Recorded \(n) finding\(n == 1 ? "" : "s") of \(files) in \(path)\(pruned)\n")
            return
        }
        var baselined = 0
        if let known { (results, baselined) = known.filter(results) }
        if outputFormat == .text {
            // Findings are the product: standard output, coloured when that is a terminal.
            let out = DiagnosticPrinter(color: shared.color.enabled(for: STDOUT_FILENO, environment: shared.environment),
                                        quiet: shared.quiet)
            for r in results { Terminal.writeOutput(out.bytes(for: r.findings, file: r.file)) }
        } else {
            Terminal.writeOutput(Array(LintReport.render(results, as: outputFormat).utf8))
        }
        if shared.verbose { Terminal.writeError(found.passedOver.map { $0.line + "\n" }.joined()) }
        let run = RunResult(lint: results)
        // With --target, what the migration would lose, by id, as a batch convert ends.
        Terminal.writeError(run.lossesByID.map { RunSummary.line($0) + "\n" }.joined())
        var summary = LintSummary(results: results, seconds: Date().timeIntervalSince(started), passedOver: found.passedOver)
        summary.baselined = baselined
        Terminal.writeError(summary.line + "\n")
        var report = shared.report == nil ? nil : RunReport(command: "lint", target: target)
        for r in results {
            let status: ExitStatus = r.findings.contains { $0.severity == .error } ? .failure : .success
            report?.add(path: r.file, format: r.format, output: nil, status: status, diagnostics: r.findings)
        }
        for m in found.missing {
            report?.add([Diagnostic(.error, id: "input.not-found", "no such file or directory: \(m)")], file: m)
        }
        var status = shared.finish(run, report: report)
        if !found.missing.isEmpty { status = max(status, .noInput) }
        if status != .success { throw ExitCode(status.rawValue) }
    }

    /// `--fix`: rewrites the legacy spellings of the MM XML files among `targets`, each atomically (or,
    /// with `--diff`, prints them); a file it may not or cannot fix safely fails the run (73).
    private func fixSpellings(_ targets: [LintTarget], printer: DiagnosticPrinter) throws {
        var failed = false
        for t in targets {
            switch LegacySpellingFix.fix(file: t.path, maxInputSize: shared.maxInputSize, unsafe: unsafeFixes, dryRun: diff) {
            case .success(.fixed(_, let patch?)):
                Terminal.writeOutput(Array(patch.utf8))
            case .success(.fixed(let n, nil)) where n > 0:
                if !shared.quiet { Terminal.writeError("\(t.displayName.oneLine): rewrote legacy spellings (\(n) edit\(n == 1 ? "" : "s"))\n") }
            case .success(.fixed): break
            case .success(.notMMXML):
                if !shared.quiet { Terminal.writeError("\(t.displayName.oneLine): not MM XML; --fix left it alone\n") }
            case .failure(let problem):
                Terminal.writeError(printer.errorMessage("\(problem.message) [lint.fix-refused]") + "\n")
                failed = true
            }
        }
        if failed { throw ExitCode(ExitStatus.cannotCreate.rawValue) }
    }
}
