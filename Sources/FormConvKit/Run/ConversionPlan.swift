import Foundation
import FormIR

/// Where one conversion's output goes.
public enum Destination: Sendable, Equatable, CustomStringConvertible {
    case standardOutput
    case file(String)

    /// `-` for standard output, else the path.
    public var description: String {
        switch self {
        case .standardOutput: "<stdout>"
        case .file(let p): p
        }
    }
}

/// One input to convert and where its output goes.
public struct ConversionJob: Sendable, Equatable {
    /// A path, or `-` for standard input.
    public var input: String
    /// Where the output goes.
    public var destination: Destination
    /// Set when another job already writes to the same destination (and no other name was free).
    public var collidesWith: String?
    /// Set when the usual output name was taken by this input: the input that has it.
    public var renamedBecause: String?
    /// Set when the destination is an existing file that is also an input of the run (this one, or
    /// another): the input. formconv never writes over an input.
    public var overwritesInput: String?
    /// Set when a directory walk met the input but could not read it (an unreadable folder, a FIFO):
    /// why. The job fails with `input.unreadable`.
    public var unreadable: String?
}

/// Something a directory walk passed over, said before the run: a link to a directory.
public struct PlanNote: Sendable, Equatable {
    /// The link passed over.
    public var path: String
    /// The note printed for it, with its id.
    public var diagnostic: Diagnostic
}

/// A command line that cannot be carried out as given, with the exit status it calls for.
public struct PlanError: Error, Sendable, Equatable {
    /// The exit status the command ends with (64 for usage, 66 for missing input, …).
    public var status: ExitStatus
    /// What is wrong, printed after `formconv: error:`.
    public var message: String
}

/// Turns the inputs and `-o` of a command line into jobs.
///
/// - One file (or `-`): output to standard output without `-o`; to `-o PATH`; or into `-o DIR/` when
///   `PATH` is an existing directory or ends in `/` (named `<stem>.<target extension>`).
/// - Several inputs, or a directory: `-o` is required and names an output directory. A file given on
///   the command line lands directly in it; a directory's files land at their path relative to that
///   directory, so the output mirrors the input tree. Directories are walked recursively
///   (`DirectoryWalk`), skipping hidden entries, the output directory itself, and files whose extension
///   is not one formconv reads (`.xml`, `.json`, `.yaml`, `.yml`, `.plist`); what the walk cannot read
///   becomes a failing job, and the links to directories it does not follow become notes.
public struct ConversionPlan: Sendable {
    /// One job per input, in the order given (directories walked in path order).
    public var jobs: [ConversionJob]
    /// `true` for several inputs or a directory: a summary line is printed.
    public var isBatch: Bool
    /// What the directory walks passed over, to be said before the run.
    public var notes: [PlanNote] = []

    /// Extensions of the files a directory walk picks up.
    static let inputExtensions: Set<String> = ["xml", "json", "yaml", "yml", "plist"]

    /// The usage errors `make` would throw (exit 64), for a command's argument validation.
    public static func checkUsage(inputs: [String], output: String?) throws(PlanError) {
        guard !inputs.isEmpty else { throw PlanError(status: .usage, message: "no input given") }
        if inputs.contains("-") && inputs.count > 1 {
            throw PlanError(status: .usage, message: "'-' (standard input) cannot be combined with other inputs")
        }
        if output == nil, inputs.count > 1 || inputs.contains(where: isDirectory) {
            throw PlanError(status: .usage, message: "several inputs or a directory need -o DIR (the output directory)")
        }
    }

    /// Plans converting `inputs` (files, directories or `-`) to `target`, writing under `output` (a file, a
    /// directory, or standard output when `nil`); throws when the command line cannot be carried out.
    public static func make(inputs: [String], output: String?, target: FormatID) throws(PlanError) -> ConversionPlan {
        let fm = FileManager.default
        try checkUsage(inputs: inputs, output: output)
        let directories = Set(inputs.filter { isDirectory($0) })
        let isBatch = inputs.count > 1 || !directories.isEmpty
        guard isBatch, let output else {
            var jobs = [ConversionJob(input: inputs[0], destination: singleDestination(inputs[0], output, target))]
            markInputOverwrites(&jobs)
            return ConversionPlan(jobs: jobs, isBatch: false)
        }
        if fm.fileExists(atPath: output) && !isDirectory(output) {
            throw PlanError(status: .cannotCreate, message: "-o \(output) is a file, not a directory")
        }
        let outRoot = URL(fileURLWithPath: output).standardizedFileURL.path
        for input in directories where FileIdentity(input) != nil && FileIdentity(input) == FileIdentity(output) {
            throw PlanError(status: .usage, message: "-o \(output) is the input directory \(input): the outputs would mix with the inputs; choose another output directory")
        }
        var jobs: [ConversionJob] = []
        var notes: [PlanNote] = []
        for input in inputs {
            if directories.contains(input) {
                walkJobs(input, output: output, excluding: outRoot, target: target, into: &jobs, notes: &notes)
            } else {
                let dest = (output as NSString).appendingPathComponent(outputName(input, target))
                jobs.append(ConversionJob(input: input, destination: .file(dest)))
            }
        }
        resolveCollisions(&jobs, target: target)
        markInputOverwrites(&jobs)
        return ConversionPlan(jobs: jobs, isBatch: true, notes: notes)
    }

