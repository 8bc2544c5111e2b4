import Foundation
import FormIR

/// What a conversion run needs besides its jobs.
public struct ConversionSettings: Sendable {
    /// `--from`; detected per input when `nil`.
    public var from: FormatID?
    /// `--to`: the format written.
    public var to: FormatID
    /// Options every emitter reads (locale, source name).
    public var emitOptions: EmitOptions
    /// `--draft` and `--type-name`: the options of the JSON Schema and XLForm code emitters.
    public var formatOptions: FormatRegistry.FormatOptions
    /// `--max-input-size`, in bytes.
    public var maxInputSize: Int
    /// The losses the project accepted (`accept-losses` in `.formconv.yml`).
    public var acceptedLosses: LossAcceptance
    /// `--strict` / `--fail-on`: an input with a finding the policy fails on (accepted losses
    /// excepted) writes nothing, like one with an error.
    public var policy: FailurePolicy

    /// Settings for a run writing `to`.
    public init(from: FormatID? = nil, to: FormatID, emitOptions: EmitOptions = EmitOptions(),
                formatOptions: FormatRegistry.FormatOptions = .init(), maxInputSize: Int = ByteSize.defaultMaxInput,
                acceptedLosses: LossAcceptance = LossAcceptance(), policy: FailurePolicy = FailurePolicy()) {
        self.from = from
        self.to = to
        self.emitOptions = emitOptions
        self.formatOptions = formatOptions
        self.maxInputSize = maxInputSize
        self.acceptedLosses = acceptedLosses
        self.policy = policy
    }

    /// Settings from command-line values: the JSON Schema draft, the generated type name and MM XML's
    /// `keepLegacy`.
    public init(from: FormatID?, to: FormatID, jsonSchemaDraft: String, typeName: String?, keepLegacy: Bool = false,
                maxInputSize: Int, acceptedLosses: LossAcceptance = LossAcceptance(), policy: FailurePolicy = FailurePolicy()) {
        self.init(from: from, to: to,
                  formatOptions: FormatRegistry.FormatOptions(jsonSchemaDraft: jsonSchemaDraft, typeName: typeName,
                                                              keepLegacy: keepLegacy),
                  maxInputSize: maxInputSize, acceptedLosses: acceptedLosses, policy: policy)
    }
}

/// How one input ended.
public struct FileOutcome: Sendable {
    /// The input as diagnostics name it (a path, or `<stdin>`).
    public var input: String
    /// Where its output goes.
    public var destination: Destination
    /// The format the input was read as, when known.
    public var format: FormatID?
    /// `success`, or why not: `failure` (conversion), `noInput`, `cannotCreate`, `internalError`.
    public var status: ExitStatus
    /// Everything found, in order: input problems, reader and emitter diagnostics, losses, output
    /// problems; accepted losses excepted.
    public var diagnostics: [Diagnostic]
    /// The losses the project accepted (`ConversionSettings.acceptedLosses`), in order: not printed.
    public var accepted: [Diagnostic] = []
    /// The output, when its destination is standard output (the caller writes it).
    public var standardOutput: [UInt8]?

    /// How many losses it had (accepted ones excepted).
    public var losses: Int { FindingCounts(diagnostics).losses }
}

/// What a run keeps of an input once its outcome has been handed to `onOutcome`: the status and the
/// counts the exit status and the summary need, not the diagnostics (their ids go to the run's
/// `FindingTally`). A batch's memory then stays that of the inputs in flight however many it converts
/// (8,000 small forms to JSON: 57 MB peak when every outcome's diagnostics were kept, 4.7 KB a form).
public struct FileResult: Sendable, Equatable {
    /// The input as diagnostics name it (a path, or `<stdin>`).
    public var input: String
    /// `success`, or why not.
    public var status: ExitStatus
    /// Its findings counted.
    public var counts: FindingCounts

    /// What a run keeps of `outcome`.
    public init(_ outcome: FileOutcome) {
        self.init(input: outcome.input, status: outcome.status, diagnostics: outcome.diagnostics, accepted: outcome.accepted)
    }

