import Foundation
import FormIR

/// A lint baseline (`--write-baseline FILE`, `--baseline FILE`): the findings a repository had when it
/// adopted lint, so that only new ones fail the run. Findings are keyed by meaning, not by place
/// (`LintFindingKey`): the form's identity (its name or `formPrefix`, else its path), the item the
/// finding is about, the rule and a hash of the message with positions taken out. So a baseline
/// survives reordering groups, reformatting, moving or renaming the file and converting the form to
/// another format. Keys are counted: a third `duplicate-name` about one item where the baseline has
/// two is new.
///
/// ```json
/// { "formconv-baseline": 2,
///   "findings": [ { "form": "CH01", "subject": "province", "rule": "empty-options", "hash": "9c0d…",
///                   "message": "…", "count": 1 } ] }
/// ```
///
/// Version 1 baselines (file, rule and message) are still read and matched as they were.
public struct LintBaseline: Sendable, Equatable {
    /// The document's version.
    public static let version = 2

    /// A version 1 entry: the file as linted, the rule and the whole message.
    struct LegacyKey: Hashable {
        var file: String
        var rule: String
        var message: String
    }

    private(set) var counts: [LintFindingKey: Int] = [:]
    /// One message per key, for people reading the file (not matched).
    private var messages: [LintFindingKey: String] = [:]
    private var legacy: [LegacyKey: Int] = [:]

    /// The baseline of `results`: every finding they hold.
    public init(_ results: [LintFileResult]) {
        for r in results {
            for d in r.findings {
                let k = LintFindingKey(d, in: r)
                counts[k, default: 0] += 1
                if messages[k] == nil { messages[k] = d.message }
            }
        }
    }

    /// `./forms/a.xml` and `forms/a.xml` are the same file.
    private static func normalised(_ path: String) -> String { path.hasPrefix("./") ? String(path.dropFirst(2)) : path }

    /// How many findings the baseline holds.
    public var total: Int { counts.values.reduce(0, +) + legacy.values.reduce(0, +) }

    /// Whether the baseline was read from a version 1 file (matched by file and message).
    public var isLegacy: Bool { !legacy.isEmpty }

    /// `results` without the findings the baseline records, and how many were dropped.
    public func filter(_ results: [LintFileResult]) -> (results: [LintFileResult], baselined: Int) {
        var left = counts, leftLegacy = legacy
        var dropped = 0
        let kept = results.map { r -> LintFileResult in
            var r = r
            r.findings = r.findings.filter { d in
                let k = LintFindingKey(d, in: r)
                if let n = left[k], n > 0 { left[k] = n - 1; dropped += 1; return false }
                let old = LegacyKey(file: Self.normalised(r.file), rule: d.id, message: d.message)
                if let n = leftLegacy[old], n > 0 { leftLegacy[old] = n - 1; dropped += 1; return false }
                return true
            }
            return r
        }
        return (kept, dropped)
    }

    /// The baseline with only what `results` still have (`--baseline OLD --write-baseline NEW`): entries
    /// whose findings are gone are pruned and counts lowered, and new findings are not added. Legacy
    /// entries are rewritten under the new keys.
    public func pruned(to results: [LintFileResult]) -> LintBaseline {
        let (left, _) = filter(results)
        var kept = LintBaseline([])
        for (r, l) in zip(results, left) {
            var newOnes = l.findings.map { LintFindingKey($0, in: l) }
            for d in r.findings {
                let k = LintFindingKey(d, in: r)
                if let i = newOnes.firstIndex(of: k) { newOnes.remove(at: i); continue }
                kept.counts[k, default: 0] += 1
                if kept.messages[k] == nil { kept.messages[k] = d.message }
            }
        }
        return kept
    }

    private struct Document: Codable {
        struct Finding: Codable {
            var form: String?
            var subject: String?
            var hash: String?
            var file: String?
            var rule: String
            var message: String
            var count: Int
        }
        var version: Int
        var findings: [Finding]
        enum CodingKeys: String, CodingKey { case version = "formconv-baseline", findings }
    }

    /// The baseline as JSON, sorted by form, subject, rule and hash so that it diffs well.
    public func encoded() -> [UInt8] {
        let findings = counts.keys.sorted().map { k in
            Document.Finding(form: k.form, subject: k.subject, hash: k.hash, rule: k.rule, message: messages[k] ?? "", count: counts[k]!)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var bytes = Array((try? encoder.encode(Document(version: Self.version, findings: findings))) ?? Data())
        bytes.append(0x0A)
        return bytes
    }

    /// Reads a baseline written by `encoded()` (or a version 1 one); `nil` when `bytes` is not one.
    public init?(bytes: [UInt8]) {
        guard let doc = try? JSONDecoder().decode(Document.self, from: Data(bytes)), doc.version == 1 || doc.version == Self.version
        else { return nil }
        for f in doc.findings where f.count > 0 {
            if doc.version == 1 {
                guard let file = f.file else { return nil }
                legacy[LegacyKey(file: Self.normalised(file), rule: f.rule, message: f.message), default: 0] += f.count
            } else {
                guard let form = f.form, let hash = f.hash else { return nil }
                let k = LintFindingKey(form: form, subject: f.subject ?? "", rule: f.rule, hash: hash)
                counts[k, default: 0] += f.count
                messages[k] = f.message
            }
        }
    }

    /// Reads the baseline file at `path`, refused unread when over `maxSize` bytes (`BaselineFile`).
    public static func load(_ path: String, maxSize: Int) -> Result<LintBaseline, BaselineFile.Problem> {
        BaselineFile.read(path, maxSize: maxSize).flatMap { bytes in
            LintBaseline(bytes: bytes).map { .success($0) } ?? .failure(.notABaseline)
        }
    }
}

extension RunResult {
    /// The run of lint `results`: a file failed when it has an error finding; `conversion-loss`
    /// findings counted under their loss id (`loss.layout.position`).
    public init(lint results: [LintFileResult]) {
        self.init()
        for r in results {
            let byLossID = r.findings.map { d -> Diagnostic in
                guard let loss = d.loss else { return d }
                var copy = d
                copy.id = "loss.\(loss.feature)"
                return copy
            }
            let failed: ExitStatus = r.unreadable ? .noInput : .failure
            add(input: r.file, status: r.findings.contains { $0.severity == .error } ? failed : .success, diagnostics: byLossID)
        }
    }
}
