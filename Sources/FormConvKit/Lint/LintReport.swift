import Foundation
import FormIR

/// Output formats of `formconv lint`.
public enum LintOutputFormat: String, CaseIterable, Sendable {
    case text, json, sarif, github
}

/// Totals of a lint run, for the summary line and the exit code.
public struct LintSummary: Sendable {
    /// Files linted.
    public var files: Int
    /// Findings of each severity, after configuration, suppressions and the baseline.
    public var errors: Int
    /// Warnings left after configuration, suppressions and the baseline.
    public var warnings: Int
    /// Notes left after configuration, suppressions and the baseline.
    public var notes: Int
    /// Wall time of the run.
    public var seconds: Double
    /// Findings left out because the baseline (`--baseline`) records them.
    public var baselined = 0
    /// Files the walks met and did not lint because they are not forms, and links to directories.
    public var passedOver: [PassedOver]

    /// Totals of `results`.
    public init(results: [LintFileResult], seconds: Double, passedOver: [PassedOver] = []) {
        files = results.count
        self.passedOver = passedOver
        var counts = [Severity: Int]()
        for r in results { for d in r.findings { counts[d.severity, default: 0] += 1 } }
        errors = counts[.error] ?? 0
        warnings = counts[.warning] ?? 0
        notes = counts[.note] ?? 0
        self.seconds = seconds
    }

    /// `Linted 12 files (passed over: 2 not forms): 1 error, 3 warnings, 0 notes in 0.42s`.
    public var line: String {
        func n(_ c: Int, _ w: String) -> String { "\(c) \(w)\(c == 1 ? "" : "s")" }
        return "Linted \(n(files, "file"))\(passedOverCounts): \(n(errors, "error")), \(n(warnings, "warning")), \(n(notes, "note"))"
            + (baselined > 0 ? " (\(baselined) more in the baseline)" : "") + " in " + String(format: "%.2fs", seconds)
    }

    /// ` (passed over: 2 not forms, 1 link to a directory)`, or nothing when nothing was passed over.
    private var passedOverCounts: String {
        let notForms = passedOver.filter { $0.reason == .notAForm }.count
        let links = passedOver.count - notForms
        var parts: [String] = []
        if notForms > 0 { parts.append(notForms == 1 ? "1 not a form" : "\(notForms) not forms") }
        if links > 0 { parts.append(links == 1 ? "1 link to a directory" : "\(links) links to directories") }
        return parts.isEmpty ? "" : " (passed over: \(parts.joined(separator: ", ")))"
    }
}

/// Renders lint findings as text, JSON, SARIF or GitHub workflow commands.
public enum LintReport {
    /// Renders every finding in `format` (`text` as `DiagnosticPrinter` prints diagnostics, colored with `color`).
    public static func render(_ results: [LintFileResult], as format: LintOutputFormat, color: Bool = false) -> String {
        switch format {
        case .text: return lines(results) { DiagnosticPrinter(color: color).line(for: $0) }
        case .github: return lines(results, github)
        case .json: return json(results.flatMap(\.findings))
        case .sarif: return SARIF.render(results)
        }
    }

    /// One line per finding, appended to one string (no array of lines to join).
    private static func lines(_ results: [LintFileResult], _ line: (Diagnostic) -> String) -> String {
        var out = ""
        for r in results {
            for d in r.findings {
                out += line(d)
                out += "\n"
            }
        }
        return out
    }

    /// A GitHub Actions workflow command: `::error file=…,line=…,col=…,title=…::message`.
    public static func github(_ d: Diagnostic) -> String {
        let command: String
        switch d.severity { case .error: command = "error"; case .warning: command = "warning"; case .note: command = "notice" }
        var props: [String] = []
        if let l = d.location {
            props += ["file=\(escapeProperty(l.file))", "line=\(l.line)", "col=\(l.column)"]
        }
        props.append("title=\(escapeProperty("formconv " + d.id))")
        return "::\(command) \(props.joined(separator: ","))::\(escapeData(d.message))"
    }

    static func escapeData(_ s: String) -> String {
        s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }
    static func escapeProperty(_ s: String) -> String {
        escapeData(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    private struct JSONFinding: Encodable {
        var file: String?
        var line: Int?
        var column: Int?
        var severity: String
        var rule: String
        var message: String
        var path: String?
        var feature: String?
        var target: String?
    }

    static func json(_ findings: [Diagnostic]) -> String {
        let items = findings.map {
            JSONFinding(file: $0.location?.file, line: $0.location?.line, column: $0.location?.column,
                        severity: $0.severity.rawValue, rule: $0.id, message: $0.message, path: $0.path,
                        feature: $0.loss?.feature, target: $0.loss?.target)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(items)) ?? Data("[]".utf8), as: UTF8.self) + "\n"
    }
}
