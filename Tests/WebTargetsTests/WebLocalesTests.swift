import FormIR
@testable import Emitters
import Testing

/// `WebLocales.requesting` gives the locales `init(form:requested:)` gives for the same form, keeping
/// the list of locales it already walked the form for.
@Suite struct WebLocalesTests {
    static func form(defaultLocale: String?) -> Form {
        let title = LocalizedText([.init(locale: "fr_CA", text: "Titre"), .init(locale: "EN", text: "Title")])
        let label = LocalizedText([.init(locale: "de", text: "Name"), .init(text: "Name")])
        return Form(title: title, defaultLocale: defaultLocale,
                    pages: [Page(id: "p", sections: [Section(id: "s", fields: [Field(id: "a", kind: .text, texts: FieldTexts(label: label))])])])
    }

    @Test(arguments: [nil, "EN"])
    func requestingMatchesAFreshWalk(defaultLocale: String?) {
        let form = Self.form(defaultLocale: defaultLocale)
        let first = WebLocales(form: form, requested: "de")
        #expect(first.all == ["EN", "de", "fr_CA"])
        for requested in [nil, "de", "fr_CA", "xx"] {
            let fresh = WebLocales(form: form, requested: requested)
            let kept = first.requesting(requested, in: form)
            #expect(kept.base == fresh.base && kept.all == fresh.all)
            #expect(kept.base == (defaultLocale ?? requested))
        }
    }
}
