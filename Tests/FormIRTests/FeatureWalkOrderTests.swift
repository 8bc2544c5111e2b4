import Testing
@testable import FormIR

/// The walk reports the same uses in the same order as it did before it read each field in place and
/// skipped unset parts: the (feature, IR path, words) list of a form using every per-field feature, with a
/// second page whose fields use one part each, recorded from the walk of main 61fda1e.
@Suite struct FeatureWalkOrderTests {
    /// `FeatureWalkTests.form`'s page, then a page of two sections whose fields use a part each, one
    /// with a custom kind and an option range, and one whose parts were set and then emptied.
    static func walkedForm() -> Form {
        let fr = LocalizedText([.init(locale: "en", text: "A"), .init(locale: "fr", text: "B")])
        var emptied = Field(id: "emptied", kind: .text)
        emptied.layout = Layout(position: "top")
        emptied.style = Style(textColor: "red")
        emptied.submission = Submission(key: "k")
        emptied.validation = Validation(required: true)
        emptied.appBinding = AppBinding(label: ":l")
        emptied.formatting = Formatting(dateFormat: "yyyy")
        emptied.defaultValue = .string("v")
        emptied.optionRange = OptionRange(lower: 1, upper: 3)
        (emptied.layout, emptied.style, emptied.submission) = (Layout(), Style(), Submission())
        (emptied.validation, emptied.appBinding, emptied.formatting) = (Validation(), AppBinding(), Formatting())
        (emptied.defaultValue, emptied.optionRange) = (nil, nil)
        var form = FeatureWalkTests.form
        form.pages.append(Page(id: "q", sections: [
            Section(id: "h", fields: [
                Field(id: "custom", kind: FieldKind(rawValue: "custom.stars"), texts: FieldTexts(label: fr),
                      optionRange: OptionRange(lower: 1, upper: 5)),
                emptied,
                Field(id: "styled", kind: .text, texts: FieldTexts(placeholder: fr), style: Style(alignment: "right")),
            ]),
            Section(fields: [
                Field(id: "laid", kind: .text, layout: Layout(columns: 3), submission: Submission(countryCode: "CA")),
                Field(id: "checked", kind: .number, validation: Validation(patterns: [PatternRule(regex: "[0-9]+", message: fr)])),
            ]),
        ]))
        return form
    }

