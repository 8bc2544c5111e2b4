import Foundation
import FormIR

/// The `--report FILE` document of `convert` and `lint`: a versioned JSON object
/// (`"formconv-report": 1`, schema in docs/report-v1.schema.json) that says how the run ended, then
/// per input its path, detected format, output path, status, counts and diagnostics.
///
/// Inputs are added as their outcomes come back (`add(_:)`); `encoded(_:)` finishes the document with
/// the run's result: the exit status, the summary, the failed inputs, losses grouped by id and the ids
/// that tripped a threshold.
public struct RunReport: Sendable {
    /// The document's version: a reader should refuse a version it does not know.
    public static let version = 1

    /// One diagnostic: `severity`, `id`, `message`, `file`, `line`, `column`, `path` (`null` when
    /// unknown); losses add `feature`, `target` and `subject`.
    public struct Entry: Encodable, Sendable, Equatable {
        /// `error`, `warning` or `note`.
        public var severity: String
        /// The diagnostic's id (`loss.layout.position`, `ir.invalid`).
        public var id: String
        /// The message, as printed.
        public var message: String
        /// The file, line and column (1-based, Unicode scalars), when known.
        public var file: String?
        /// The 1-based line, when known.
        public var line: Int?
        /// The 1-based column in Unicode scalars, when known.
        public var column: Int?
        /// The IR path of the node concerned.
        public var path: String?
        /// Losses only: the IR feature and the target that cannot express it.
        public var feature: String?
        /// The target format that cannot express the feature (losses only).
        public var target: String?
        /// What the loss concerns, as its message names it first (losses only): a field's id, a page
        /// (`page 'p1'`), a group (`group 'address'`) or `form-level` (`Diagnostic.subject`).
        public var subject: String?

        enum CodingKeys: String, CodingKey { case severity, id, message, file, line, column, path, feature, target, subject }

        /// The entry of `d`, found in input `file` (used when `d` has no location).
        public init(_ d: Diagnostic, file: String?) {
            severity = d.severity.rawValue
            id = d.id
            message = d.message
            self.file = d.location?.file ?? file
            line = d.location?.line
            column = d.location?.column
            path = d.path
            feature = d.loss?.feature
            target = d.loss?.target
            subject = d.loss == nil ? nil : d.subject
        }

