import Testing
@testable import FormConvKit
import FormIR

/// Whole forms in the shapes production forms take, linted with every rule: each expected finding is
/// listed (rule, and a text its message quotes) and any other finding fails the test, so every line
/// not listed is asserted silent. They cover the noise a team met adopting lint: stray texts in a
/// second language, conditions whose branches are identical, the always-true `!=` idiom, carriers a
/// `<copy>` fills, and conditional requirement lists.
extension LintPrecisionTests {
    struct WholeForm: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var config = LintConfig()
        var expected: [(rule: String, subject: String)]
        var testDescription: String { name }
    }

    static func label(_ en: String, fr: String? = nil) -> String {
        "<label language=\"EN_US\">\(en)</label>" + (fr.map { "<label language=\"FR_CA\">\($0)</label>" } ?? "")
    }

    /// A donation form in English: name, email, phones, country, a province carrier, a gift amount.
    /// `french` labels (item → French) are added to the English ones.
    static func donation(french: [String: String] = [:], relationships: String = "", phoneRequirement: String = "") -> String {
        func item(_ name: String, _ type: String, _ en: String, _ extra: String = "", _ attributes: String = "") -> String {
            "<item name=\"\(name)\" type=\"\(type)\"\(attributes)>\(label(en, fr: french[name]))\(extra)</item>"
        }
        let options = "<option value=\"CA\">Canada</option><option value=\"US\">United States</option>"
        return form("""
            <group name="identity">
              \(item("firstName", "textField", "First name", "", " required=\"YES\""))
              \(item("lastName", "textField", "Last name", "", " required=\"YES\""))
              \(item("email", "textField", "Email"))
              \(item("homeNum", "textField", "Home phone", "", phoneRequirement))
              \(item("alternateNum", "textField", "Other phone"))
            </group>
            <group name="address">
              \(item("country", "dropDown", "Country", options, " required=\"YES\""))
              \(item("city", "textField", "City"))
              <item name="countryCode" type="dropDown" isHidden="YES" forceSubmit="YES"/>
              \(item("gift", "segmentedControl", "Gift", "<tag value=\"25\">$25</tag><tag value=\"50\">$50</tag>"))
              \(item("thanks", "textField", "Message", "", " isHidden=\"YES\""))
            </group>
            """, relationships + "\n" + rel("item::countryCode", "country != \"\"", "<copy>country</copy>"))
    }

    static let wholeForms: [WholeForm] = [
        WholeForm(name: "an English form with two French labels pasted in: one note, no missing-translation",
                  text: donation(french: ["city": "Ville", "email": "Courriel"]),
                  expected: [("stray-language", "FR_CA appears in 2 of the form's 9 texts (the label of 'email', the label of 'city')")]),
        WholeForm(name: "the same form with French declared in .formconv.yml: every other text lacks it",
                  text: donation(french: ["city": "Ville", "email": "Courriel"]),
                  config: { var c = LintConfig(); c.translations.declared = ["EN_US", "FR_CA"]; return c }(),
                  expected: ["firstName", "lastName", "homeNum", "alternateNum", "country", "gift", "thanks"]
                    .map { ("missing-translation", "the label of '\($0)' has no FR_CA text") }),
        WholeForm(name: "a bilingual form with one label left untranslated",
                  text: donation(french: ["firstName": "Prénom", "lastName": "Nom", "email": "Courriel", "homeNum": "Domicile",
                                          "alternateNum": "Autre", "country": "Pays", "gift": "Don", "thanks": "Message"]),
                  expected: [("missing-translation", "the label of 'city' has no FR_CA")]),
        WholeForm(name: "a condition whose if and else are identical is irrelevant, even comparing with no option's value",
                  text: donation(relationships: rel("item::thanks", "gift == \"100\"", show, show)),
                  expected: [("irrelevant-condition", "gift == \"100\"")]),
        WholeForm(name: "the always-true idiom with a value no option has is silent",
                  text: donation(relationships: rel("item::thanks", "gift != \"0\"", "<submit>THIS</submit>")),
                  expected: []),
        WholeForm(name: "the idiom's shape with a value in another case is still a typo",
                  text: donation(relationships: rel("item::thanks", "country != \"ca\"", show, hide)),
                  expected: [("unknown-option-value", "did you mean \"CA\"")]),
        WholeForm(name: "a conditional requirement list naming two phones is not an invalid value",
                  text: donation(phoneRequirement: " required=\"homeNum|alternateNum\""),
                  expected: []),
        WholeForm(name: "a requirement list with || naming an item that does not exist",
                  text: donation(phoneRequirement: " required=\"homeNum||workNum\""),
                  expected: [("unknown-reference", "names 'workNum'")]),
    ]

    @Test(arguments: wholeForms)
    func wholeFormFindingsAreExactlyTheExpectedOnes(_ c: WholeForm) {
        let findings = Linter.lint(InputDocument(name: "form.xml", text: c.text), format: .mmxml,
                                   options: LintOptions(config: c.config)).findings
        Self.expectExactly(c.expected, in: findings)
    }

    /// Each rule's documented silent patterns are silent for that rule (docs/rules shows them).
    @Test(arguments: LintRules.all.filter { !$0.silentOn.isEmpty }.map { $0.id })
    func documentedSilentPatternsAreSilent(_ id: String) {
        for e in LintRules.rule(id)!.silentOn {
            let findings = Linter.lint(InputDocument(name: e.fileName, text: e.text), format: e.format, options: LintOptions(target: e.target)).findings
            #expect(!findings.contains { $0.id == id }, "\(id) on its silent pattern: \(findings.map { $0.formatted() })")
            #expect(!e.why.isEmpty)
        }
    }
}
