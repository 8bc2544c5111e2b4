import FormIR

extension LintRules {
    static let meta: [LintRule] = [
        LintRule(
            id: "conversion-loss", severity: .warning,
            summary: "With `--target FORMAT`: something the conversion to that format would lose.",
            rationale: "Plan a migration before running it: every loss is listed with its position.",
            bad: LintExample(.mmxml, mm("<item name=\"amount\" type=\"textField\">\n  <label>Amount</label>\n  <position>upper_left</position>\n</item>"), target: .json),
            good: LintExample(.mmxml, mm("<item name=\"amount\" type=\"textField\">\n  <label>Amount</label>\n</item>"), target: .json)),
        LintRule(
            id: "unused-suppression", severity: .warning,
            summary: "A `formconv-disable-next-line` comment that suppresses nothing.",
            rationale: "Stale suppressions hide future problems on that line; remove them.",
            bad: LintExample(.mmxml, mm("<!-- formconv-disable-next-line empty-options -- options come from the server -->\n<item name=\"city\" type=\"textField\">\n  <label>City</label>\n</item>")),
            good: LintExample(.mmxml, mm("<!-- formconv-disable-next-line empty-options -- options come from the server -->\n<item name=\"city\" type=\"dropDown\">\n  <label>City</label>\n</item>"))),
        LintRule(
            id: "format-warning", severity: .warning,
            summary: "Any other problem a reader reports (the message names the reader's own diagnostic id).",
            rationale: "Readers know format details no generic rule covers; their findings are reported here.",
            bad: LintExample(.mmxml, mm("<item name=\"agree\" type=\"checkbox\" submitsValue=\"maybe\">\n  <label>I agree</label>\n</item>")),
            good: LintExample(.mmxml, mm("<item name=\"agree\" type=\"checkbox\" submitsValue=\"YES\">\n  <label>I agree</label>\n</item>"))),
    ]
}