    /// An input that ended with `status` after finding `diagnostics` (and `accepted` losses).
    public init(input: String, status: ExitStatus, diagnostics: [Diagnostic], accepted: [Diagnostic] = []) {
        self.input = input
        self.status = status
        counts = FindingCounts(diagnostics, accepted: accepted.count)
    }
}

/// The end of a run: how each input ended, the findings by id, the summary and the exit status.
public struct RunResult: Sendable {
    /// In the plan's order.
    public private(set) var files: [FileResult] = []
    /// The findings of every input, by id.
    public private(set) var tally = FindingTally()

    /// A run with no input yet.
    public init() {}

    /// The result of `outcomes`.
    public init(outcomes: [FileOutcome]) { for o in outcomes { add(o) } }

    /// Adds one input's outcome.
    public mutating func add(_ outcome: FileOutcome) {
        add(input: outcome.input, status: outcome.status, diagnostics: outcome.diagnostics, accepted: outcome.accepted)
    }

    /// Adds an input that ended with `status` after finding `diagnostics` (and `accepted` losses).
    public mutating func add(input: String, status: ExitStatus, diagnostics: [Diagnostic], accepted: [Diagnostic] = []) {
        files.append(FileResult(input: input, status: status, diagnostics: diagnostics, accepted: accepted))
        tally.add(diagnostics, accepted: accepted)
    }

    /// Inputs that converted (for lint: without an error).
    public var converted: Int { files.filter { $0.status == .success }.count }
    /// Inputs that did not.
    public var failed: Int { files.count - converted }
    /// Losses of the run, accepted ones excepted.
    public var losses: Int { files.reduce(0) { $0 + $1.counts.losses } }
    /// Losses the project accepted (`accept-losses`).
    public var acceptedLosses: Int { files.reduce(0) { $0 + $1.counts.acceptedLosses } }
    /// Every count of the run added up.
    public var counts: FindingCounts { files.reduce(into: FindingCounts()) { $0.add($1.counts) } }

    /// The inputs that did not convert, in the plan's order.
    public var failedInputs: [FileResult] { files.filter { $0.status != .success } }

    /// Losses by id, most frequent first: how many, in how many inputs, and whether accepted.
    public var lossesByID: [IDCount] { tally.grouped { $0.isLoss } }

    /// The warnings and losses by id that make `policy` fail the run (errors fail it anyway).
    public func tripped(by policy: FailurePolicy) -> [IDCount] { tally.grouped(where: policy.trips(on:)) }

    /// `converted N, failed M, losses K` (`, accepted A` when some were accepted): the line batch
    /// runs end with on standard error.
    public var summary: String {
        "converted \(converted), failed \(failed), losses \(losses)" + (acceptedLosses > 0 ? ", accepted \(acceptedLosses)" : "")
    }

    /// The most serious status; `failure` when everything converted but `policy` fails on a finding.
    public func exitStatus(policy: FailurePolicy) -> ExitStatus {
        let status = files.map(\.status).max() ?? .success
        return status == .success && files.contains(where: { policy.fails(on: $0.counts) }) ? .failure : status
    }
}

/// Carries out a `ConversionPlan`: load (size limit, encoding), detect, read, emit into the output (a
/// file written as it is made, through a temporary file put in place at the end).
/// Every job runs even when others fail. An input with any error diagnostic, or with a finding the
/// settings' `FailurePolicy` fails on (`--strict`, `--fail-on`), counts as failed and writes nothing,
/// even when the emitter produced bytes.
public enum ConversionRun {
    /// How many jobs of a batch run at once by default: one per core.
    public static var defaultWorkers: Int { ParallelInOrder.defaultWorkers }

    /// Runs the plan's jobs, up to `workers` at a time, and hands each outcome to `onOutcome` on this
    /// thread, in the plan's order, as soon as it and every one before it are done: what is printed
    /// and written to standard output is the same whatever the number of workers.
    public static func execute(_ plan: ConversionPlan, settings: ConversionSettings, workers: Int = defaultWorkers,
                               onOutcome: (FileOutcome) -> Void = { _ in }) -> RunResult {
        let jobs = plan.jobs
        var result = RunResult()
        ParallelInOrder.run(count: jobs.count, workers: workers, { run(jobs[$0], settings: settings) }) { _, outcome in
            onOutcome(outcome)
            // The output and the diagnostics have been handed over: only the counts stay.
            result.add(outcome)
        }
        return result
    }

