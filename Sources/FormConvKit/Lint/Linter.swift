import Foundation
import FormIR

/// What one lint run is asked to do.
public struct LintOptions: Sendable {
    /// Rule severities, exclusions and accepted losses from `.formconv.yml`.
    public var config: LintConfig
    /// Also report what a conversion to this format would lose (`conversion-loss`).
    public var target: FormatID?
    /// The largest input read, in bytes; a larger file gets a `parse-error` finding.
    public var maxInputSize: Int
    /// Options for a run with `config`, an optional conversion `target` and an input size limit.
    public init(config: LintConfig = LintConfig(), target: FormatID? = nil, maxInputSize: Int = 64 << 20) {
        self.config = config
        self.target = target
        self.maxInputSize = maxInputSize
    }
}

/// The findings of one file. Every finding is a `Diagnostic` whose id is a lint rule id.
public struct LintFileResult: Sendable {
    /// The file's path, as given or found by the walk.
    public var file: String
    /// The format it was read as, or `nil` when none was detected.
    public var format: FormatID?
    /// The findings, in file order.
    public var findings: [Diagnostic]
    /// Whether the file could not be read at all (missing, no permission, a FIFO): the run exits 66.
    public var unreadable = false
    /// What the form calls itself (its `name`/`id`, else its title: MM XML `formPrefix`), kept by moves
    /// and conversions; baselines and SARIF fingerprints key findings by it. `nil` when it has neither.
    public var formIdentity: String? = nil
}

/// Runs the rules over files: reader diagnostics mapped to rules, IR checks, `--target` losses,
/// then configuration and suppression comments.
public enum Linter {
    /// Lints one document already in memory.
    public static func lint(_ input: InputDocument, format: FormatID, options: LintOptions) -> LintFileResult {
        var readerDiagnostics = Diagnostics()
        let form = Converter.read(input, as: format, diagnostics: &readerDiagnostics)
        var raw: [Diagnostic] = []
        var readerRules = Set<String>()
        var renamedDuplicates = Set<String>()
        for d in readerDiagnostics.items {
            let rule = LintRules.readerRule(d)
            readerRules.insert(rule.id)
            if rule.id == "duplicate-name", let path = d.path { renamedDuplicates.insert(path) }
            let message = rule.id == "format-warning" ? "\(d.message) (\(d.id))" : d.message
            raw.append(Diagnostic(rule.severity, id: rule.id, message,
                                  at: d.location ?? SourceLocation(file: input.name, line: 1, column: 1), path: d.path))
        }
        var suppressions = Suppressions(bytes: input.bytes)
        if let form {
            // A rule turned off in the config or silenced in the whole file does not run: nothing it
            // would find is reported.
            let silenced = suppressions
            let runs = { (id: String) in
                options.config.severity(ofRule: id, default: .note) != nil && !silenced.silencesWholeFile(id)
            }
            let subject = LintSubject(form: form, file: input.name, format: format, readerRules: readerRules,
                                      renamedDuplicates: renamedDuplicates, translations: options.config.translations,
                                      runs: runs)
            for rule in LintRules.checks where runs(rule.id) {
                for f in rule.check(subject) {
                    raw.append(Diagnostic(rule.severity, id: rule.id, f.message,
                                          at: f.location ?? SourceLocation(file: input.name, line: 1, column: 1), path: f.path))
                }
            }
            if let target = options.target, let emitter = FormatRegistry.emitter(for: target) {
                var emitted = Diagnostics()
                _ = try? emitter.emit(form, options: EmitOptions(sourceName: input.name), diagnostics: &emitted)
                for d in emitted.items where d.loss != nil || d.severity == .error {
                    let message = d.message.hasPrefix(target.rawValue) ? d.message : "\(target): \(d.message)"
                    raw.append(Diagnostic(.warning, id: "conversion-loss", "\(message) (\(d.id))",
                                          at: d.location ?? SourceLocation(file: input.name, line: 1, column: 1),
                                          path: d.path, loss: d.loss))
                }
            }
        }
        var findings: [Diagnostic] = []
        for var d in raw {
            guard let defaultSeverity = LintRules.defaultSeverities[d.id],
                  let severity = options.config.severity(ofRule: d.id, default: defaultSeverity) else { continue }
            if suppressions.suppresses(d) { continue }
            d.severity = severity
            findings.append(d)
        }
        if let rule = LintRules.rule("unused-suppression"), let severity = options.config.severity(of: rule) {
            for var d in suppressions.unused(file: input.name) { d.severity = severity; findings.append(d) }
        }
        findings = sortedWithoutRepeats(findings)
        let identity = form.flatMap { f in (f.id ?? f.title?.defaultText).flatMap { $0.isEmpty ? nil : $0 } }
        return LintFileResult(file: input.name, format: format, findings: findings, formIdentity: identity)
    }

