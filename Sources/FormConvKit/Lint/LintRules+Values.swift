import FormIR

extension LintRules {
    static let values: [LintRule] = [
        LintRule(
            id: "empty-options", severity: .warning,
            summary: "A choice item (dropDown, segmentedControl, radioControl, valuePicker, selector) has no options.",
            rationale: "The user cannot pick anything; if the item is required the form can never be submitted.",
            readerIDs: ["empty-options"],
            bad: LintExample(.mmxml, mm("<item name=\"province\" type=\"dropDown\">\n  <label>Province</label>\n</item>")),
            good: LintExample(.mmxml, mm("<item name=\"province\" type=\"dropDown\">\n  <label>Province</label>\n  <option value=\"QC\">Québec</option>\n  <option value=\"ON\">Ontario</option>\n</item>")),
            silentOn: [
                LintExample(.mmxml, mm("<item name=\"province\" type=\"dropDown\">\n  <label>Province</label>\n  <option value=\"QC\">Québec</option>\n  <option value=\"ON\">Ontario</option>\n</item>\n"
                                       + "<item name=\"provinceCode\" type=\"dropDown\" isHidden=\"YES\" forceSubmit=\"YES\"/>",
                                       relationships: "<relationship object=\"item::provinceCode\">\n  <condition>province != \"\"</condition>\n  <if><copy>province</copy></if>\n</relationship>"),
                            why: "A hidden item a `<copy>` (or `<evaluate>`) fills is a carrier: it submits another item's answer "
                                + "under its own key, and nobody picks from it, so it needs no options."),
            ],
            check: LintChecks.emptyOptions),
        LintRule(
            id: "duplicate-option-value", severity: .warning,
            summary: "Two options of one item have the same value.",
            rationale: "The backend cannot tell the two choices apart.",
            readerIDs: ["duplicate-option", "duplicate-option-value"],
            bad: LintExample(.mmxml, mm("<item name=\"country\" type=\"dropDown\">\n  <option value=\"CA\">Canada</option>\n  <option value=\"CA\">California</option>\n</item>")),
            good: LintExample(.mmxml, mm("<item name=\"country\" type=\"dropDown\">\n  <option value=\"CA\">Canada</option>\n  <option value=\"US-CA\">California</option>\n</item>")),
            check: LintChecks.duplicateOptionValues),
        LintRule(
            id: "invalid-regex", severity: .error,
            summary: "A validation regular expression does not compile.",
            rationale: "NSRegularExpression throws at run time, so the item never validates.",
            readerIDs: ["invalid-regex"],
            bad: LintExample(.mmxml, mm("<item name=\"code\" type=\"textField\">\n  <label>Code</label>\n  <regex>[0-9{4}</regex>\n</item>")),
            good: LintExample(.mmxml, mm("<item name=\"code\" type=\"textField\">\n  <label>Code</label>\n  <regex>[0-9]{4}</regex>\n</item>")),
            check: LintChecks.invalidRegexes),
        LintRule(
            id: "min-greater-than-max", severity: .error,
            summary: "A minimum is greater than its maximum (length, value, required items, age or year restriction).",
            rationale: "No value can satisfy both bounds, so the item can never validate.",
            readerIDs: ["min-greater-than-max"],
            bad: LintExample(.mmxml, mm("<item name=\"pin\" type=\"textField\">\n  <label>PIN</label>\n  <minlength>6</minlength>\n  <maxlength>4</maxlength>\n</item>")),
            good: LintExample(.mmxml, mm("<item name=\"pin\" type=\"textField\">\n  <label>PIN</label>\n  <minlength>4</minlength>\n  <maxlength>6</maxlength>\n</item>")),
            check: LintChecks.minGreaterThanMax),
        LintRule(
            id: "prefix-and-posfix", severity: .warning,
            summary: "A dateField sets both `<prefix>` and `<posfix>`; only the posfix is used.",
            rationale: "The submission keys are not the ones the prefix suggests.",
            readerIDs: ["prefix-and-posfix"],
            bad: LintExample(.mmxml, mm("<item name=\"birthDate\" type=\"dateField\">\n  <label>Birth date</label>\n  <prefix>birth</prefix>\n  <posfix>Birth</posfix>\n</item>")),
            good: LintExample(.mmxml, mm("<item name=\"birthDate\" type=\"dateField\">\n  <label>Birth date</label>\n  <prefix>birth</prefix>\n</item>"))),
        LintRule(
            id: "undecodable-text", severity: .warning,
            summary: "base64 or URL-encoded text that does not decode (or decodes to bytes that are not UTF-8).",
            rationale: "The app shows garbage or nothing where the text should be.",
            readerIDs: ["bad-base64", "bad-urlencode", "text-not-utf8", "undecodable-text"],
            bad: LintExample(.mmxml, mm("<item name=\"intro\" type=\"label\">\n  <text encoding=\"base64\">not base64!</text>\n</item>")),
            good: LintExample(.mmxml, mm("<item name=\"intro\" type=\"label\">\n  <text encoding=\"base64\">TnVtw6lybyBkZSBSw6lmw6lyZW5jZQ==</text>\n</item>"))),
    ]
}
