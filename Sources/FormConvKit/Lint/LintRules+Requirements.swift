import FormIR

extension LintRules {
    /// Rules on requirements that relationships set.
    static let requirements: [LintRule] = [
        LintRule(
            id: "required-never-holds", severity: .warning,
            summary: "An item that relationships make required (`<required>YES</required>`) only under conditions that can never hold.",
            rationale: "The item is not required of itself, and every relationship that would require it has a condition no answer can satisfy (`country == \"US\" AND country == \"CA\"`), as the relationship analysis decides conditions (the same satisfiability `required-never-shown` uses): the item is never required. The condition is a typo (`OR` meant), or the requirement is dead configuration. See docs/ir.md, \"Requirement\": a requirement when a condition holds is a relationship that sets `required`.",
            bad: LintExample(.mmxml, mm(requiredCountryAndState, relationships: requireStateRelationship("country == \"US\" AND country == \"CA\""))),
            good: LintExample(.mmxml, mm(requiredCountryAndState, relationships: requireStateRelationship("country == \"US\" OR country == \"CA\""))),
            check: LintChecks.requiredNeverHolds),
    ]

    static let requiredCountryAndState = """
    <item name="country" type="dropDown" required="YES">
      <label>Country</label>
      <option value="US">United States</option>
      <option value="CA">Canada</option>
      <option value="FR">France</option>
    </item>
    <item name="stateProv" type="textField">
      <label>State or province</label>
    </item>
    """

    static func requireStateRelationship(_ condition: String) -> String {
        "<relationship object=\"item::stateProv\">\n  <condition>\(condition)</condition>\n  <if><required>YES</required></if>\n"
            + "  <else><required>NO</required></else>\n</relationship>"
    }
}
