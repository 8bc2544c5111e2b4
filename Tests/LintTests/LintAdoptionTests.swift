import Foundation
import Testing
@testable import FormConvKit
import FormIR
import FormConvTestSupport

/// Adopting lint on a legacy repository: baselines, `--fix`, suppressions in every format that can
/// hold them, file-level disabling, and SARIF rule help a viewer can show.
@Suite struct LintAdoptionTests {
    static func lint(_ text: String, name: String, format: FormatID) -> [Diagnostic] {
        Linter.lint(InputDocument(name: name, bytes: Array(text.utf8)), format: format, options: LintOptions()).findings
    }

    static let duplicateRows = """
    {
      "title": "Rows",
      "sections": [ { "items": [
        { "type": "text", "id": "name", "title": "Name" },
        { "type": "text", "id": "name", "title": "Again" }
      ] } ]
    }

    """

    // MARK: baselines

    @Test func baselineDropsRecordedFindingsAndKeepsNewOnes() throws {
        let a = LintFileResult(file: "a.xml", format: .mmxml, findings: [
            Diagnostic(.error, id: "duplicate-name", "x twice", at: SourceLocation(file: "a.xml", line: 3, column: 1)),
            Diagnostic(.warning, id: "empty-options", "no options", at: SourceLocation(file: "a.xml", line: 9, column: 1)),
        ])
        let baseline = try #require(LintBaseline(bytes: LintBaseline([a]).encoded()), "a baseline reads back")
        #expect(baseline.total == 2)
        // The same findings on other lines (an edit above them) are still known; a third is new.
        var later = a
        later.findings = a.findings.map { d in var d = d; d.location?.line += 10; return d }
            + [Diagnostic(.error, id: "duplicate-name", "x twice", at: SourceLocation(file: "a.xml", line: 40, column: 1))]
        let (kept, dropped) = baseline.filter([later])
        #expect(dropped == 2)
        #expect(kept[0].findings.map(\.location?.line) == [40])
        // Another file's findings are not the baseline's.
        let other = LintFileResult(file: "b.xml", format: .mmxml, findings: a.findings)
        #expect(baseline.filter([other]).baselined == 0)
    }

    @Test func baselineIsSortedVersionedJSON() throws {
        let r = LintFileResult(file: "./z.xml", format: .mmxml, findings: [
            Diagnostic(.warning, id: "b-rule", "m", at: SourceLocation(file: "./z.xml", line: 1, column: 1)),
            Diagnostic(.warning, id: "a-rule", "m", at: SourceLocation(file: "./z.xml", line: 2, column: 1)),
            Diagnostic(.warning, id: "a-rule", "m", at: SourceLocation(file: "./z.xml", line: 3, column: 1)),
        ])
        let out = try Subprocess.python("""
        import json, sys
        b = json.load(sys.stdin)
        print(b["formconv-baseline"], [(f["form"], f["rule"], f["count"]) for f in b["findings"]])
        """, input: LintBaseline([r]).encoded())
        // No form identity: the file's path (without ./) names the form.
        #expect(out == "2 [('z.xml', 'a-rule', 2), ('z.xml', 'b-rule', 1)]\n")
        #expect(LintBaseline(bytes: Array(#"{"formconv-baseline": 3, "findings": []}"#.utf8)) == nil, "a later version is refused")
        #expect(LintBaseline(bytes: Array("[]".utf8)) == nil)
    }

    // MARK: suppressions

