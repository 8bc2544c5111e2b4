import Foundation
import FormIR
import MMXML
import Readers

/// Runs readers (and then every emitter) on mutated inputs: nothing may crash, hang or blow up.
/// Used by the `formconv-fuzz` tool (deterministic mode and libFuzzer mode) and by the test suite.
public enum FuzzHarness {
    /// The formats fuzzed: every readable one.
    public static let formats: [FormatID] = FormatRegistry.readable

    /// Reads `bytes` as `format`; when it reads, writes the form in every writable format.
    /// Returns the number of diagnostics (to keep the work observable).
    @discardableResult
    public static func exercise(_ bytes: [UInt8], as format: FormatID, emit: Bool = true) -> Int {
        var d = Diagnostics()
        let input = InputDocument(name: "fuzz", bytes: bytes)
        let form = Converter.read(input, as: format, diagnostics: &d)
        // A reader may refuse input (ReadFailure), never fail inside (internal.read): that is a finding.
        if let broken = d.items.first(where: { $0.id.hasPrefix("internal.") }) {
            fatalError("\(format) reader failed internally: \(broken.formatted())")
        }
        guard let form else { return d.items.count }
        if emit {
            for target in FormatRegistry.writable {
                do {
                    _ = try FormatRegistry.emitter(for: target)?.emit(form, options: EmitOptions(), diagnostics: &d)
                } catch is EmitFailure {
                    continue
                } catch {
                    // What reads must write or be refused with an EmitFailure (the CLI's exit 2 otherwise).
                    fatalError("\(target) emitter threw \(error) on a form the \(format) reader accepted")
                }
            }
        }
        return d.items.count
    }

    /// Which inputs a run exercises: by default every readable format.
    public struct Scope: Sendable {
        /// The formats read.
        public var formats: Set<FormatID>
        /// Skip XML input: the MM XML and ShinobiForms readers, and property lists that are not binary.
        public var skipsXML: Bool

        /// A scope over `formats`, without the XML readers when `skipsXML`.
        public init(formats: Set<FormatID> = Set(FuzzHarness.formats), skipsXML: Bool = false) {
            self.formats = skipsXML ? formats.subtracting([.mmxml, .shinobi]) : formats
            self.skipsXML = skipsXML
        }

        /// Whether `bytes` read as `format` is in this scope.
        public func contains(_ bytes: [UInt8], as format: FormatID) -> Bool {
            guard formats.contains(format) else { return false }
            guard skipsXML else { return true }
            switch format {
            case .xlform, .xlformPlist, .rmsform, .rmsformJSON:
                // These readers take anything that is not JSON for a property list, binary or XML.
                return bytes.starts(with: Array("bplist".utf8)) || RMSFormReader.looksLikeJSON(bytes)
            default:
                return true
            }
        }
    }

    /// The files around the forms that formconv also reads: `.formconv.yml` and `--baseline` files.
    public enum WorkflowFile: CaseIterable, Sendable {
        /// A configuration (`LintConfig.parse`); what parses has its patterns matched against paths and ids.
        case config
        /// A baseline (`LintBaseline(bytes:)`); what parses is applied to a lint result.
        case baseline
    }

    /// Parses `bytes` as `file` and uses what parses: nothing may crash or hang (the globs of a
    /// configuration are matched, so a pattern that backtracks shows as a slow input).
    @discardableResult
    public static func exercise(_ bytes: [UInt8], as file: WorkflowFile) -> Int {
        switch file {
        case .config:
            var d = Diagnostics()
            guard let config = try? LintConfig.parse(bytes, name: "fuzz", diagnostics: &d) else { return d.items.count }
            let path = String(repeating: "forms/legacy/", count: 20) + "form.xml"
            let loss = Diagnostic(.warning, id: "loss.layout.size", "fuzz", loss: Loss(feature: "layout.size", target: "json"))
            return (config.excludes(path) ? 1 : 0) + (config.acceptedLosses.accepts(loss, input: path) ? 1 : 0) + d.items.count
        case .baseline:
            guard let baseline = LintBaseline(bytes: bytes) else { return 0 }
            let result = LintFileResult(file: "forms/a.xml", format: .mmxml, findings: [Diagnostic(.error, id: "empty-options", "fuzz")])
            return baseline.filter([result]).baselined + baseline.total
        }
    }

