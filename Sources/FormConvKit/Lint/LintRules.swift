import FormIR

/// The catalogue of lint rules. Ids are stable: they appear in configs and suppression comments.
public enum LintRules {
    /// Every rule, grouped by what it checks; docs/rules/ has a page for each.
    public static let all: [LintRule] = structure + values + visibility + requirements + submission + texts + meta

    /// The rule with this id, or `nil` for an unknown one.
    public static func rule(_ id: String) -> LintRule? { byID[id] }

    /// The rules with an IR check, in `all` order, reduced to what linting a file needs: copying whole
    /// rules (documentation and examples included) for every file showed in profiles.
    static let checks: [(id: String, severity: Severity, check: @Sendable (LintSubject) -> [LintFinding])] =
        all.compactMap { rule in rule.check.map { (rule.id, rule.defaultSeverity, $0) } }
    static let byID: [String: LintRule] = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })
    /// Each rule's default severity by id: what a finding's rule is looked up for, without a copy of the rule.
    static let defaultSeverities: [String: Severity] = byID.mapValues(\.defaultSeverity)

    /// The rule that reports a reader diagnostic: an exact id match first, then the part after the
    /// namespace; unmatched errors are parse errors, anything else is a `format-warning`.
    public static func rule(forReaderDiagnostic d: Diagnostic) -> LintRule { byID[readerRule(d).id]! }

    /// The id and default severity of the rule that reports a reader diagnostic (`rule(forReaderDiagnostic:)`),
    /// all linting a file needs of it: the namespace is split off in place and the rule's documentation
    /// is not copied.
    static func readerRule(_ d: Diagnostic) -> (id: String, severity: Severity) {
        if let r = exactReaderIDs[d.id] { return r }
        let suffix = d.id.split(separator: ".", maxSplits: 1).dropFirst().first ?? d.id[...]
        if let r = suffixReaderIDs[suffix] { return r }
        return d.severity == .error ? ("parse-error", byID["parse-error"]!.defaultSeverity)
            : ("format-warning", byID["format-warning"]!.defaultSeverity)
    }

    private static let exactReaderIDs: [String: (id: String, severity: Severity)] = [
        "yaml.unknown-tag": "parse-error", "yaml.duplicate-key": "parse-error", "json.duplicate-key": "parse-error",
    ].mapValues { ($0, byID[$0]!.defaultSeverity) }
    private static let suffixReaderIDs: [Substring: (id: String, severity: Severity)] = {
        var m: [Substring: (id: String, severity: Severity)] = [:]
        for r in all { for id in r.readerIDs { m[id[...]] = (r.id, r.defaultSeverity) } }
        return m
    }()

    /// A tiny MM XML form around `items` (inside one group), for rule examples.
    static func mm(_ items: String, relationships: String = "") -> String {
        var s = """
        <?xml version="1.0" encoding="UTF-8"?>
        <form>
          <page name="main">
            <group name="details">

        """
        s += items.split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 }.joined(separator: "\n")
        s += "\n    </group>\n  </page>\n"
        if !relationships.isEmpty {
            s += "  <relationships>\n"
            s += relationships.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
            s += "\n  </relationships>\n"
        }
        return s + "</form>\n"
    }
}
