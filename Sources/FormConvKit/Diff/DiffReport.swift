import Foundation
import FormIR

/// Output formats of `formconv diff`.
public enum DiffOutputFormat: String, CaseIterable, Sendable {
    case text, json, markdown, sarif, github
}

/// Renders comparisons as text, JSON (docs/diff-v1.schema.json), Markdown, SARIF or GitHub annotations.
public enum DiffReport {
    /// Every change of every comparison in `format`; text is colored when `color` is set.
    public static func render(_ results: [DiffResult], as format: DiffOutputFormat, color: Bool = false) -> String {
        switch format {
        case .text: return text(results, color: color)
        case .json: return json(results)
        case .markdown: return markdown(results)
        case .sarif: return sarif(results)
        case .github: return results.flatMap(\.changes).map { LintReport.github(diagnostic($0)) + "\n" }.joined()
        }
    }

    /// `2 breaking, 1 warning, 3 info changes between a.xml and b.json`, or `No changes between …`.
    public static func summary(_ results: [DiffResult]) -> String {
        let pair = results.count == 1 ? "between \(results[0].oldName) and \(results[0].newName)" : "in \(results.count) forms"
        let changes = results.flatMap(\.changes)
        if changes.isEmpty { return "No changes \(pair)" }
        let counts = DiffLevel.allCases.reversed().map { l in "\(changes.filter { $0.level == l }.count) \(l.rawValue)" }
        return "\(counts.joined(separator: ", ")) change\(changes.count == 1 ? "" : "s") \(pair)"
    }

    /// The change as a diagnostic placed in NEW (else OLD): breaking as error, warning, info as note.
    static func diagnostic(_ c: FormChange) -> Diagnostic {
        let severity: Severity = switch c.level { case .breaking: .error; case .warning: .warning; case .info: .note }
        return Diagnostic(severity, id: "diff." + c.id, c.message, at: c.newLocation ?? c.oldLocation)
    }

    /// Grouped by level, most serious first; each line `NEW:line:col: level: message [id]`, with
    /// OLD's position after it.
    static func text(_ results: [DiffResult], color: Bool) -> String {
        var out = ""
        for level in DiffLevel.allCases.reversed() {
            let changes = results.flatMap { r in r.changes.filter { $0.level == level } }
            guard !changes.isEmpty else { continue }
            let title = "\(level.rawValue.prefix(1).uppercased())\(level.rawValue.dropFirst()) (\(changes.count)):"
            out += (color ? DiagnosticPrinter.paint(title, "1") : title) + "\n"
            for c in changes {
                let place = (c.newLocation ?? c.oldLocation).map { "\($0): " } ?? ""
                let was = c.oldLocation.map { c.newLocation == nil ? "" : " (OLD \($0))" } ?? ""
                out += "  \(place)\(level.rawValue): \(c.message) [\(c.id)]\(was)\n"
            }
        }
        return out
    }

    private struct JSONLocation: Encodable {
        var file: String
        var line: Int
        var column: Int
        init?(_ l: SourceLocation?) {
            guard let l else { return nil }
            file = l.file; line = l.line; column = l.column
        }
    }
    private struct JSONChange: Encodable {
        var id: String
        var level: String
        var field: String
        var old: String?
        var new: String?
        var message: String
        var old_location: JSONLocation?
        var new_location: JSONLocation?
        func encode(to encoder: Encoder) throws {
            // Every key present, null when unknown: consumers need not test for absence.
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(level, forKey: .level)
            try c.encode(field, forKey: .field)
            try c.encode(old, forKey: .old)
            try c.encode(new, forKey: .new)
            try c.encode(message, forKey: .message)
            try c.encode(old_location, forKey: .old_location)
            try c.encode(new_location, forKey: .new_location)
        }
        enum CodingKeys: String, CodingKey { case id, level, field, old, new, message, old_location, new_location }
    }
    private struct JSONComparison: Encodable { var old: String; var new: String }
    private struct JSONSummary: Encodable {
        var breaking: Int
        var warning: Int
        var info: Int
        var total: Int
    }
    private struct JSONDocument: Encodable {
        var version = 1
        var comparisons: [JSONComparison]
        var changes: [JSONChange]
        var summary: JSONSummary
    }

