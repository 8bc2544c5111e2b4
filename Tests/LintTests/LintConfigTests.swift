import Foundation
import Testing
@testable import FormConvKit
import FormIR

@Suite struct LintConfigTests {
    @Test func globs() {
        #expect(Glob("legacy/**").matches("legacy/a/b.xml"))
        #expect(Glob("**/*.plist").matches("a/b/c.plist"))
        #expect(Glob("**/*.plist").matches("c.plist"))
        #expect(Glob("*.xml").matches("deep/dir/x.xml"), "a pattern without a slash matches at any depth")
        #expect(!Glob("src/*.xml").matches("src/a/b.xml"))
        #expect(Glob("src/?.xml").matches("src/a.xml"))
        #expect(!Glob("legacy/**").matches("current/a.xml"))
    }

    @Test func suppressionsSilenceTheNextLineAndReportUnusedOnes() {
        let text = """
        <form>
          <!-- formconv-disable-next-line empty-options -- filled by the server -->

          <item name="a" type="dropDown"/>
          <!-- formconv-disable-next-line duplicate-name, bogus-rule -->
          <item name="b" type="textField"/>
        </form>
        """
        var s = Suppressions(text: text)
        let hit = Diagnostic(.warning, id: "empty-options", "x", at: SourceLocation(file: "f", line: 4, column: 3))
        let first = s.suppresses(hit)
        let other = s.suppresses(Diagnostic(.warning, id: "empty-options", "x", at: SourceLocation(file: "f", line: 6, column: 3)))
        #expect(first)
        #expect(!other)
        let unused = s.unused(file: "f")
        #expect(unused.count == 1)
        #expect(unused[0].location?.line == 5)
        #expect(unused[0].location?.column == 8)
        #expect(unused[0].message.contains("bogus-rule"))
    }

    @Test func githubCommandsAreEscaped() {
        let d = Diagnostic(.error, id: "parse-error", "50% broken\nline two", at: SourceLocation(file: "dir,x/a:b.xml", line: 3, column: 9))
        #expect(LintReport.github(d) == "::error file=dir%2Cx/a%3Ab.xml,line=3,col=9,title=formconv parse-error::50%25 broken%0Aline two")
        let n = Diagnostic(.note, id: "custom-class", "m", at: nil)
        #expect(LintReport.github(n) == "::notice title=formconv custom-class::m")
    }

    @Test func summaryAndExitCodes() {
        let r = [LintFileResult(file: "a", format: .mmxml, findings: [Diagnostic(.warning, id: "unknown-tag", "w")])]
        let s = LintSummary(results: r, seconds: 0.5)
        #expect(s.line == "Linted 1 file: 0 errors, 1 warning, 0 notes in 0.50s")
        // The exit status is the run's, as for convert: a warning fails only under a threshold.
        let run = RunResult(lint: r)
        #expect(run.exitStatus(policy: FailurePolicy()) == .success)
        #expect(run.exitStatus(policy: FailurePolicy(strict: true)) == .failure)
        #expect(run.tripped(by: FailurePolicy(strict: true)) == [IDCount(id: "unknown-tag", count: 1, files: 1)])
    }

    @Test func suggestions() {
        #expect(Suggest.closest(to: "empty-option", in: LintRules.all.map(\.id)) == "empty-options")
        #expect(Suggest.closest(to: "zzzzzzzz", in: ["json", "yaml"]) == nil)
    }
}

@Suite struct LintConfigFileTests {
    static func parse(_ text: String) throws -> (LintConfig, Diagnostics) {
        var d = Diagnostics()
        let c = try LintConfig.parse(Array(text.utf8), name: ".formconv.yml", diagnostics: &d)
        return (c, d)
    }

    @Test func severitiesOffAndExcludes() throws {
        let (c, d) = try Self.parse("rules:\n  empty-options: off\n  unknown-tag: error\n  custom-class: false\nexclude:\n  - legacy/**\n")
        #expect(d.items.isEmpty)
        #expect(c.severity(of: LintRules.rule("empty-options")!) == nil)
        #expect(c.severity(of: LintRules.rule("custom-class")!) == nil)
        #expect(c.severity(of: LintRules.rule("unknown-tag")!) == .error)
        #expect(c.severity(of: LintRules.rule("parse-error")!) == .error)
        #expect(c.excludes("legacy/old/form.xml"))
    }

    @Test func unknownRulesAndSeveritiesAreErrorsWithPositions() throws {
        let (_, d) = try Self.parse("rules:\n  empty-option: off\n  unknown-tag: loud\nbogus: 1\n")
        let byID = Dictionary(grouping: d.items, by: \.id)
        let unknown = try #require(byID["config.unknown-rule"]?.first)
        #expect(unknown.message.contains("did you mean 'empty-options'"))
        #expect(unknown.location?.line == 2 && unknown.location?.column == 3)
        #expect(byID["config.invalid-severity"]?.first?.location?.line == 3)
        #expect(byID["config.unknown-key"]?.first?.severity == .warning)
    }

    @Test func malformedYAMLThrows() {
        #expect(throws: ReadFailure.self) { try Self.parse("rules: [unclosed\n") }
    }
}
