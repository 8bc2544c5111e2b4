import FormIR

extension LintRules {
    static let visibility: [LintRule] = [
        LintRule(
            id: "required-always-hidden", severity: .error,
            summary: "A required item that nothing can show is submitted while hidden (forceSubmit or `<force>`) and nothing fills it in.",
            rationale: "A hidden item submits only when forced, and a forced item is checked like any other: left empty, with no relationship to show it and no default, `<copy>`, `<evaluate>` or `<text>` to fill it, it blocks every submission. A hidden required item that is not forced is never submitted, so its `required` has no effect: that is `required-never-shown`, a note.",
            bad: LintExample(.mmxml, mm("<item name=\"referenceCode\" type=\"textField\" required=\"YES\" isHidden=\"YES\" forceSubmit=\"YES\">\n  <label>Reference code</label>\n</item>")),
            good: LintExample(.mmxml, mm("<item name=\"referenceCode\" type=\"textField\" required=\"YES\" isHidden=\"YES\">\n  <label>Reference code</label>\n</item>")),
            check: LintChecks.requiredAlwaysHidden),
        LintRule(
            id: "required-never-shown", severity: .note,
            summary: "A required item that no relationship (nor its initial state) can show, and that is not submitted empty while hidden.",
            rationale: "The language document says a hidden item does not submit its value unless forced, so such a `required` never blocks a submission (forms like this ran in production); it is dead configuration, or a relationship meant to show the item is missing or has a condition that can never hold.",
            bad: LintExample(.mmxml, mm("<item name=\"taxId\" type=\"textField\" required=\"YES\" isHidden=\"YES\">\n  <label>Tax ID</label>\n</item>")),
            good: LintExample(.mmxml, mm("<item name=\"business\" type=\"checkbox\">\n  <label>Business account</label>\n</item>\n<item name=\"taxId\" type=\"textField\" required=\"YES\" isHidden=\"YES\">\n  <label>Tax ID</label>\n</item>",
                relationships: "<relationship object=\"item::taxId\">\n  <condition>business == \"YES\"</condition>\n  <if><show>THIS</show></if>\n  <else><hide>THIS</hide></else>\n</relationship>")),
            check: LintChecks.requiredNeverShownNotes),
        LintRule(
            id: "conflicting-visibility", severity: .warning,
            summary: "Two relationships show and hide the same item, group or page under conditions that can hold together.",
            rationale: "The target ends in the state of whichever relationship ran last; with one controlling item, the later relationship's `<else>` undoes the earlier one's `<show>`. Combine the conditions into one relationship (`country == \"US\" OR country == \"CA\"`).",
            bad: LintExample(.mmxml, mm(countryAndState, relationships: ["US", "CA"].map { stateRelationship("country == \"\($0)\"") }.joined(separator: "\n"))),
            good: LintExample(.mmxml, mm(countryAndState, relationships: stateRelationship("country == \"US\" OR country == \"CA\""))),
            check: LintChecks.conflictingVisibility),
    ]

    static let countryAndState = """
    <item name="country" type="dropDown" required="YES">
      <label>Country</label>
      <option value="US">United States</option>
      <option value="CA">Canada</option>
      <option value="FR">France</option>
    </item>
    <item name="stateProv" type="textField" isHidden="YES">
      <label>State or province</label>
    </item>
    """

    static func stateRelationship(_ condition: String) -> String {
        "<relationship object=\"item::stateProv\">\n  <condition>\(condition)</condition>\n  <if><show>THIS</show></if>\n  <else><hide>THIS</hide></else>\n</relationship>"
    }
}