    static func json(_ results: [DiffResult]) -> String {
        let changes = results.flatMap(\.changes)
        let doc = JSONDocument(
            comparisons: results.map { JSONComparison(old: $0.oldName, new: $0.newName) },
            changes: changes.map {
                JSONChange(id: $0.id, level: $0.level.rawValue, field: $0.field, old: $0.old, new: $0.new, message: $0.message,
                           old_location: JSONLocation($0.oldLocation), new_location: JSONLocation($0.newLocation))
            },
            summary: JSONSummary(breaking: changes.filter { $0.level == .breaking }.count,
                                 warning: changes.filter { $0.level == .warning }.count,
                                 info: changes.filter { $0.level == .info }.count, total: changes.count))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(doc)) ?? Data("{}".utf8), as: UTF8.self) + "\n"
    }

    /// A heading per comparison, the counts, and a table of the changes, most serious first.
    static func markdown(_ results: [DiffResult]) -> String {
        var out = ""
        for r in results {
            out += "### formconv diff: `\(r.oldName)` → `\(r.newName)`\n\n"
            if r.changes.isEmpty { out += "No changes.\n\n"; continue }
            out += DiffLevel.allCases.reversed().map { "**\(r.count($0))** \($0.rawValue)" }.joined(separator: ", ") + "\n\n"
            out += "| Level | Change | Field | Old | New | What changed | Where (NEW) |\n|---|---|---|---|---|---|---|\n"
            for level in DiffLevel.allCases.reversed() {
                for c in r.changes where c.level == level {
                    let cells = [level.rawValue, "`\(c.id)`", "`\(cell(c.field))`", cell(c.old ?? ""), cell(c.new ?? ""),
                                 cell(c.message), cell(c.newLocation?.description ?? c.oldLocation.map { "OLD \($0)" } ?? "")]
                    out += "| " + cells.joined(separator: " | ") + " |\n"
                }
            }
            out += "\n"
        }
        return out
    }

    /// A table cell: pipes escaped, line breaks as spaces, backticks kept out of code spans.
    static func cell(_ s: String) -> String {
        s.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
            .replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "`", with: "'")
    }

    /// SARIF 2.1.0 in the shape lint writes (`SARIF`), one rule per change id, results placed in NEW.
    static func sarif(_ results: [DiffResult]) -> String {
        let kinds = DiffChangeKinds.all
        let index = Dictionary(uniqueKeysWithValues: kinds.enumerated().map { ("diff." + $1.id, $0) })
        let rules = kinds.map { k in
            SARIF.Rule(id: "diff." + k.id, name: SARIF.camelCase(k.id.replacingOccurrences(of: ".", with: "-")),
                       shortDescription: SARIF.Text(text: k.summary), fullDescription: SARIF.Text(text: k.summary),
                       defaultConfiguration: SARIF.Configuration(level: SARIF.level(diagnostic(FormChange(k.id, k.level, field: "", message: "")).severity)),
                       help: SARIF.Help(text: k.summary, markdown: "`\(k.id)` (\(k.level.rawValue)): \(k.summary) See docs/diff.md."))
        }
        var out: [SARIF.Result] = []
        for c in results.flatMap(\.changes) {
            let d = diagnostic(c)
            let physical = SARIF.PhysicalLocation(
                artifactLocation: SARIF.ArtifactLocation(uri: SARIF.uri(d.location?.file ?? "")),
                region: d.location.map { SARIF.Region(startLine: max(1, $0.line), startColumn: max(1, $0.column)) })
            out.append(SARIF.Result(ruleId: d.id, ruleIndex: index[d.id] ?? 0, level: SARIF.level(d.severity),
                                    message: SARIF.Text(text: d.message), locations: [SARIF.Location(physicalLocation: physical)],
                                    partialFingerprints: ["formconv/diff": "\(c.id)/\(c.field)"]))
        }
        let log = SARIF.Log(runs: [SARIF.Run(tool: SARIF.Tool(driver: SARIF.Driver(rules: rules)), results: out)])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(log)) ?? Data(), as: UTF8.self) + "\n"
    }
}
