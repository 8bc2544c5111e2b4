import FormIR

extension LintRules {
    static let texts: [LintRule] = [
        LintRule(
            id: "missing-translation", severity: .warning,
            summary: "A text exists in some of the form's languages but not in others.",
            rationale: "Users of the missing language see another language's text (or none).",
            bad: LintExample(.mmxml, mm("<item name=\"firstName\" type=\"textField\">\n  <label language=\"EN_US\">First name</label>\n  <label language=\"FR_CA\">Prénom</label>\n</item>\n<item name=\"lastName\" type=\"textField\">\n  <label language=\"EN_US\">Last name</label>\n</item>")),
            good: LintExample(.mmxml, mm("<item name=\"firstName\" type=\"textField\">\n  <label language=\"EN_US\">First name</label>\n  <label language=\"FR_CA\">Prénom</label>\n</item>\n<item name=\"lastName\" type=\"textField\">\n  <label language=\"EN_US\">Last name</label>\n  <label language=\"FR_CA\">Nom</label>\n</item>")),
            check: LintChecks.missingTranslations),
        LintRule(
            id: "substitution-reference", severity: .note,
            summary: "An RMSForm `:name` substitution reference other than `:self`: the app must supply it.",
            rationale: "formconv cannot know the app's substitution dictionary; an unknown name throws at run time.",
            bad: LintExample(.rmsformJSON, """
            [
              {
                "properties": { "headerTitle": "Profile" },
                "rows": [
                  {
                    "className": "RMSTextEntryCell",
                    "properties": { "keyPath": "lastName", "labelText": "Last name", "representedObject": ":profile" }
                  }
                ]
              }
            ]

            """),
            good: LintExample(.rmsformJSON, """
            [
              {
                "properties": { "headerTitle": "Profile" },
                "rows": [
                  {
                    "className": "RMSTextEntryCell",
                    "properties": { "keyPath": "lastName", "labelText": "Last name", "representedObject": ":self" }
                  }
                ]
              }
            ]

            """),
            check: LintChecks.substitutionReferences),
        LintRule(
            id: "custom-class", severity: .note,
            summary: "An RMSForm cell or section class that RMSTableViews does not ship (it comes from the app).",
            rationale: "The descriptor only works in the app that defines the class, and other formats cannot render it.",
            readerIDs: ["custom-class"],
            bad: LintExample(.rmsformJSON, """
            [
              {
                "rows": [
                  {
                    "className": "RMSNamedColorPickerCell",
                    "properties": { "keyPath": "favoriteColor", "labelText": "Color", "representedObject": ":self" }
                  }
                ]
              }
            ]

            """),
            good: LintExample(.rmsformJSON, """
            [
              {
                "rows": [
                  {
                    "className": "RMSSwitchCell",
                    "properties": { "keyPath": "awesome", "labelText": "Awesome?", "representedObject": ":self" }
                  }
                ]
              }
            ]

            """)),
    ]
}
