import Foundation
import Testing
@testable import FormConvKit
import FormIR

/// SARIF checked against the official 2.1.0 schema with python3 `jsonschema`; rule docs checked fresh.
@Suite struct LintOutputTests {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

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
        // CI clones the repository with shared/ beside it.
        let candidates = [Self.repo.deletingLastPathComponent().appendingPathComponent("shared"), URL(fileURLWithPath: "/work/shared")]
        let shared = candidates.first { FileManager.default.fileExists(atPath: $0.path) } ?? candidates[0]
        let schema = shared.appendingPathComponent("schemas/sarif-schema-2.1.0.json")
        try #require(FileManager.default.fileExists(atPath: schema.path), "official SARIF schema at \(schema.path)")
        let out = try Python.run("""
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1]))
        log = json.load(sys.stdin)
        jsonschema.validators.validator_for(schema)(schema).validate(log)
        run = log["runs"][0]
        print(len(run["tool"]["driver"]["rules"]), len(run["results"]))
        print(run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"])
        """, arguments: [schema.path], stdin: sarif)
        let lines = out.split(separator: "\n")
        #expect(lines.first == "\(LintRules.all.count) 3")
        #expect(lines.dropFirst().first == "forms/a%20b.xml")
    }

    @Test func jsonOutputListsEveryFinding() throws {
        let out = try Python.run("""
        import json, sys
        items = json.load(sys.stdin)
        print(";".join(f'{i["rule"]}:{i["severity"]}:{i.get("line")}' for i in items))
        """, stdin: LintReport.render(Self.results, as: .json))
        #expect(out == "duplicate-name:error:4;unknown-tag:warning:9;custom-class:note:None\n")
    }

    @Test func textOutputIsCompilerStyle() {
        let text = LintReport.render(Self.results, as: .text)
        #expect(text.hasPrefix("forms/a b.xml:4:7: error: 'email' is defined twice [duplicate-name]\n"))
        let colored = LintReport.text(Self.results[0].findings[0], color: true)
        #expect(colored.contains("\u{1B}[1;31merror:"))
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

/// Runs a python3 snippet, failing the test on a non-zero exit.
enum Python {
    struct Failure: Error, CustomStringConvertible { var description: String }

    static func run(_ script: String, arguments: [String] = [], stdin: String = "") throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", script] + arguments
        let input = Pipe(), output = Pipe(), error = Pipe()
        p.standardInput = input
        p.standardOutput = output
        p.standardError = error
        try p.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw Failure(description: "python3 failed: \(String(decoding: err, as: UTF8.self))")
        }
        return String(decoding: out, as: UTF8.self)
    }
}
