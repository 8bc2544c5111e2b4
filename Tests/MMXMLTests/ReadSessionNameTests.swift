import Testing
import FormIR
@testable import MMXML

/// What the reader works out once per element name (item attribute meaning, item tag spelling) and
/// how it compares languages, each against the rule it replaced, on every name a form may write.
@Suite struct MMXMLReadSessionNameTests {
    @Test func languagesCompareAsTheirLowercasedForms() {
        // Letters whose lower-casing is not one ASCII step, or maps several letters to one.
        let letters = ["a", "A", "z", "Z", "_", "-", "é", "É", "ß", "ẞ", "İ", "i", "I", "ı", "Σ", "σ", "ς", "K", "k", "\u{212A}",
                       "ǅ", "ǆ", "Ǆ", "Ω", "\u{2126}", "ﬀ", "Å", "\u{212B}", "ԛ", "Ԛ", "\u{0301}"]
        var tags = letters
        for a in letters { for b in letters { tags.append(a + b) } }
        tags += ["fr_CA", "FR_ca", "Fr_Ca", "de", "DE", "ℹfr", "FRℹ"]
        for a in tags.prefix(200) {
            for b in tags where sameLanguage(a, b) != (a.lowercased() == b.lowercased()) {
                Issue.record("\(a.debugDescription) vs \(b.debugDescription)")
            }
        }
        #expect(sameLanguage(nil, nil))
        #expect(!sameLanguage("fr", nil) && !sameLanguage(nil, "fr"))
        #expect(sameLanguage("FR_ca", "fr_CA") && sameLanguage("İ", "i\u{0307}") && !sameLanguage("ß", "SS"))
    }
}
