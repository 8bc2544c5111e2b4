import Testing
@testable import FormIR

/// What a one-language target says of the translations it drops and of the pages it joins, read from
/// the loss's words: the languages lost in the order met, the texts by role in `FieldTexts.all`'s order,
/// the text shown being the one `LocalizedText.text(for:)` picks.
@Suite struct LostTranslationsWordsTests {
    static func text(_ pairs: [(String?, String)]) -> LocalizedText {
        LocalizedText(pairs.map { LocalizedText.Entry(locale: $0.0, text: $0.1) })
    }

    static func words(_ form: Form, locale: String?, _ feature: Feature = .localization) -> [String] {
        var d = Diagnostics()
        LossCheck.report(form, supported: Set(Feature.allCases).subtracting([feature]), target: "json", locale: locale,
                         into: &d)
        // The words after the subject and the target's name.
        return d.items.map { String($0.message.split(separator: "json cannot express the ", maxSplits: 1).last ?? "") }
    }

    static let form = Form(pages: [Page(id: "p", sections: [Section(id: "g", fields: [
        Field(id: "city", kind: .text,
              texts: FieldTexts(label: text([("en", "City"), ("FR", "Ville"), ("de", "Stadt")]),
                                placeholder: text([("de", "z.B. Bern"), ("en", "e.g. Bern")])),
              options: [Option(value: .string("x"), label: text([("it", "Città"), ("en", "Town")]))]),
        Field(id: "zip", kind: .text, texts: FieldTexts(label: text([(nil, "ZIP"), ("fr", "Code postal")]))),
        Field(id: "one", kind: .text, texts: FieldTexts(label: text([("fr", "Seul")]))),
    ])])])

    @Test func namesTheLanguagesLostAndTheTextShownForTheLocaleAskedFor() {
        let label = Self.form.pages[0].sections[0].fields[0].texts.label!
        #expect(label.text(for: "fr") == "Ville")
        // `zip` shows its fr entry: the entry without a language is no translation lost.
        #expect(Self.words(Self.form, locale: "fr") == [
            "en and de translations of the label, placeholder and option labels of 'city'; every language shows the "
                + "FR texts (label \"Ville\")",
        ])
    }

    /// Without a locale each text shows its entry without a language, else its first: each field's list is
    /// its own (nothing carried over from the field before).
    @Test func withoutALocaleTheFirstOrUnlabelledEntryIsShown() {
        #expect(Self.words(Self.form, locale: nil) == [
            "FR, de and en translations of the label, placeholder and option labels of 'city'; every language shows "
                + "the en texts (label \"City\")",
            "fr translation of the label of 'zip'; every language shows the text given without a language (label \"ZIP\")",
        ])
    }

    @Test func aLongShownTextIsQuotedInPart() {
        let long = String(repeating: "a", count: 50)
        let form = Form(pages: [Page(id: "p", sections: [Section(id: "g", fields: [
            Field(id: "f", kind: .text, texts: FieldTexts(label: Self.text([("en", long), ("fr", "b")]))),
        ])])])
        #expect(Self.words(form, locale: "en") == [
            "fr translation of the label of 'f'; every language shows the en text (label \""
                + String(repeating: "a", count: 40) + "… (10 more characters)\")",
        ])
    }

    /// A target without pages: the first page says the pages become one, each later one whose sections
    /// follow the previous page's.
    @Test func pageBreaksNameTheSectionsThatLoseTheirPage() {
        let form = Form(pages: [
            Page(id: "a", sections: [Section(id: "s1", fields: []), Section(id: "s2", fields: [])]),
            Page(id: "b", sections: [Section(id: "s3", fields: [])]),
            Page(id: "c", sections: [Section(id: "s4", fields: []), Section(id: "s5", fields: []), Section(id: "s6", fields: [])]),
        ])
        #expect(Self.words(form, locale: nil, .pages) == [
            "pages (page 'a' and the 2 after it are one long page, its sections 's1' and 's2' first)",
            "page break before page 'b' (its section 's3' follows those of page 'a' on one long page)",
            "page break before page 'c' (its sections 's4', 's5' and 's6' follow those of page 'b' on one long page)",
        ])
    }
}
