import FormIR

extension LintRules {
    static let submission: [LintRule] = [
        LintRule(
            id: "required-always-hidden", severity: .error,
            summary: "A required item is hidden, no relationship ever shows it, and it is not force-submitted.",
            rationale: "The user can never fill it in, so the form can never be submitted.",
            bad: LintExample(.mmxml, mm("<item name=\"taxId\" type=\"textField\" required=\"YES\" isHidden=\"YES\">\n  <label>Tax ID</label>\n</item>")),
            good: LintExample(.mmxml, mm("<item name=\"business\" type=\"checkbox\">\n  <label>Business account</label>\n</item>\n<item name=\"taxId\" type=\"textField\" required=\"YES\" isHidden=\"YES\">\n  <label>Tax ID</label>\n</item>",
                relationships: "<relationship object=\"item::taxId\">\n  <condition>business == \"YES\"</condition>\n  <if><show>YES</show></if>\n  <else><hide>YES</hide></else>\n</relationship>")),
            check: LintChecks.requiredAlwaysHidden),
        LintRule(
            id: "submission-key-collision", severity: .warning,
            summary: "Two items submit the same key (submitName, date components, address components, partClone).",
            rationale: "The backend receives one value and loses the other.",
            bad: LintExample(.mmxml, mm("<item name=\"homePhone\" type=\"textField\">\n  <label>Home phone</label>\n  <submitName>phone</submitName>\n</item>\n<item name=\"workPhone\" type=\"textField\">\n  <label>Work phone</label>\n  <submitName>phone</submitName>\n</item>")),
            good: LintExample(.mmxml, mm("<item name=\"homePhone\" type=\"textField\">\n  <label>Home phone</label>\n  <submitName>phone</submitName>\n</item>\n<item name=\"workPhone\" type=\"textField\">\n  <label>Work phone</label>\n  <submitName>workPhone</submitName>\n</item>")),
            check: LintChecks.submissionKeyCollisions),
    ]
}