        /// Every key always (`null` when unknown); `feature`, `target` and `subject` for losses only.
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(severity, forKey: .severity)
            try c.encode(id, forKey: .id)
            try c.encode(message, forKey: .message)
            try c.encode(file, forKey: .file)
            try c.encode(line, forKey: .line)
            try c.encode(column, forKey: .column)
            try c.encode(path, forKey: .path)
            if feature != nil || target != nil {
                try c.encode(feature, forKey: .feature)
                try c.encode(target, forKey: .target)
                try c.encode(subject, forKey: .subject)
            }
        }
    }

    /// One input of the run.
    public struct Input: Encodable, Sendable, Equatable {
        /// The input as diagnostics name it.
        public var path: String
        /// The format it was read as (`--from`, or detected); `null` when it could not be told.
        public var format: String?
        /// Where its output went: a path, `-` for standard output, `null` when nothing is written (lint).
        public var output: String?
        /// `ok`, or `failed` (did not convert; for lint: has an error finding).
        public var status: String
        /// The exit status this input alone would give (0, 1, 66, 73, …).
        public var exitStatus: Int32
        /// Its findings counted by severity, losses and accepted losses.
        public var counts: FindingCounts
        /// Its findings, in the order found.
        public var diagnostics: [Entry]
        /// The accepted losses (`accept-losses`): counted, not printed.
        public var accepted: [Entry]

        enum CodingKeys: String, CodingKey { case path, format, output, status, exitStatus, counts, diagnostics, accepted }

        /// Every key always, `null` for what is unknown (synthesised coding would leave them out).
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(path, forKey: .path)
            try c.encode(format, forKey: .format)
            try c.encode(output, forKey: .output)
            try c.encode(status, forKey: .status)
            try c.encode(exitStatus, forKey: .exitStatus)
            try c.encode(counts, forKey: .counts)
            try c.encode(diagnostics, forKey: .diagnostics)
            try c.encode(accepted, forKey: .accepted)
        }
    }

    /// `convert` or `lint`.
    public var command: String
    /// `--to` (convert) or `--target` (lint).
    public var target: String?
    /// The inputs, in the order they were added.
    public private(set) var inputs: [Input] = []
    /// Findings of the run rather than of one input (links not followed, the configuration file).
    public private(set) var diagnostics: [Entry] = []

    /// An empty report of `command` (`convert`, `lint`) writing or checking `target`.
    public init(command: String, target: FormatID?) {
        self.command = command
        self.target = target?.rawValue
    }

    /// Adds a finding of the run itself.
    public mutating func add(_ diagnostics: [Diagnostic], file: String?) {
        self.diagnostics += diagnostics.map { Entry($0, file: file) }
    }

    /// Adds one converted input.
    public mutating func add(_ outcome: FileOutcome) {
        let output: String?
        switch outcome.destination {
        case .standardOutput: output = "-"
        case .file(let p): output = p
        }
        add(path: outcome.input, format: outcome.format, output: output, status: outcome.status,
            diagnostics: outcome.diagnostics, accepted: outcome.accepted)
    }

    /// Adds one input.
    public mutating func add(path: String, format: FormatID?, output: String?, status: ExitStatus,
                             diagnostics: [Diagnostic], accepted: [Diagnostic] = []) {
        inputs.append(Input(path: path, format: format?.rawValue, output: output,
                            status: status == .success ? "ok" : "failed", exitStatus: status.rawValue,
                            counts: FindingCounts(diagnostics, accepted: accepted.count),
                            diagnostics: diagnostics.map { Entry($0, file: path) },
                            accepted: accepted.map { Entry($0, file: path) }))
    }

    private struct Document: Encodable {
        var version: Int
        var formconv: String
        var command: String
        var target: String?
        var exitStatus: Int32
        var summary: Summary
        var failedInputs: [String]
        var losses: [IDCount]
        var threshold: Threshold
        var diagnostics: [Entry]
        var inputs: [Input]

        enum CodingKeys: String, CodingKey {
            case version = "formconv-report", formconv = "formconvVersion", command, target, exitStatus, summary,
                 failedInputs, losses, threshold, diagnostics, inputs
        }

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(version, forKey: .version)
            try c.encode(formconv, forKey: .formconv)
            try c.encode(command, forKey: .command)
            try c.encode(target, forKey: .target)
            try c.encode(exitStatus, forKey: .exitStatus)
            try c.encode(summary, forKey: .summary)
            try c.encode(failedInputs, forKey: .failedInputs)
            try c.encode(losses, forKey: .losses)
            try c.encode(threshold, forKey: .threshold)
            try c.encode(diagnostics, forKey: .diagnostics)
            try c.encode(inputs, forKey: .inputs)
        }
    }
    private struct Summary: Encodable {
        var inputs: Int
        var ok: Int
        var failed: Int
        var counts: FindingCounts
    }
    private struct Threshold: Encodable {
        /// `--fail-on error`, `--fail-on warning`, `--fail-on loss` or `--strict`.
        var policy: String
        /// The warnings and losses by id that failed the run because of the threshold.
        var trippedBy: [IDCount]
    }

    /// The document, pretty-printed with a final newline, for a run that ended with `result` under
    /// `policy` and `status`.
    public func encoded(_ result: RunResult, policy: FailurePolicy, status: ExitStatus) -> [UInt8] {
        let document = Document(
            version: Self.version, formconv: FormConvVersion.current, command: command, target: target,
            exitStatus: status.rawValue,
            summary: Summary(inputs: result.files.count, ok: result.converted, failed: result.failed, counts: result.counts),
            failedInputs: result.failedInputs.map(\.input), losses: result.lossesByID,
            threshold: Threshold(policy: policy.spelling, trippedBy: result.tripped(by: policy)),
            diagnostics: diagnostics, inputs: inputs)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var bytes = Array((try? encoder.encode(document)) ?? Data("{}".utf8))
        bytes.append(0x0A)
        return bytes
    }

    /// Writes the document atomically to `path`.
    public func write(to path: String, _ result: RunResult, policy: FailurePolicy, status: ExitStatus) -> Result<Void, OutputProblem> {
        AtomicWriter.write(encoded(result, policy: policy, status: status), to: path)
    }
}