    /// A libFuzzer-style entry: the first byte picks the reader — a format by its index in `formats`,
    /// then the configuration and the baseline (`WorkflowFile`, indexes `formats.count` and one more).
    public static func fuzzOne(_ data: [UInt8], scope: Scope = Scope()) {
        guard let first = data.first else { return }
        let pick = Int(first) % (formats.count + WorkflowFile.allCases.count), input = Array(data.dropFirst())
        guard pick < formats.count else {
            exercise(input, as: WorkflowFile.allCases[pick - formats.count])
            return
        }
        let format = formats[pick]
        guard scope.contains(input, as: format) else { return }
        exercise(input, as: format)
    }

    /// A seed corpus: `(format, bytes)` of every file under `directories` whose format is detected and
    /// that is smaller than `maxSize` bytes.
    public static func corpus(from directories: [String], scope: Scope = Scope(), maxSize: Int = 1 << 20) -> [(FormatID, [UInt8])] {
        var out: [(FormatID, [UInt8])] = []
        let fm = FileManager.default
        for dir in directories {
            guard let walker = fm.enumerator(atPath: dir) else { continue }
            var files: [String] = []
            while let rel = walker.nextObject() as? String { files.append(rel) }
            for rel in files.sorted() {
                let path = "\(dir)/\(rel)"
                var isDir: ObjCBool = false
                guard fm.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue,
                      let data = fm.contents(atPath: path), data.count < maxSize,
                      let format = FormatDetector.detect(name: path, bytes: Array(data)),
                      FormatRegistry.reader(for: format) != nil, scope.formats.contains(format) else { continue }
                out.append((format, Array(data)))
            }
        }
        return out
    }

    /// What a fuzzing run did: how many inputs, the slowest one, and time per format.
    public struct Report: Sendable {
        /// Inputs run.
        public var executions = 0
        /// The longest single run, in seconds.
        public var slowest: Double = 0
        /// The input of the longest run.
        public var slowestInput: [UInt8] = []
        /// The format the longest run read its input as.
        public var slowestFormat: FormatID?
        /// Executions and seconds spent in each reader (and the emitters after it).
        public var byFormat: [FormatID: FormatTime] = [:]
    }

    /// Executions and time spent in one format's reader (and the emitters after it).
    public struct FormatTime: Sendable {
        /// Inputs run through this reader.
        public var executions = 0
        /// Seconds spent on them.
        public var seconds: Double = 0
        /// The largest input run, in bytes.
        public var largest = 0
    }

    /// Deterministic mutation fuzzing for `iterations` or until `deadline`. `before` is called with
    /// each input before it runs (the tool saves it, so a crash leaves its reproducer behind).
    public static func run(corpus: [(FormatID, [UInt8])], seed: UInt64, iterations: Int, deadline: Date? = nil,
                           scope: Scope = Scope(), before: ((FormatID, [UInt8]) -> Void)? = nil) -> Report {
        var report = Report()
        guard !corpus.isEmpty else { return report }
        var m = Mutator(seed: seed)
        for _ in 0..<iterations {
            if let deadline, Date() >= deadline { break }
            let (format, base) = corpus[m.below(corpus.count)]
            let other = corpus[m.below(corpus.count)].1
            let input = m.mutate(base, other: other)
            guard scope.contains(input, as: format) else { continue }
            before?(format, input)
            let started = Date()
            exercise(input, as: format)
            let t = Date().timeIntervalSince(started)
            if t > report.slowest { report.slowest = t; report.slowestInput = input; report.slowestFormat = format }
            report.executions += 1
            report.byFormat[format, default: FormatTime()].executions += 1
            report.byFormat[format, default: FormatTime()].seconds += t
            report.byFormat[format, default: FormatTime()].largest = max(report.byFormat[format]?.largest ?? 0, input.count)
        }
        return report
    }
}
