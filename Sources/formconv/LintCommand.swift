import ArgumentParser
import Foundation
import FormConvKit
import struct FormIR.Diagnostics
import struct FormIR.ReadFailure

/// `formconv lint PATH...`: checks form files the way SwiftLint or ESLint check code.
struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",  // named, not derived from the type: that took a dozen conformance scans a run
        abstract: "Check form files for problems (for CI).",
        discussion: """
        Walks directories, recognises every readable format by extension and content, lints files in \
        parallel and reports every problem in one run. Rules are documented in docs/rules/.

        Configuration: .formconv.yml in the current directory (or --config) sets rule severities \
        (error, warning, note, off) and excluded paths. In XML, \
        <!-- formconv-disable-next-line RULE -- reason --> silences RULE on the next line.

        Exit codes: 0 no errors; 1 errors found (or warnings with --strict); 2 usage or internal failure;
        74 standard output or standard error could not be written.
        """)

    @Argument(help: "Files or directories to lint.")
    var paths: [String] = ["."]

    @Option(help: "Output format: text, json, sarif or github (default: github when GITHUB_ACTIONS is set, else text).")
    var format: String?

    @Option(help: "Also report what converting to this format would lose (migration planning).")
    var target: String?

    @Flag(help: "Fail (exit 1) on warnings too.")
    var strict = false

    @Option(help: "Configuration file (default: .formconv.yml in the current directory, if present).")
    var config: String?

    @Option(help: "Color the text output: auto, always or never.")
    var color: String = "auto"

    @Option(help: "Refuse input files larger than this many bytes.")
    var maxInputSize: Int = 64 << 20

    @Flag(name: .shortAndLong, help: "Also list the files passed over (not forms) and the links to directories not followed.")
    var verbose = false

    @Flag(help: "List the rules with their default severities and exit.")
    var listRules = false

    @Option(help: ArgumentHelp("Write the rule documentation (docs/rules) into DIR and exit.", valueName: "DIR"))
    var writeRuleDocs: String?

    func run() throws {
        if listRules {
            let lines = LintRules.all.map { r in
                "\(r.id.padding(toLength: 26, withPad: " ", startingAt: 0)) \(r.defaultSeverity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) \(r.summary)\n"
            }
            Terminal.writeOutput(Array(lines.joined().utf8))
            return
        }
        if let dir = writeRuleDocs {
            // Atomically, like every output: an interrupted run leaves no temporary file (SignalCleanup).
            for (name, text) in RuleDocs.files() {
                if case .failure(let problem) = AtomicWriter.write(Array(text.utf8), to: (dir as NSString).appendingPathComponent(name)) {
                    Terminal.writeError("formconv lint: error: \(problem.message)\n")
                    throw ExitCode(ExitStatus.cannotCreate.rawValue)
                }
            }
            return
        }
        let env = ProcessInfo.processInfo.environment
        let outputFormat: LintOutputFormat
        if let f = format {
            guard let parsed = LintOutputFormat(rawValue: f) else { throw usage("unknown output format '\(f)' (text, json, sarif, github)") }
            outputFormat = parsed
        } else {
            outputFormat = env["GITHUB_ACTIONS"] == "true" ? .github : .text
        }
        var targetFormat: FormatID?
        if let t = target {
            guard let id = FormatID.named(t), FormatRegistry.emitter(for: id) != nil else {
                throw usage(FormatID.unknownMessage(t, among: FormatRegistry.writable))
            }
            targetFormat = id
        }
        let lintConfig = try loadConfig()
        let started = Date()
        let found = LintDiscovery.discover(paths, config: lintConfig)
        let (targets, missing) = (found.targets, found.missing)
        for m in missing { Terminal.writeError("formconv lint: no such file or directory: \(m.oneLine)\n") }
        let showProgress = isatty(2) == 1 && targets.count > 20 && env["CI"] == nil
        var progress: (@Sendable (Int, Int) -> Void)?
        if showProgress {
            progress = { @Sendable (done: Int, total: Int) in
                Terminal.writeError("\r\u{1B}[2K[\(done)/\(total)] linting…")
            }
        }
        let options = LintOptions(config: lintConfig, target: targetFormat, maxInputSize: maxInputSize)
        let results = Linter.lint(files: targets, options: options, progress: progress)
        if showProgress { Terminal.writeError("\r\u{1B}[2K") }
        let useColor = color == "always" || (color == "auto" && isatty(1) == 1 && env["NO_COLOR"] == nil)
        Terminal.writeOutput(Array(LintReport.render(results, as: outputFormat, color: useColor).utf8))
        if verbose { Terminal.writeError(found.passedOver.map { $0.line + "\n" }.joined()) }
        let summary = LintSummary(results: results, seconds: Date().timeIntervalSince(started), passedOver: found.passedOver)
        Terminal.writeError(summary.line + "\n")
        if !missing.isEmpty { throw ExitCode(2) }
        let code = summary.exitCode(strict: strict)
        if code != 0 { throw ExitCode(code) }
    }

    private func loadConfig() throws -> LintConfig {
        let path = config ?? ".formconv.yml"
        guard let data = FileManager.default.contents(atPath: path) else {
            if config != nil { throw usage("cannot read configuration file \(path)") }
            return LintConfig()
        }
        var diagnostics = Diagnostics()
        do {
            let parsed = try LintConfig.parse(Array(data), name: path, diagnostics: &diagnostics)
            for d in diagnostics.items { Terminal.writeError(d.formatted().oneLine + "\n") }
            if diagnostics.hasErrors { throw ExitCode(2) }
            return parsed
        } catch let failure as ReadFailure {
            Terminal.writeError(failure.diagnostic.formatted(defaultFile: path).oneLine + "\n")
            throw ExitCode(2)
        }
    }

    private func usage(_ message: String) -> Error {
        Terminal.writeError("formconv lint: error: \(message.oneLine)\n")
        return ExitCode(2)
    }
}