    /// The files the plan reads (`RunInputs`): a `--report` written over one of them would replace it.
    public var inputs: RunInputs { RunInputs(jobs.lazy.map(\.input)) }

    /// The input of the plan that `path` names (the same file, however spelled), if any.
    public func input(at path: String) -> String? { inputs.input(at: path) }

    /// Sets `overwritesInput` on each job whose destination is an existing file that one of the jobs
    /// reads, however either is spelled (`f.json`, `./f.json`, a link, a hard link): one stat(2) each.
    static func markInputOverwrites(_ jobs: inout [ConversionJob]) {
        let inputs = RunInputs(jobs.lazy.map(\.input))
        guard !inputs.isEmpty else { return }
        for i in jobs.indices {
            guard case .file(let path) = jobs[i].destination, let input = inputs.input(at: path) else { continue }
            jobs[i].overwritesInput = input
        }
    }

    /// Two inputs with the same stem in one directory (`a.xml`, `a.plist`) would write the same file:
    /// the first keeps `<stem>.<ext>`, a later one gets `<its whole file name>.<ext>` (`a.plist.json`).
    /// The same input given twice, or a taken alternative, fails the later job with `collidesWith`.
    static func resolveCollisions(_ jobs: inout [ConversionJob], target: FormatID) {
        func key(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
        var seen: [String: String] = [:]
        for i in jobs.indices where jobs[i].unreadable == nil {
            guard case .file(let d) = jobs[i].destination else { continue }
            guard let first = seen[key(d)] else { seen[key(d)] = jobs[i].input; continue }
            let alternative = ((d as NSString).deletingLastPathComponent as NSString)
                .appendingPathComponent("\((jobs[i].input as NSString).lastPathComponent).\(target.fileExtension)")
            if seen[key(alternative)] == nil, key(first) != key(jobs[i].input) {
                jobs[i].destination = .file(alternative)
                jobs[i].renamedBecause = first
                seen[key(alternative)] = jobs[i].input
            } else {
                jobs[i].collidesWith = first
            }
        }
    }

    static func singleDestination(_ input: String, _ output: String?, _ target: FormatID) -> Destination {
        guard let output, output != "-" else { return .standardOutput }
        if output.hasSuffix("/") || isDirectory(output) {
            let name = input == "-" ? "stdin.\(target.fileExtension)" : outputName(input, target)
            return .file((output as NSString).appendingPathComponent(name))
        }
        return .file(output)
    }

    /// `forms/signup.ir.json` → `signup.json` for target `json`: the input's stem plus the target's
    /// extension. Compound extensions formconv writes (`.ir.json`, …) are removed whole.
    static func outputName(_ input: String, _ target: FormatID) -> String {
        "\(stem(of: (input as NSString).lastPathComponent)).\(target.fileExtension)"
    }

    /// The file name without its (compound) extension.
    public static func stem(of name: String) -> String {
        let lower = name.lowercased()
        let compound = Set(FormatID.allCases.map { "." + $0.fileExtension } + FormatDetector.compoundExtensions.map(\.0))
            .filter { $0.dropFirst().contains(".") }.sorted { $0.count > $1.count }
        for ext in compound where lower.hasSuffix(ext) && lower.count > ext.count {
            return String(name.dropLast(ext.count))
        }
        let s = (name as NSString).deletingPathExtension
        return s.isEmpty ? name : s
    }

    /// Whether `path` names a directory (following symbolic links): one stat(2), `InputLoader.fileKind`.
    static func isDirectory(_ path: String) -> Bool {
        InputLoader.fileKind(path) == .directory
    }
}
