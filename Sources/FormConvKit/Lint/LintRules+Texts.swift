import FormIR

extension LintRules {
    /// Five English texts.
    static let englishItems = ["firstName": "First name", "lastName": "Last name", "city": "City", "email": "Email", "phone": "Phone"]
        .sorted { $0.key < $1.key }.map { "<item name=\"\($0.key)\" type=\"textField\">\n  <label language=\"EN_US\">\($0.value)</label>\n</item>" }
        .joined(separator: "\n")
    static let strayFrench = LintExample(.mmxml, mm(englishItems.replacingOccurrences(
        of: "<label language=\"EN_US\">City</label>", with: "<label language=\"EN_US\">City</label>\n  <label language=\"FR_CA\">Ville</label>")),
        why: "An English form with a French label pasted in: French is on 1 of 5 texts, under the 25% (`translations: "
            + "min-share` in .formconv.yml) that makes a language one of the form's, so the other texts are not asked "
            + "for French; `stray-language` notes the stray text once instead.")

    static let texts: [LintRule] = [
        LintRule(
            id: "missing-translation", severity: .warning,
            summary: "A text exists in some of the form's languages but not in others.",
            rationale: "Users of the missing language see another language's text (or none). Asked only for the form's "
                + "languages: those declared in .formconv.yml (`translations: languages: [EN_US, FR_CA]`) and each language "
                + "substantially present, on at least 25% of the form's language-tagged texts (item texts and option labels; "
                + "`translations: min-share: 25%` changes the share). A language under that share is a stray: "
                + "`stray-language` notes it once per form instead.",
            bad: LintExample(.mmxml, mm("<item name=\"firstName\" type=\"textField\">\n  <label language=\"EN_US\">First name</label>\n  <label language=\"FR_CA\">Prénom</label>\n</item>\n<item name=\"lastName\" type=\"textField\">\n  <label language=\"EN_US\">Last name</label>\n</item>")),
            good: LintExample(.mmxml, mm("<item name=\"firstName\" type=\"textField\">\n  <label language=\"EN_US\">First name</label>\n  <label language=\"FR_CA\">Prénom</label>\n</item>\n<item name=\"lastName\" type=\"textField\">\n  <label language=\"EN_US\">Last name</label>\n  <label language=\"FR_CA\">Nom</label>\n</item>")),
            silentOn: [strayFrench],
            check: LintChecks.missingTranslations),
        LintRule(
            id: "stray-language", severity: .note,
            summary: "A language the form's texts name too rarely to be one of its languages (one note per form).",
            rationale: "A few texts pasted from another form's translation: users of that language see them among "
                + "texts in the form's own language. Translate the rest (or declare the language in .formconv.yml "
                + "`translations: languages`) or remove them.",
            bad: strayFrench,
            good: LintExample(.mmxml, mm(englishItems)),
            check: LintChecks.strayLanguages),
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
