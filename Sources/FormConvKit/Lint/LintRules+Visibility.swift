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
        LintRule(
            id: "possible-relationship-conflict", severity: .note,
            summary: "Two relationships show and hide (or skip and submit) one target under conditions the analysis cannot decide can hold together; the message says why.",
            rationale: "The counterpart of `conflicting-visibility` and `conflicting-submission` for conditions the analysis does not decide: a comparison between two items, a condition on an item's hidden state, or one too large to combine. If both conditions can hold, whichever relationship ran last decides the target's state. A note, since the analysis cannot show that they do.",
            bad: LintExample(.mmxml, mm(countryAndState + "\n<item name=\"homeCountry\" type=\"dropDown\">\n  <option value=\"US\">United States</option>\n  <option value=\"FR\">France</option>\n</item>",
                relationships: stateRelationship("country == homeCountry", otherwise: nil) + "\n" + stateRelationship("country == \"FR\"", then: "hide", otherwise: nil))),
            good: LintExample(.mmxml, mm(countryAndState, relationships: stateRelationship("country == \"US\"", otherwise: nil) + "\n" + stateRelationship("country == \"FR\"", then: "hide", otherwise: nil))),
            check: LintChecks.possibleConflicts),
        // With the visibility rules: the usual effect of such a condition is an item or group that never shows.
        LintRule(
            id: "unknown-option-value", severity: .warning,
            summary: "A condition compares a choice item with a value none of its options has (`gender == \"M\"` where the values are `Male` and `Female`).",
            rationale: "A condition compares the item's value, the `value` of the chosen `<option>`/`<tag>`, not its label (the language document: `itemName OPERATOR selectedValue`), so the comparison never holds (`!=`: always holds) and the relationship always takes the same branch: the item it should show stays hidden, or the one it should skip is always submitted. The form still works, so a warning; when that leaves a required item unshowable, `required-always-hidden` or `required-never-shown` says what follows. The message suggests the value when the text is an option's label (in any case) or differs from a value only in case. Options a relationship sets (`<option>` lists in `<if>`/`<else>`) count as the item's options. Silent where lint cannot know the values: options from a range or from the app, multiple selection, or an item whose value a relationship sets (`<copy>`, `<evaluate>`, `<text>`).",
            bad: LintExample(.mmxml, mm(genderAndMaiden, relationships: relationship("item::maidenName", "gender == \"F\"", then: "show", otherwise: "hide"))),
            good: LintExample(.mmxml, mm(genderAndMaiden, relationships: relationship("item::maidenName", "gender == \"Female\"", then: "show", otherwise: "hide"))),
            silentOn: [
                LintExample(.mmxml, mm(genderAndMaiden, relationships: relationship("item::maidenName", "gender != \"none\"", then: "submit")),
                            why: "`x != \"<value no option has>\"` as the whole condition is the legacy idiom for \"always\" (a "
                                + "relationship that must run whatever the answer). Reported only when the value looks like an "
                                + "option's (its label, or a value in another case: `gender != \"female\"`), which is a typo."),
                LintExample(.mmxml, mm(genderAndMaiden, relationships: relationship("item::maidenName", "gender == \"X\"", then: "show", otherwise: "show")),
                            why: "A condition whose `<if>` and `<else>` are identical cannot change the outcome, whatever it compares: "
                                + "`irrelevant-condition` notes that instead."),
            ],
            check: LintChecks.unknownOptionValues),
        LintRule(
            id: "irrelevant-condition", severity: .note,
            summary: "A relationship whose `<if>` and `<else>` do the same: its condition cannot change anything.",
            rationale: "Whatever the condition compares (even a value no option has), the target ends in the same state, so the "
                + "condition is dead: a leftover of an edit, or an `<else>` copied from the `<if>` by mistake. A note: the form works.",
            bad: LintExample(.mmxml, mm(genderAndMaiden, relationships: relationship("item::maidenName", "gender == \"Female\"", then: "show", otherwise: "show"))),
            good: LintExample(.mmxml, mm(genderAndMaiden, relationships: relationship("item::maidenName", "gender == \"Female\"", then: "show", otherwise: "hide"))),
            silentOn: [
                LintExample(.mmxml, mm(genderAndMaiden, relationships: relationship("item::maidenName", "gender == \"Female\"", then: "show")),
                            why: "A relationship without `<else>` does nothing when its condition fails: the condition matters."),
            ],
            check: LintChecks.irrelevantConditions),
    ]

    static let genderAndMaiden = genderItem(labels: ["M", "F"]) + """

    <item name="maidenName" type="textField" isHidden="YES">
      <label>Maiden name</label>
    </item>
    """

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

    static func stateRelationship(_ condition: String, then: String = "show", otherwise: String? = "hide") -> String {
        relationship("item::stateProv", condition, then: then, otherwise: otherwise)
    }

    /// An MM relationship on `object` whose branches each apply one tag to `THIS`, for rule examples.
    static func relationship(_ object: String, _ condition: String, then: String, otherwise: String? = nil) -> String {
        "<relationship object=\"\(object)\">\n  <condition>\(condition)</condition>\n  <if><\(then)>THIS</\(then)></if>\n"
            + (otherwise.map { "  <else><\($0)>THIS</\($0)></else>\n" } ?? "") + "</relationship>"
    }
}