    /// Lints files from disk in parallel on all cores; results come back in `files` order, and
    /// `progress` hears how many are back after each.
    public static func lint(files: [LintTarget], options: LintOptions,
                            progress: (@Sendable (Int, Int) -> Void)? = nil) -> [LintFileResult] {
        var results: [LintFileResult] = []
        results.reserveCapacity(files.count)
        ParallelInOrder.run(count: files.count, { lintFile(files[$0], options: options) }) { i, result in
            results.append(result)
            progress?(i + 1, files.count)
        }
        return results
    }

    static func lintFile(_ target: LintTarget, options: LintOptions) -> LintFileResult {
        let fail = { (id: String, message: String) in
            LintFileResult(file: target.displayName, format: target.format, findings: [
                Diagnostic(.error, id: "parse-error", message, at: SourceLocation(file: target.displayName, line: 1, column: 1)),
            ])
        }
        let unreadable = { (message: String) in
            var result = fail("parse-error", message)
            result.unreadable = true
            return result
        }
        if let problem = target.problem { return unreadable(problem) }
        let bytes: [UInt8]
        if let kept = target.contents, kept.count <= options.maxInputSize {
            bytes = kept
        } else {
            // Bounded before and while reading, as convert reads: a file over the limit is not read.
            switch InputLoader.readFile(target.path, limit: options.maxInputSize) {
            case .success(let read): bytes = read
            case .failure(let problem) where problem.exitStatus == .noInput: return unreadable(problem.message(target.displayName))
            case .failure(let problem): return fail("parse-error", problem.message(target.displayName))
            }
        }
        let input = InputDocument(name: target.displayName, bytes: bytes)
        guard let format = target.format ?? FormatDetector.detect(name: target.path, bytes: input.bytes) else {
            return fail("parse-error", "cannot tell which form format \(target.displayName) is in")
        }
        return lint(input, format: format, options: options)
    }

    /// The findings in position order (by line and column, the file's order kept among those at one
    /// place), without those repeating an earlier one's rule, position and message. Sorted first, a
    /// repeat can only be among the findings at its own place: only those are compared, and most
    /// places have one finding.
    private static func sortedWithoutRepeats(_ ds: [Diagnostic]) -> [Diagnostic] {
        func place(_ i: Int) -> (Int, Int) { (ds[i].location?.line ?? 0, ds[i].location?.column ?? 0) }
        let order = ds.indices.sorted { (place($0).0, place($0).1, $0) < (place($1).0, place($1).1, $1) }
        struct Key: Hashable {
            var id: String
            var message: String
        }
        var out: [Diagnostic] = []
        out.reserveCapacity(ds.count)
        var seen = Set<Key>()
        var start = 0
        while start < order.count {
            var end = start + 1
            while end < order.count && place(order[end]) == place(order[start]) { end += 1 }
            if end - start == 1 {
                out.append(ds[order[start]])
            } else {
                seen.removeAll(keepingCapacity: true)
                for k in start..<end where seen.insert(Key(id: ds[order[k]].id, message: ds[order[k]].message)).inserted {
                    out.append(ds[order[k]])
                }
            }
            start = end
        }
        return out
    }
}