    @Test func jsonMemberSuppressesTheNextLine() {
        #expect(Self.lint(Self.duplicateRows, name: "r.json", format: .json).map(\.id) == ["duplicate-name"])
        let suppressed = Self.duplicateRows.replacingOccurrences(of: #"    { "type": "text", "id": "name", "title": "Again" }"#, with: """
            { "//": "formconv-disable-next-line duplicate-name -- merged by the server",
              "type": "text", "id": "name", "title": "Again" }
        """)
        #expect(Self.lint(suppressed, name: "r.json", format: .json).isEmpty, "neither the finding nor the '//' member is reported")
    }

    @Test func yamlCommentSuppressesTheNextLine() {
        let yaml = """
        title: Rows
        sections:
          - items:
              - {type: text, id: name, title: Name}
              # formconv-disable-next-line duplicate-name -- merged by the server
              - {type: text, id: name, title: Again}

        """
        #expect(Self.lint(yaml, name: "r.yaml", format: .yaml).isEmpty)
        let unused = yaml.replacingOccurrences(of: "duplicate-name --", with: "empty-options --")
        #expect(Self.lint(unused, name: "r.yaml", format: .yaml).map(\.id).sorted() == ["duplicate-name", "unused-suppression"])
    }

    @Test func fileLevelDisablingIsHonoured() {
        let xml = LintRules.mm("<item name=\"zip\" type=\"TextField\">\n  <label>ZIP</label>\n</item>")
        #expect(Self.lint(xml, name: "f.xml", format: .mmxml).map(\.id) == ["deprecated-spelling"])
        let one = xml.replacingOccurrences(of: "<form>", with: "<!-- formconv-disable-file deprecated-spelling -- later -->\n<form>")
        #expect(Self.lint(one, name: "f.xml", format: .mmxml).isEmpty)
        let other = xml.replacingOccurrences(of: "<form>", with: "<!-- formconv-disable-file empty-options -->\n<form>")
        #expect(Self.lint(other, name: "f.xml", format: .mmxml).map(\.id) == ["deprecated-spelling"])
        let all = xml.replacingOccurrences(of: "<form>", with: "<!-- formconv-disable-file -->\n<form>")
        #expect(Self.lint(all, name: "f.xml", format: .mmxml).isEmpty, "without rule ids, every rule")
        // In JSON, as a member.
        let json = Self.duplicateRows.replacingOccurrences(of: "\"title\": \"Rows\",",
                                                           with: "\"title\": \"Rows\", \"//\": \"formconv-disable-file duplicate-name\",")
        #expect(Self.lint(json, name: "r.json", format: .json).isEmpty)
    }

    /// XML property lists hold XML comments: a suppression there works as in MM XML.
    @Test func propertyListCommentSuppresses() throws {
        let url = TestPaths.examples.appendingPathComponent("settings.rmsform.plist")
        let plist = try String(contentsOf: url, encoding: .utf8)
        let before = Self.lint(plist, name: "s.plist", format: .rmsform)
        let first = try #require(before.first { $0.id == "substitution-reference" }?.location?.line)
        var lines = plist.components(separatedBy: "\n")
        lines.insert("<!-- formconv-disable-next-line substitution-reference -- the app supplies these -->", at: first - 1)
        let after = Self.lint(lines.joined(separator: "\n"), name: "s.plist", format: .rmsform)
        let onThatLine = before.filter { $0.id == "substitution-reference" && $0.location?.line == first }.count
        #expect(onThatLine > 0)
        #expect(after.filter { $0.id == "substitution-reference" }.count
                == before.filter { $0.id == "substitution-reference" }.count - onThatLine)
        #expect(!after.contains { $0.id == "unused-suppression" })
    }

    // MARK: --fix

    static let legacy = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!-- <item type="TextField"> in a comment stays -->
    <form name="f">
      <page name="p">
        <group name="g">
          <item name="zip"  type = "TextField" required="YES">
            <label>ZIP — Code postal</label>
            <validation> numbers </validation>
            <regEx><![CDATA[^<regEx>[0-9]{5}$]]></regEx>
            <regexMessage>Five digits</regexMessage>
          </item>
          <item name="go" type='InfoButton'><label>Go</label><buttonPosition>Bottom_Right</buttonPosition></item>
          <item name="bank" type="UKBankPinger"><label>Bank</label></item>
          <item name="ok" type="textField"><label>OK</label><validation>numeric</validation></item>
        </group>
      </page>
    </form>

    """

    @Test func fixRewritesOnlyTheLegacySpellings() throws {
        let bytes = Array(Self.legacy.utf8)
        let edits = LegacySpellingFix.edits(in: bytes)
        #expect(edits.map(\.text) == ["textField", "numeric", "regex", "regex", "regexmessage", "regexmessage", "infoButton", "low_right"])  // the schema's enumeration
        let fixed = String(decoding: LegacySpellingFix.apply(edits, to: bytes), as: UTF8.self)
        // Line by line, only the spellings differ: every other byte is where it was.
        let before = Self.legacy.split(separator: "\n", omittingEmptySubsequences: false)
        let after = fixed.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(before.count == after.count)
        let changed = zip(before, after).enumerated().filter { $0.element.0 != $0.element.1 }.map { $0.offset + 1 }
        #expect(changed == [6, 8, 9, 10, 12])
        #expect(after[5] == #"      <item name="zip"  type = "textField" required="YES">"#)
        #expect(after[7] == "        <validation> numeric </validation>")
        #expect(after[8] == "        <regex><![CDATA[^<regEx>[0-9]{5}$]]></regex>", "CDATA content is text, not a tag")
        #expect(after[1] == before[1], "comments are left alone")
        // Linted again: the spellings are gone, nothing else changed in what the form means.
        let findings = Self.lint(fixed, name: "f.xml", format: .mmxml)
        #expect(!findings.contains { $0.id == "deprecated-spelling" }, "\(findings.map(\.message))")
        #expect(LegacySpellingFix.edits(in: Array(fixed.utf8)).isEmpty, "a fixed file needs no fix")
    }

    @Test(.enabled(if: Subprocess.which("xmllint"), "needs xmllint"))
    func fixedFileIsWellFormedAndReplacedAtomically() throws {
        let dir = try ScratchDirectory("fix")
        defer { dir.remove() }
        let path = try dir.write(Self.legacy, to: "forms/f.xml")
        #expect(chmod(path, 0o640) == 0)
        #expect(try LegacySpellingFix.fix(file: path, maxInputSize: 1 << 20).get() == .fixed(edits: 8, diff: nil))
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o640, "the fixed file keeps its permissions")
        #expect(dir.names(in: "forms") == ["f.xml"], "no temporary file left")
        let check = try Subprocess.run("xmllint", ["--noout", path])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(try LegacySpellingFix.fix(file: path, maxInputSize: 1 << 20).get() == .fixed(edits: 0, diff: nil))
    }

    // MARK: SARIF

    @Test func sarifRuleHelpCarriesTheRulePageAsMarkdown() throws {
        let sarif = LintReport.render([], as: .sarif)
        let out = try Subprocess.python("""
        import json, sys
        rules = json.load(sys.stdin)["runs"][0]["tool"]["driver"]["rules"]
        bad = [r["id"] for r in rules if not r["help"]["markdown"].startswith("# `" + r["id"] + "`") or "docs/rules" in r["help"]["text"]]
        print(len(rules), bad)
        """, stdin: sarif)
        #expect(out == "\(LintRules.all.count) []\n")
    }
}
