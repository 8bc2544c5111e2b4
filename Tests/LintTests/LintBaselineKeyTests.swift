import Foundation
import Testing
@testable import FormConvKit
import FormIR

/// Baselines keyed by meaning (form identity, item, rule, message hash): what teams do to forms —
/// reorder groups, reformat, rename or move the file, convert it to YAML — keeps old findings known,
/// while a finding that is new is still reported. SARIF fingerprints use the same key.
@Suite struct LintBaselineKeyTests {
    static func lint(_ text: String, name: String, format: FormatID) -> LintFileResult {
        Linter.lint(InputDocument(name: name, text: text), format: format, options: LintOptions())
    }

    static let contact = """
        <group name="contact">
          <item name="email" type="textField"><label>Email</label></item>
          <item name="province" type="dropDown"><label>Province</label></item>
        </group>
    """
    static let gift = """
        <group name="gift">
          <item name="amount" type="dropDown"><label>Amount</label>
            <option value="10">Ten</option><option value="10">Ten again</option></item>
          <item name="title" type="dropDown"><label>Title</label></item>
        </group>
    """
    static func form(_ groups: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <form formPrefix="CH07">
          <page name="donor">
        \(groups)
          </page>
        </form>

        """
    }

    @Test func baselineSurvivesReorderReformatRenameAndConversionToYAML() throws {
        let before = Self.lint(Self.form(Self.contact + "\n" + Self.gift), name: "forms/donation.xml", format: .mmxml)
        #expect(before.findings.map(\.id).sorted() == ["duplicate-option-value", "empty-options", "empty-options"],
                "\(before.findings.map { $0.formatted() })")
        let baseline = try #require(LintBaseline(bytes: LintBaseline([before]).encoded()))

        // Reorder the two groups, reformat (one line per group, other indentation), add a new problem.
        let newProblem = #"<item name="region" type="dropDown"><label>Region</label></item>"#
        let reordered = Self.form(
            Self.gift.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ") + "\n"
                + Self.contact.replacingOccurrences(of: "</group>", with: newProblem + "</group>")
                    .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n\n"))
        let xml = Self.lint(reordered, name: "renamed/gift-form.xml", format: .mmxml)
        let (xmlLeft, xmlKnown) = baseline.filter([xml])
        #expect(xmlKnown == before.findings.count, "\(xmlLeft[0].findings.map { $0.formatted() })")
        #expect(xmlLeft[0].findings.map(\.id) == ["empty-options"] && xmlLeft[0].findings[0].message.contains("region"),
                "only the new finding: \(xmlLeft[0].findings.map { $0.formatted() })")

        // Then convert it to the row schema in YAML under another name.
        let converted = Converter.convert(InputDocument(name: "renamed/gift-form.xml", text: reordered), from: .mmxml, to: .yaml)
        let yamlBytes = try #require(converted.output, "\(converted.diagnostics.items.map { $0.formatted() })")
        let yaml = Linter.lint(InputDocument(name: "yaml/gift.yaml", bytes: yamlBytes), format: .yaml, options: LintOptions())
        #expect(yaml.formIdentity == "CH07", "the YAML keeps the form's identity")
        let (yamlLeft, yamlKnown) = baseline.filter([yaml])
        // The row schema keeps one value per option, so the repeated value is gone; both empty items are known.
        #expect(yamlKnown == 2, "\(yamlLeft[0].findings.map { $0.formatted() })")
        #expect(yamlLeft[0].findings.map(\.id) == ["empty-options"]
                && yamlLeft[0].findings.contains { $0.message.contains("region") },
                "only the new finding: \(yamlLeft[0].findings.map { $0.formatted() })")
    }

    @Test func writingTheBaselineAgainPrunesWhatIsGone() throws {
        let before = Self.lint(Self.form(Self.contact + "\n" + Self.gift), name: "a.xml", format: .mmxml)
        let baseline = LintBaseline([before])
        // The repeated option value is fixed and a new problem appears: the pruned baseline drops the first
        // and does not add the second.
        let fixed = Self.form(Self.contact.replacingOccurrences(of: "</group>", with: #"<item name="region" type="dropDown"/></group>"#)
                              + "\n" + Self.gift.replacingOccurrences(of: "Ten again", with: "Twenty").replacingOccurrences(of: "\"10\">Twenty", with: "\"20\">Twenty"))
        let after = Self.lint(fixed, name: "a.xml", format: .mmxml)
        let pruned = baseline.pruned(to: [after])
        #expect(pruned.total == baseline.total - 1)
        let (left, known) = pruned.filter([after])
        #expect(known == pruned.total)
        #expect(left[0].findings.map(\.id) == ["empty-options"] && left[0].findings[0].message.contains("region"))
    }

    @Test func versionOneBaselinesAreStillMatchedByFileAndMessage() throws {
        let result = Self.lint(Self.form(Self.contact), name: "forms/a.xml", format: .mmxml)
        let finding = try #require(result.findings.first)
        let v1 = #"{"formconv-baseline": 1, "findings": [{"file": "forms/a.xml", "rule": "\#(finding.id)", "message": "\#(finding.message)", "count": 1}]}"#
        let baseline = try #require(LintBaseline(bytes: Array(v1.utf8)))
        #expect(baseline.isLegacy)
        #expect(baseline.filter([result]).baselined == 1)
    }

    @Test func keysLeavePositionsOutOfTheMessage() {
        #expect(LintFindingKey.withoutPositions("'email' is defined twice (first at 12:5)") == "'email' is defined twice (first at #:#)")
        #expect(LintFindingKey.withoutPositions("'sponsor1Address' is hidden") == "'sponsor1Address' is hidden")
        #expect(LintFindingKey.subject(of: "/pages/0/sections/3/fields/email") == "email")
        #expect(LintFindingKey.subject(of: "/rules/4") == "relationships")
        #expect(LintFindingKey.fnv1a("") == "cbf29ce484222325", "FNV-1a 64 of the empty string")
        #expect(LintFindingKey.fnv1a("a") == "af63dc4c8601ec8c", "FNV-1a 64 of \"a\" (published test vector)")
    }

    @Test func sarifFingerprintsAreTheBaselineKey() throws {
        let result = Self.lint(Self.form(Self.contact), name: "forms/a.xml", format: .mmxml)
        let moved = Self.lint(Self.form("\n\n" + Self.contact), name: "elsewhere/b.xml", format: .mmxml)
        func prints(_ r: LintFileResult) throws -> [String] {
            let log = try JSONSerialization.jsonObject(with: Data(SARIF.render([r]).utf8)) as? [String: Any]
            let results = (log?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]] ?? []
            return results.compactMap { ($0["partialFingerprints"] as? [String: String])?["formconv/v2"] }
        }
        let a = try prints(result), b = try prints(moved)
        #expect(!a.isEmpty && a == b)
        #expect(a == result.findings.map { LintFindingKey($0, in: result).fingerprint })
    }
}
