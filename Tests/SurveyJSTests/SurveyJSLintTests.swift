import Foundation
import Testing
import FormIR
import FormConvKit
import FormConvTestSupport

/// `formconv lint` on a folder of SurveyJS surveys reports the messy cases under formconv's rules, at
/// the survey JSON positions, in text, JSON and SARIF (the SARIF checked against the 2.1.0 schema).
@Suite struct SurveyJSLintTests {
    static let folder = SurveyJSReaderTests.fixtures
    /// Rule, and a needle whose first occurrence in messy.survey.json is on the finding's line.
    static let expected: [(String, String)] = [
        ("deprecated-spelling", "\"questions\""), ("duplicate-name", "\"age\", \"title\""), ("parse-error", "\"name\": \"\""),
        ("unknown-tag", "\"enabledIf\""), ("unknown-reference", "{maritalStatus}"), ("condition-syntax", "'maried\""),
        ("unknown-type", "\"textfield\""), ("unknown-option-value", "{marital} = 'maried'"), ("required-never-shown", "\"never\""),
    ]

    static func line(of needle: String) throws -> Int {
        try SurveyJSReaderTests.position(of: needle, in: SurveyJSReaderTests.messyURL).0
    }

    @Test func jsonFindingsHaveRulesAndPositions() throws {
        let r = try TestPaths.runFormconv(["lint", Self.folder.path, "--format", "json"])
        #expect(r.status == 1, "errors fail the run: \(r.stderr)")
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        for (rule, needle) in Self.expected {
            let line = try Self.line(of: needle)
            #expect(findings.contains { $0["rule"] as? String == rule && $0["line"] as? Int == line
                                        && ($0["file"] as? String)?.hasSuffix("messy.survey.json") == true },
                    "\(rule) at line \(line): \(findings.map { "\($0["rule"]!)@\($0["line"]!)" })")
        }
    }

    @Test func textFindingsPrintFileLineColumn() throws {
        let r = try TestPaths.runFormconv(["lint", Self.folder.path])
        let (line, column) = try SurveyJSReaderTests.position(of: "\"enabledIf\"", in: SurveyJSReaderTests.messyURL)
        // Findings on standard output (issue 39); standard error holds the summary.
        #expect(r.stdout.contains("messy.survey.json:\(line):\(column): warning: the text question 'spouse' has the property 'enabledIf'"), "\(r.stdout)")
        #expect(r.stdout.contains("did you mean 'enableIf'?"))
    }

    @Test(.enabled(if: Subprocess.which("python3"), "needs python3 with jsonschema"))
    func sarifValidatesAndKeepsPositions() throws {
        let r = try TestPaths.runFormconv(["lint", Self.folder.path, "--format", "sarif"])
        let schema = TestPaths.shared.appendingPathComponent("schemas/sarif-schema-2.1.0.json").path
        let check = try Subprocess.python("""
            import json, sys, jsonschema
            doc = json.loads(sys.stdin.read())
            jsonschema.Draft7Validator(json.load(open(sys.argv[1]))).validate(doc)
            for res in doc["runs"][0]["results"]:
                region = res["locations"][0]["physicalLocation"]["region"]
                print(res["ruleId"], region["startLine"], region["startColumn"])
            """, [schema], stdin: r.stdout)
        for (rule, needle) in Self.expected {
            #expect(check.contains("\(rule) \(try Self.line(of: needle)) "), "\(rule): \(check)")
        }
    }
}
