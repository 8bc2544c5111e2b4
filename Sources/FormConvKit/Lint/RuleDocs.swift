import FormIR

/// Generates docs/rules/ from the rule definitions, so the docs cannot drift from the code
/// (a test compares the committed files with this output).
public enum RuleDocs {
    /// File name → Markdown content, including `README.md` (the index).
    public static func files() -> [String: String] {
        var files: [String: String] = [:]
        var index = """
        # Lint rules

        Generated from the rule definitions by `swift run formconv lint --write-rule-docs docs/rules`;
        a test fails when this folder is stale. Severities are the defaults; `.formconv.yml` changes them.

        | rule | severity | finds |
        |---|---|---|

        """
        for rule in LintRules.all {
            index += "| [`\(rule.id)`](\(rule.id).md) | \(rule.defaultSeverity.rawValue) | \(rule.summary) |\n"
            files["\(rule.id).md"] = page(rule)
        }
        index += """

        ## Configuration

        `.formconv.yml` in the directory `formconv lint` runs from (or `--config FILE`):

        ```yaml
        rules:
          missing-translation: off        # error, warning, note or off
          submission-key-collision: error
        exclude:
          - "legacy/**"
        ```

        ## Suppressing findings

        `formconv-disable-next-line RULE[, RULE…] -- reason` silences the rules on the next line that is
        not blank, a comment or another suppression; `formconv-disable-file [RULE…]` silences them in the
        whole file (every rule when none is named). They go wherever the format can hold them:

        ```xml
        <!-- formconv-disable-next-line empty-options -- options are filled in by the server -->
        <item name="city" type="dropDown">
        ```

        ```yaml
        # formconv-disable-file missing-translation -- English only until the launch
        ```

        JSON has no comments: a `"//"` member holds the suppression (it is not reported as an unknown key).

        ```json
        { "//": "formconv-disable-next-line duplicate-name -- the server merges both answers",
          "type": "text", "id": "name", "title": "Name again" }
        ```

        A suppression that matches nothing is reported as `unused-suppression`.

        ## Adopting lint on an existing repository

        `formconv lint --write-baseline lint-baseline.json forms/` records today's findings;
        `formconv lint --baseline lint-baseline.json forms/` then reports and fails on new ones only
        (findings are matched by form, item, rule and message, not by line or file, so reordering,
        reformatting, moving the file or converting it to YAML keeps them known; `--baseline F
        --write-baseline F` prunes what is gone). `formconv lint --explain RULE` prints a rule's page.
        `formconv lint --fix forms/` rewrites the legacy MM XML spellings (`deprecated-spelling`) in place.

        """
        files["README.md"] = index
        return files
    }

    /// The rule's page: what `docs/rules/RULE.md` holds and `formconv lint --explain RULE` prints.
    public static func page(_ rule: LintRule) -> String {
        func block(_ e: LintExample) -> String {
            let lang: String
            switch e.format {
            case .mmxml, .shinobi: lang = "xml"
            case .yaml: lang = "yaml"
            case .rmsform, .xlformPlist: lang = "xml"
            default: lang = "json"
            }
            let target = e.target.map { " --target \($0)" } ?? ""
            return "`\(e.fileName)` (linted with `formconv lint\(target) \(e.fileName)`):\n\n```\(lang)\n\(e.text)```\n"
        }
        return """
        # `\(rule.id)`

        **Default severity:** \(rule.defaultSeverity.rawValue)

        \(rule.summary)

        \(rule.rationale)

        ## Bad

        \(block(rule.bad))
        ## Good

        \(block(rule.good))
        """ + rule.silentOn.map { "\n## Stays silent on\n\n\($0.why)\n\n\(block($0))" }.joined()
    }
}
