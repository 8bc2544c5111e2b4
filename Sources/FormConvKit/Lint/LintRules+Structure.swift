import FormIR

extension LintRules {
    static let structure: [LintRule] = [
        LintRule(
            id: "parse-error", severity: .error,
            summary: "The file cannot be read: malformed XML, JSON, YAML or plist, or a structure the format forbids.",
            rationale: "A form that does not parse cannot be rendered or converted at all.",
            readerIDs: ["malformed", "syntax", "invalid", "invalid-json", "invalid-utf8", "too-deep", "too-many-attributes",
                        "alias-budget",
                        "missing-name", "missing-type", "missing-key", "too-large", "unsupported-encoding"],
            bad: LintExample(.mmxml, "<form>\n  <page name=\"main\">\n    <group name=\"details\">\n  </page>\n</form>\n"),
            good: LintExample(.mmxml, mm("<item name=\"firstName\" type=\"textField\">\n  <label>First name</label>\n</item>"))),
        LintRule(
            id: "duplicate-name", severity: .error,
            summary: "Two pages, groups or items (rows, fields, cells) share a name.",
            rationale: "Names identify items in relationships and in the submission; the runtime picks one of the duplicates and the other silently stops working. `formconv convert` gives MM XML's findings under the same id as warnings and repairs them (docs/mmxml.md, \"Repairs\"); `--strict` refuses them.",
            readerIDs: ["duplicate-name", "duplicate-id", "duplicate-tag", "duplicate-field"],
            bad: LintExample(.mmxml, mm("<item name=\"email\" type=\"textField\">\n  <label>Email</label>\n</item>\n<item name=\"email\" type=\"textField\">\n  <label>Confirm email</label>\n</item>")),
            good: LintExample(.mmxml, mm("<item name=\"email\" type=\"textField\">\n  <label>Email</label>\n</item>\n<item name=\"repeatEmail\" type=\"textField\">\n  <label>Confirm email</label>\n</item>")),
            check: LintChecks.duplicateNames),
        LintRule(
            id: "missing-target", severity: .error,
            summary: "A relationship changes an item, group or page that does not exist.",
            rationale: "The legacy runtime looks the target up by name at run time and fails when it is missing. `formconv convert` gives MM XML's findings under the same id as warnings and repairs them (docs/mmxml.md, \"Repairs\"); `--strict` refuses them.",
            readerIDs: ["unknown-target", "missing-target"],
            bad: LintExample(.mmxml, mm("<item name=\"married\" type=\"checkbox\">\n  <label>Married</label>\n</item>",
                relationships: "<relationship object=\"item::spouseName\">\n  <condition>married == \"YES\"</condition>\n  <if><show>YES</show></if>\n  <else><hide>YES</hide></else>\n</relationship>")),
            good: LintExample(.mmxml, mm("<item name=\"married\" type=\"checkbox\">\n  <label>Married</label>\n</item>\n<item name=\"spouseName\" type=\"textField\" isHidden=\"YES\">\n  <label>Spouse's name</label>\n</item>",
                relationships: "<relationship object=\"item::spouseName\">\n  <condition>married == \"YES\"</condition>\n  <if><show>YES</show></if>\n  <else><hide>YES</hide></else>\n</relationship>")),
            check: LintChecks.missingTargets),
        LintRule(
            id: "condition-syntax", severity: .error,
            summary: "A relationship condition or predicate does not parse.",
            rationale: "A condition that does not parse never evaluates: the relationship silently never fires (or crashes NSPredicate).",
            readerIDs: ["condition-syntax", "predicate-syntax"],
            bad: LintExample(.mmxml, mm("<item name=\"country\" type=\"dropDown\">\n  <option value=\"US\">United States</option>\n  <option value=\"CA\">Canada</option>\n</item>\n<item name=\"state\" type=\"textField\">\n  <label>State</label>\n</item>",
                relationships: "<relationship object=\"item::state\">\n  <condition>country == \"US\" AND</condition>\n  <if><show>YES</show></if>\n  <else><hide>YES</hide></else>\n</relationship>")),
            good: LintExample(.mmxml, mm("<item name=\"country\" type=\"dropDown\">\n  <option value=\"US\">United States</option>\n  <option value=\"CA\">Canada</option>\n</item>\n<item name=\"state\" type=\"textField\">\n  <label>State</label>\n</item>",
                relationships: "<relationship object=\"item::state\">\n  <condition>country == \"US\"</condition>\n  <if><show>YES</show></if>\n  <else><hide>YES</hide></else>\n</relationship>"))),
        LintRule(
            id: "unknown-reference", severity: .error,
            summary: "A condition or predicate names an item that does not exist.",
            rationale: "The runtime compares against a missing item's value, so the condition is always false (or throws). `formconv convert` gives MM XML's findings under the same id as warnings and repairs them (docs/mmxml.md, \"Repairs\"); `--strict` refuses them.",
            readerIDs: ["unknown-reference", "unknown-variable"],
            bad: LintExample(.mmxml, mm("<item name=\"spouseName\" type=\"textField\">\n  <label>Spouse's name</label>\n</item>",
                relationships: "<relationship object=\"item::spouseName\">\n  <condition>maritalStatus == \"married\"</condition>\n  <if><show>YES</show></if>\n  <else><hide>YES</hide></else>\n</relationship>")),
            good: LintExample(.mmxml, mm("<item name=\"maritalStatus\" type=\"dropDown\">\n  <option value=\"single\">Single</option>\n  <option value=\"married\">Married</option>\n</item>\n<item name=\"spouseName\" type=\"textField\">\n  <label>Spouse's name</label>\n</item>",
                relationships: "<relationship object=\"item::spouseName\">\n  <condition>maritalStatus == \"married\"</condition>\n  <if><show>YES</show></if>\n  <else><hide>YES</hide></else>\n</relationship>")),
            check: LintChecks.unknownReferences),
        LintRule(
            id: "unknown-type", severity: .warning,
            summary: "An item, row or cell type the format does not define.",
            rationale: "Renderers skip or crash on types they do not know; formconv keeps the item but cannot map it to other formats.",
            readerIDs: ["unknown-type", "unknown-row-type", "unknown-field-type"],
            bad: LintExample(.mmxml, mm("<item name=\"favoriteColor\" type=\"colorPicker\">\n  <label>Favorite color</label>\n</item>")),
            good: LintExample(.mmxml, mm("<item name=\"favoriteColor\" type=\"dropDown\">\n  <label>Favorite color</label>\n  <option value=\"red\">Red</option>\n  <option value=\"blue\">Blue</option>\n</item>"))),
        LintRule(
            id: "unknown-tag", severity: .warning,
            summary: "An element, attribute or key the format does not define.",
            rationale: "Unknown tags are ignored by the runtime: usually a typo of a real one.",
            readerIDs: ["unknown-tag", "unknown-key", "unknown-element", "unknown-attribute", "unknown-property"],
            bad: LintExample(.mmxml, mm("<item name=\"phone\" type=\"textField\">\n  <label>Phone</label>\n  <lable>Phone number</lable>\n</item>")),
            good: LintExample(.mmxml, mm("<item name=\"phone\" type=\"textField\">\n  <label>Phone</label>\n  <detailLabel>Phone number</detailLabel>\n</item>"))),
        LintRule(
            id: "deprecated-spelling", severity: .warning,
            summary: "A legacy spelling or element (capitalised types, `regEx`, `numbers`, `remoteserver`, text `language`s, …) that `formconv lint --fix` upgrades in place (MM XML).",
            rationale: """
            Older spellings only work in old runtimes; formconv normalises them, and so should the file. \
            `formconv lint --fix` makes the vendor's upgrade edit by edit, where each is written, keeping every \
            other byte (never inside comments, CDATA, processing instructions or the DTD), and only in files \
            that are MM XML by their content.

            - **Safe edits** (`--fix`; formconv reads the same form after them): current spellings of item \
            types, `regEx`-style element names, validation `numbers` → `numeric`, legacy `buttonPosition`s \
            as the schema spells them (`bottom right` → `low_right`); legacy decimal sizes floored; `remoteserver`, `theme`, and `language`/`emailName` on the \
            form, pages, groups and items removed; a `message` repeating one of the same language removed.
            - **Unsafe edits** (`--fix --unsafe-fixes`; the form's meaning changes): the `language` attribute \
            of texts removed when the form has a single language (texts in several languages are kept).
            - `--fix --diff` prints the edits as a unified diff on standard output and changes nothing \
            (`patch` applies it); SARIF output carries the same edits as each result's `fixes`.

            A fixed file keeps its mode, owner, group, extended attributes and hard links; a file that is \
            read-only, not a regular file, or changed while it was fixed is refused (`lint.fix-refused`, \
            exit 73).
            """,
            readerIDs: ["deprecated", "legacy-spelling"],
            bad: LintExample(.mmxml, mm("<item name=\"zip\" type=\"TextField\">\n  <label>ZIP</label>\n  <validation>numbers</validation>\n</item>")),
            good: LintExample(.mmxml, mm("<item name=\"zip\" type=\"textField\">\n  <label>ZIP</label>\n  <validation>numeric</validation>\n</item>"))),
    ]
}
