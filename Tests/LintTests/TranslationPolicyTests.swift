import Testing
@testable import FormConvKit
import FormIR

/// `translations:` in .formconv.yml: declared languages and the share that makes a language one of
/// the form's (docs/cli.md), read with positions for its mistakes, and applied by `missing-translation`.
@Suite struct TranslationPolicyTests {
    static func config(_ yaml: String) throws -> (LintConfig, [Diagnostic]) {
        var d = Diagnostics()
        let c = try LintConfig.parse(Array(yaml.utf8), name: ".formconv.yml", diagnostics: &d)
        return (c, d.items)
    }

    @Test func languagesAndShareAreRead() throws {
        let (c, d) = try Self.config("translations:\n  languages: [EN_US, FR_CA]\n  min-share: 10%\n")
        #expect(d.isEmpty)
        #expect(c.translations == TranslationPolicy(declared: ["EN_US", "FR_CA"], minimumShare: 0.10))
        #expect(try Self.config("translations:\n  min-share: 0.4\n").0.translations.minimumShare == 0.4)
        #expect(LintConfig().translations.minimumShare == 0.25, "the documented default")
    }

    @Test func mistakesAreErrorsWithPositions() throws {
        let (_, d) = try Self.config("translations:\n  min-share: lots\n  language: [FR_CA]\n")
        #expect(d.map(\.id) == ["config.invalid", "config.unknown-key"])
        #expect(d.first?.location?.line == 2)
    }

    /// French on 2 of 9 texts (22%): a stray under the default share, a form language at 20%.
    @Test func theShareDecidesWhetherALanguageIsTheForms() {
        let items = (1...9).map { i in
            "<item name=\"t\(i)\" type=\"textField\"><label language=\"EN_US\">Text \(i)</label>"
                + (i <= 2 ? "<label language=\"FR_CA\">Texte \(i)</label>" : "") + "</item>"
        }.joined(separator: "\n")
        let text = LintRules.mm(items)
        func rules(_ share: Double) -> [String] {
            var config = LintConfig()
            config.translations.minimumShare = share
            return Linter.lint(InputDocument(name: "f.xml", text: text), format: .mmxml, options: LintOptions(config: config)).findings.map(\.id)
        }
        #expect(rules(0.25) == ["stray-language"])
        #expect(rules(0.20) == Array(repeating: "missing-translation", count: 7))
    }

    /// The form's languages are named in order of first use, each as first spelled: the first text
    /// lists FR_CA before EN_US, so every message names them in that order.
    @Test func languagesAreNamedInOrderOfFirstUse() {
        let both = (1...8).map { i in
            "<item name=\"t\(i)\" type=\"textField\"><label language=\"FR_CA\">Texte \(i)</label>"
                + "<label language=\"EN_US\">Text \(i)</label></item>"
        }
        let items = both + ["<item name=\"de\" type=\"textField\"><label language=\"DE_DE\">Text</label></item>"]
        let findings = Linter.lint(InputDocument(name: "f.xml", text: LintRules.mm(items.joined(separator: "\n"))),
                                   format: .mmxml, options: LintOptions()).findings
        #expect(findings.map(\.id).sorted() == ["missing-translation", "stray-language"])
        let stray = findings.first { $0.id == "stray-language" }?.message ?? ""
        #expect(stray.hasPrefix("DE_DE appears in 1 of the form's 9 texts (the label of 'de'), "))
        #expect(stray.contains("one of the form's languages (FR_CA, EN_US)"))
        #expect(findings.first { $0.id == "missing-translation" }?.message == "the label of 'de' has no FR_CA, EN_US text")
    }
}