    /// Converts one job.
    public static func run(_ job: ConversionJob, settings: ConversionSettings) -> FileOutcome {
        let name = job.input == "-" ? InputLoader.stdinName : job.input
        var outcome = FileOutcome(input: name, destination: job.destination, format: settings.from, status: .failure,
                                  diagnostics: [], standardOutput: nil)
        if let first = job.collidesWith {
            outcome.status = .cannotCreate
            outcome.diagnostics.append(Diagnostic(.error, id: "output.collision",
                "\(job.destination) is already the output of \(first); give each input once, with distinct names"))
            return outcome
        }
        if let why = job.unreadable {
            outcome.status = .noInput
            outcome.diagnostics.append(InputProblem.unreadable(why).diagnostic(name))
            return outcome
        }
        if let input = job.overwritesInput {
            outcome.status = .cannotCreate
            outcome.diagnostics.append(RunInputs.isInput("\(job.destination)", input: input))
            return outcome
        }
        if let first = job.renamedBecause {
            outcome.diagnostics.append(Diagnostic(.note, id: "output.renamed",
                "\(first) has the same stem, so the output is named \(job.destination)"))
        }
        // The input's only copy: `Converter.convert` consumes it and frees its bytes once read.
        let document: InputDocument
        switch InputLoader(maxSize: settings.maxInputSize).load(job.input) {
        case .failure(let problem):
            outcome.status = problem.exitStatus
            outcome.diagnostics.append(problem.diagnostic(name))
            return outcome
        case .success(let loaded):
            outcome.diagnostics += loaded.diagnostics
            document = loaded.document
        }
        guard let from = settings.from ?? FormatDetector.detect(name: name, bytes: document.bytes) else {
            outcome.diagnostics.append(Diagnostic(.error, id: "input.unknown-format", FormatDetector.undetectedMessage(name: name)))
            return outcome
        }
        outcome.format = from
        switch job.destination {
        case .standardOutput:
            // Written by the caller, in the plan's order.
            var bytes: [UInt8] = []
            guard convert(consume document, as: from, settings: settings, into: &bytes, outcome: &outcome) else { return outcome }
            outcome.standardOutput = bytes
        case .file(let path):
            var file = OutputFile(path)
            guard convert(consume document, as: from, settings: settings, into: &file, outcome: &outcome) else {
                file.discard()
                return outcome
            }
            if case .failure(let problem) = file.commit() {
                outcome.status = .cannotCreate
                outcome.diagnostics.append(Diagnostic(.error, id: problem.id, problem.message))
                return outcome
            }
        }
        outcome.status = .success
        return outcome
    }

    /// Converts `document` (read as `from`) into `sink`, its findings added to `outcome`; whether the
    /// output may be kept: it was written whole, with no error and nothing the policy fails on.
    /// Otherwise `outcome`'s status says why not.
    private static func convert<Sink: OutputSink>(_ document: consuming InputDocument, as from: FormatID,
                                                  settings: ConversionSettings, into sink: inout Sink,
                                                  outcome: inout FileOutcome) -> Bool {
        var result = Converter.convert(document, from: from, to: settings.to, options: settings.emitOptions,
                                       formatOptions: settings.formatOptions, into: &sink)
        result.form = nil  // not needed past its conversion: freed before the output is put in place
        let diagnostics = result.diagnostics
        let (kept, accepted) = settings.acceptedLosses.split(diagnostics.items, input: outcome.input)
        // Taken over rather than copied when nothing came before (a large form's list is megabytes).
        if outcome.diagnostics.isEmpty { outcome.diagnostics = kept } else { outcome.diagnostics += kept }
        outcome.accepted = accepted
        guard result.emitted, !diagnostics.hasErrors else {
            outcome.status = diagnostics.items.contains { $0.id.hasPrefix("internal.") } ? .internalError : .failure
            return false
        }
        if settings.policy.fails(on: FindingCounts(outcome.diagnostics)) {
            outcome.status = .failure
            return false
        }
        return true
    }
}