    /// Each use as recorded: feature, path, words.
    static let recorded: [(String, String, String)] = [
        ("form.title", "/", "form title"),
        ("text.localization", "/", "fr translation of the title of the form; every language shows the en text (title \"A\")"),
        ("structure.page-title", "/pages/0", "page title"),
        ("text.localization", "/pages/0", "fr translation of the title of page 'p'; every language shows the en text (title \"A\")"),
        ("structure.section-title", "/pages/0/sections/0", "section title"),
        ("text.localization", "/pages/0/sections/0", "fr translation of the title of group 'g'; every language shows the en text (title \"A\")"),
        ("app.options", "/pages/0/sections/0/fields/all", "the options come from the app at run time (:o)"),
        ("app.label", "/pages/0/sections/0/fields/all", "the label comes from the app at run time (:l)"),
        ("app.enabled", "/pages/0/sections/0/fields/all", "whether it can be used is decided by the app at run time (:e)"),
        ("app.property", "/pages/0/sections/0/fields/all", "its x comes from the app at run time (:y)"),
        ("app.cell-class", "/pages/0/sections/0/fields/all", "the app draws it with its own class C"),
        ("field.presentation", "/pages/0/sections/0/fields/all", "presentation dropDown of 'all'"),
        ("field.default-value", "/pages/0/sections/0/fields/all", "default value of 'all'"),
        ("field.hidden", "/pages/0/sections/0/fields/all", "'all' hidden"),
        ("field.disabled", "/pages/0/sections/0/fields/all", "'all' not editable"),
        ("text.label", "/pages/0/sections/0/fields/all", "label of 'all'"),
        ("text.detail", "/pages/0/sections/0/fields/all", "detail label of 'all'"),
        ("text.inline-label", "/pages/0/sections/0/fields/all", "inline label of 'all'"),
        ("text.placeholder", "/pages/0/sections/0/fields/all", "placeholder of 'all'"),
        ("text.missing-message", "/pages/0/sections/0/fields/all", "missing-value message of 'all'"),
        ("text.body", "/pages/0/sections/0/fields/all", "text of 'all'"),
        ("text.empty", "/pages/0/sections/0/fields/all", "empty text of 'all'"),
        ("text.selector-title", "/pages/0/sections/0/fields/all", "selector title of 'all'"),
        ("text.localization", "/pages/0/sections/0/fields/all", "fr translation of the label, detail, inline label, placeholder, missing-value message, text, empty text, selector title, option labels, pattern messages and validation messages of 'all'; every language shows the en texts (label \"A\")"),
        ("options", "/pages/0/sections/0/fields/all", "options of 'all'"),
        ("options.labels", "/pages/0/sections/0/fields/all", "option labels of 'all'"),
        ("options.images", "/pages/0/sections/0/fields/all", "option images of 'all'"),
        ("options.multiple", "/pages/0/sections/0/fields/all", "multiple selection of 'all'"),
        ("validation.required", "/pages/0/sections/0/fields/all", "'all' required"),
        ("validation.length", "/pages/0/sections/0/fields/all", "length limits of 'all'"),
        ("validation.value-range", "/pages/0/sections/0/fields/all", "value range of 'all'"),
        ("validation.pattern", "/pages/0/sections/0/fields/all", "regex x of 'all'"),
        ("validation.pattern-message", "/pages/0/sections/0/fields/all", "regex message of 'all'"),
        ("validation.named", "/pages/0/sections/0/fields/all", "usphonenumber validation of 'all'"),
        ("validation.predicate", "/pages/0/sections/0/fields/all", "predicate rule of 'all'"),
        ("validation.comparison", "/pages/0/sections/0/fields/all", "comparison of 'all' with 'b'"),
        ("validation.date-restriction", "/pages/0/sections/0/fields/all", "age/year restriction of 'all'"),
        ("validation.date-bounds", "/pages/0/sections/0/fields/all", "date bounds of 'all'"),
        ("validation.required-value", "/pages/0/sections/0/fields/all", "required value true of 'all'"),
        ("validation.selection-count", "/pages/0/sections/0/fields/all", "selection count of 'all'"),
        ("layout.position", "/pages/0/sections/0/fields/all", "position top of 'all'"),
        ("layout.size", "/pages/0/sections/0/fields/all", "size of 'all'"),
        ("layout.columns", "/pages/0/sections/0/fields/all", "columns of 'all'"),
        ("layout.bleeds", "/pages/0/sections/0/fields/all", "bleeds of 'all'"),
        ("layout.lines", "/pages/0/sections/0/fields/all", "number of lines of 'all'"),
        ("layout.button-position", "/pages/0/sections/0/fields/all", "button position of 'all'"),
        ("style.colors", "/pages/0/sections/0/fields/all", "colors of 'all'"),
        ("style.text-size", "/pages/0/sections/0/fields/all", "text size of 'all'"),
        ("style.alignment", "/pages/0/sections/0/fields/all", "alignment of 'all'"),
        ("style.keyboard", "/pages/0/sections/0/fields/all", "keyboard of 'all'"),
        ("style.class", "/pages/0/sections/0/fields/all", "class of 'all'"),
        ("formatting", "/pages/0/sections/0/fields/all", "formatting of 'all'"),
        ("action.notify", "/pages/0/sections/0/fields/all", "itemShouldNotify action of 'all'"),
        ("action.links-to", "/pages/0/sections/0/fields/all", "linksTo::b action of 'all'"),
        ("action.submit", "/pages/0/sections/0/fields/all", "submit action of 'all'"),
        ("action.open-url", "/pages/0/sections/0/fields/all", "open-URL action of 'all'"),
        ("action.target-action", "/pages/0/sections/0/fields/all", "target/selector action of 'all'"),
        ("action.client", "/pages/0/sections/0/fields/all", "client action n of 'all'"),
        ("submission.key", "/pages/0/sections/0/fields/all", "submit name of 'all'"),
        ("submission.policy", "/pages/0/sections/0/fields/all", "skipSubmit/forceSubmit of 'all'"),
        ("submission.date-encoding", "/pages/0/sections/0/fields/all", "date submission format of 'all'"),
        ("submission.prefix", "/pages/0/sections/0/fields/all", "submission prefix of 'all'"),
        ("submission.submits-value", "/pages/0/sections/0/fields/all", "submitsValue of 'all'"),
        ("submission.country-code", "/pages/0/sections/0/fields/all", "country code of 'all'"),
        ("submission.when-hidden", "/pages/0/sections/0/fields/all", "policy of 'all' for its answer while hidden (cleared)"),
        ("field.custom-kind", "/pages/1/sections/0/fields/custom", "custom kind custom.stars of 'custom'"),
        ("text.label", "/pages/1/sections/0/fields/custom", "label of 'custom'"),
        ("text.localization", "/pages/1/sections/0/fields/custom", "fr translation of the label of 'custom'; every language shows the en text (label \"A\")"),
        ("options.range", "/pages/1/sections/0/fields/custom", "option range of 'custom'"),
        ("text.placeholder", "/pages/1/sections/0/fields/styled", "placeholder of 'styled'"),
        ("text.localization", "/pages/1/sections/0/fields/styled", "fr translation of the placeholder of 'styled'; every language shows the en text (placeholder \"A\")"),
        ("style.alignment", "/pages/1/sections/0/fields/styled", "alignment of 'styled'"),
        ("layout.columns", "/pages/1/sections/1/fields/laid", "columns of 'laid'"),
        ("submission.country-code", "/pages/1/sections/1/fields/laid", "country code of 'laid'"),
        ("text.localization", "/pages/1/sections/1/fields/checked", "fr translation of the pattern messages of 'checked'; every language shows the en text (pattern messages \"A\")"),
        ("validation.pattern", "/pages/1/sections/1/fields/checked", "regex [0-9]+ of 'checked'"),
        ("validation.pattern-message", "/pages/1/sections/1/fields/checked", "regex message of 'checked'"),
        ("structure.pages", "/pages/0", "pages (page 'p' and the 1 after it are one long page, its section 'g' first)"),
        ("structure.pages", "/pages/1", "page break before page 'q' (its sections 'h' and 'q section 2' follow those of page 'p' on one long page)"),
        ("relationship.unconditional", "/rules/0", "relationship on item::all without a condition"),
        ("relationship.show-hide", "/rules/0", "rule that shows 'all' (submitted as 'k') always; it stays hidden"),
        ("relationship.enable-disable", "/rules/0", "rule that disables 'all' (submitted as 'k') always; it stays read-only"),
        ("relationship.copy", "/rules/0", "rule that copies 'b' into 'all' (submitted as 'k') always; it is not filled in from it"),
    ]

    @Test func usesAreTheRecordedOnesInOrder() {
        let uses = FeatureScan.uses(in: Self.walkedForm())
        #expect(uses.count == Self.recorded.count)
        for (use, r) in zip(uses, Self.recorded) {
            #expect(use.feature.rawValue == r.0 && use.path == r.1 && use.detail == r.2, "\(use) is not \(r)")
        }
    }

    /// A part set and then emptied keeps its side allocation: it has no use, as one never set.
    @Test func emptiedPartsHaveNoUse() {
        let form = Self.walkedForm()
        let emptied = form.pages[1].sections[0].fields[1]
        #expect(emptied.id == "emptied" && !emptied.$style.side.isEmpty && !emptied.$style.isSet)
        #expect(!FeatureScan.uses(in: form).contains { $0.path.hasSuffix("/emptied") })
        var plain = form
        plain.pages[1].sections[0].fields[1] = Field(id: "emptied", kind: .text)
        #expect(FeatureScan.uses(in: plain) == FeatureScan.uses(in: form))
    }
}
