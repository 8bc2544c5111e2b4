import Foundation
import FormIR

/// A lint baseline (`--write-baseline FILE`, `--baseline FILE`): the findings a repository had when it
/// adopted lint, so that only new ones fail the run. Findings are matched by file, rule and message —
/// not by line, so that an edit above a finding does not bring it back — and counted: a third
/// `duplicate-name` with the same message in a file where the baseline has two is new.
///
/// ```json
/// { "formconv-baseline": 1,
///   "findings": [ { "file": "forms/a.xml", "rule": "empty-options", "message": "…", "count": 1 } ] }
/// ```
public struct LintBaseline: Sendable, Equatable {
    /// The document's version.
    public static let version = 1

    struct Key: Hashable, Comparable {
        var file: String
        var rule: String
        var message: String

        static func < (a: Key, b: Key) -> Bool { (a.file, a.rule, a.message) < (b.file, b.rule, b.message) }
    }

    private(set) var counts: [Key: Int] = [:]

    /// The baseline of `results`: every finding they hold.
    public init(_ results: [LintFileResult]) {
        for r in results { for d in r.findings { counts[Self.key(d, file: r.file), default: 0] += 1 } }
    }

    /// A finding of the file linted as `file` (the name lint gives it, not where the finding points).
    private static func key(_ d: Diagnostic, file: String) -> Key {
        Key(file: Self.normalised(file), rule: d.id, message: d.message)
    }

    /// `./forms/a.xml` and `forms/a.xml` are the same file.
    private static func normalised(_ path: String) -> String { path.hasPrefix("./") ? String(path.dropFirst(2)) : path }

    /// How many findings the baseline holds.
    public var total: Int { counts.values.reduce(0, +) }

    /// `results` without the findings the baseline records, and how many were dropped.
    public func filter(_ results: [LintFileResult]) -> (results: [LintFileResult], baselined: Int) {
        var left = counts
        var dropped = 0
        let kept = results.map { r -> LintFileResult in
            var r = r
            r.findings = r.findings.filter { d in
                let k = Self.key(d, file: r.file)
                guard let n = left[k], n > 0 else { return true }
                left[k] = n - 1
                dropped += 1
                return false
            }
            return r
        }
        return (kept, dropped)
    }

    private struct Document: Codable {
        struct Finding: Codable {
            var file: String
            var rule: String
            var message: String
            var count: Int
        }
        var version: Int
        var findings: [Finding]
        enum CodingKeys: String, CodingKey { case version = "formconv-baseline", findings }
    }

    /// The baseline as JSON, sorted by file, rule and message so that it diffs well.
    public func encoded() -> [UInt8] {
        let findings = counts.keys.sorted().map { k in
            Document.Finding(file: k.file, rule: k.rule, message: k.message, count: counts[k]!)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var bytes = Array((try? encoder.encode(Document(version: Self.version, findings: findings))) ?? Data())
        bytes.append(0x0A)
        return bytes
    }

    /// Reads a baseline written by `encoded()`; `nil` when `bytes` is not one (or a later version).
    public init?(bytes: [UInt8]) {
        guard let doc = try? JSONDecoder().decode(Document.self, from: Data(bytes)), doc.version == Self.version else { return nil }
        for f in doc.findings where f.count > 0 {
            counts[Key(file: Self.normalised(f.file), rule: f.rule, message: f.message), default: 0] += f.count
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
