import Foundation
import Testing
@testable import FormConvKit
import FormIR
import FormConvTestSupport

/// SARIF checked against the official 2.1.0 schema with python3 `jsonschema`; rule docs checked fresh.
@Suite struct LintOutputTests {
    static let repo = TestPaths.repo

    static let results = [
        LintFileResult(file: "forms/a b.xml", format: .mmxml, findings: [
            Diagnostic(.error, id: "duplicate-name", "'email' is defined twice", at: SourceLocation(file: "forms/a b.xml", line: 4, column: 7)),
            Diagnostic(.warning, id: "unknown-tag", "unknown tag <lable>", at: SourceLocation(file: "forms/a b.xml", line: 9, column: 3)),
        ]),
        LintFileResult(file: "b.plist", format: .rmsform, findings: [
            Diagnostic(.note, id: "custom-class", "custom cell class", at: nil),
        ]),
    ]

    @Test func sarifValidatesAgainstTheOfficialSchema() throws {
        let sarif = LintReport.render(Self.results, as: .sarif)
        let schema = TestPaths.shared.appendingPathComponent("schemas/sarif-schema-2.1.0.json")
        try #require(FileManager.default.fileExists(atPath: schema.path), "official SARIF schema at \(schema.path)")
        let out = try Subprocess.python("""
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1]))
        log = json.load(sys.stdin)
        jsonschema.validators.validator_for(schema)(schema).validate(log)
        run = log["runs"][0]
        print(len(run["tool"]["driver"]["rules"]), len(run["results"]))
        print(run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"])
        """, [schema.path], stdin: sarif)
        let lines = out.split(separator: "\n")
        #expect(lines.first == "\(LintRules.all.count) 3")
        #expect(lines.dropFirst().first == "forms/a%20b.xml")
    }

    @Test func jsonOutputListsEveryFinding() throws {
        let out = try Subprocess.python("""
        import json, sys
        items = json.load(sys.stdin)
        print(";".join(f'{i["rule"]}:{i["severity"]}:{i.get("line")}' for i in items))
        """, stdin: LintReport.render(Self.results, as: .json))
        #expect(out == "duplicate-name:error:4;unknown-tag:warning:9;custom-class:note:None\n")
    }

    @Test func textOutputIsCompilerStyle() {
        let text = LintReport.render(Self.results, as: .text)
        #expect(text.hasPrefix("forms/a b.xml:4:7: error: 'email' is defined twice [duplicate-name]\n"))
        // The colors of convert's diagnostics: error red, warning magenta.
        let colored = LintReport.render(Self.results, as: .text, color: true)
        #expect(colored.contains("\u{1B}[1;31merror\u{1B}[0m:"))
        #expect(colored.contains("\u{1B}[1;35mwarning\u{1B}[0m:"))
    }

    @Test func ruleDocsAreFresh() throws {
        let dir = Self.repo.appendingPathComponent("docs/rules")
        for (name, expected) in RuleDocs.files() {
            let actual = try? String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
            #expect(actual == expected,
                    "docs/rules/\(name) is stale: run `swift run formconv lint --write-rule-docs docs/rules`")
        }
        let committed = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".md") }
        #expect(Set(committed) == Set(RuleDocs.files().keys), "docs/rules holds exactly one page per rule plus README.md")
    }
}

