import FormIR

extension LintRules {
    static let submission: [LintRule] = [
        LintRule(
            id: "submission-key-collision", severity: .warning,
            summary: "Two items can submit the same key (submitName, date components, address components, partClone) at the same time.",
            rationale: "The backend receives one value and loses the other. Items that share a key but are never submitted together are not reported: the analysis of the relationships (show/hide, skip, submit, force and their conditions) proves which variants exclude each other, such as one title item per gender or one bank and one card variant per payment method.",
            bad: LintExample(.mmxml, mm("<item name=\"homePhone\" type=\"textField\">\n  <label>Home phone</label>\n  <submitName>phone</submitName>\n</item>\n<item name=\"workPhone\" type=\"textField\">\n  <label>Work phone</label>\n  <submitName>phone</submitName>\n</item>")),
            good: LintExample(.mmxml, mm(titleVariants, relationships: titleRelationships(withElse: true))),
            check: LintChecks.submissionKeyCollisions),
        LintRule(
            id: "possible-submission-key-collision", severity: .note,
            summary: "Two items share a submission key and the analysis cannot tell whether both submit it at once; the message says why.",
            rationale: "Usually a relationship without an `<else>` (an item stays shown after its condition stops holding), an item shown before its controlling item is first set, or a condition the analysis does not decide (`BT`/`LT` on text, comparisons between items). Check the path the message names.",
            bad: LintExample(.mmxml, mm(titleVariants, relationships: titleRelationships(withElse: false))),
            good: LintExample(.mmxml, mm(titleVariants, relationships: titleRelationships(withElse: true))),
            check: LintChecks.possibleSubmissionKeyCollisions),
        LintRule(
            id: "conflicting-submission", severity: .warning,
            summary: "Two relationships skip and submit (`<force>`, `<submit>`) the same item under conditions that can hold together.",
            rationale: "The language document makes `<skip>` and `<force>` a mutually exclusive pair: `<skip>` sets skipSubmit and clears forceSubmit, `<force>` does the reverse, so whichever relationship ran last decides whether the item's value reaches the backend, and that depends on the order in which the user changed the items. The form still submits, so a warning. One relationship with `<skip>` in its `<if>` and `<force>` in its `<else>` is the pattern that says what is meant. A `<skip>` against a `<submit>` on an item that is never shown is not reported: skipSubmit has no effect on a hidden item.",
            bad: LintExample(.mmxml, mm(mailingCity, relationships: relationship("item::mailingCity", "sameAsHome == \"YES\"", then: "skip") + "\n" + relationship("item::mailingCity", "country == \"US\"", then: "force"))),
            good: LintExample(.mmxml, mm(mailingCity, relationships: relationship("item::mailingCity", "sameAsHome == \"YES\"", then: "skip", otherwise: "force"))),
            check: LintChecks.conflictingSubmission),
    ]

    /// A mailing city skipped when it is the same as home, and what drives it.
    static let mailingCity = """
    <item name="country" type="dropDown" required="YES">
      <option value="US">United States</option>
      <option value="FR">France</option>
    </item>
    <item name="sameAsHome" type="checkbox">
      <label>Mailing address same as home</label>
    </item>
    <item name="mailingCity" type="textField">
      <label>Mailing city</label>
    </item>
    """


    /// The real-world variant pattern: one title item per gender, both submitting `title`.
    static let titleVariants = genderItem(labels: ["Male", "Female"]) + "\n" + [("Male", ["Mr", "Dr"]), ("Female", ["Ms", "Mrs"])].map { gender, titles in
        "<item name=\"title\(gender)\" type=\"dropDown\" isHidden=\"YES\">\n  <label>Title</label>\n  <submitName>title</submitName>\n"
            + titles.map { "  <option value=\"\($0)\">\($0)</option>\n" }.joined() + "</item>"
    }.joined(separator: "\n")

    static func titleRelationships(withElse: Bool) -> String {
        ["Male", "Female"].map { g in
            "<relationship object=\"item::title\(g)\">\n  <condition>gender == \"\(g)\"</condition>\n  <if><show>THIS</show></if>\n"
                + (withElse ? "  <else><hide>THIS</hide></else>\n" : "") + "</relationship>"
        }.joined(separator: "\n")
    }

    /// A required gender choice submitting `Male` or `Female`, its tags labelled with `labels`.
    static func genderItem(labels: [String]) -> String {
        "<item name=\"gender\" type=\"radioControl\" required=\"YES\">\n  <label>Gender</label>\n"
            + zip(["Male", "Female"], labels).map { "  <tag value=\"\($0)\">\($1)</tag>\n" }.joined() + "</item>"
    }
}
