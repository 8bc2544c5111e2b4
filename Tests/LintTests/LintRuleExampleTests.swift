import Foundation
import Testing
@testable import FormConvKit
import FormIR

/// Every rule's documented bad example must trigger it and its good example must not: the docs and
/// the rules cannot disagree.
@Suite struct LintRuleExampleTests {
    static func lint(_ e: LintExample) -> [Diagnostic] {
        Linter.lint(InputDocument(name: e.fileName, text: e.text), format: e.format,
                    options: LintOptions(target: e.target)).findings
    }

    @Test(arguments: LintRules.all.map(\.id))
    func badExampleTriggersRule(_ id: String) {
        let rule = LintRules.rule(id)!
        let findings = Self.lint(rule.bad)
        #expect(findings.contains { $0.id == id }, "bad example of \(id) gave: \(findings.map { $0.formatted() })")
        for f in findings where f.id == id {
            #expect(f.location?.line ?? 0 >= 1, "\(id) findings carry a line")
            #expect(f.severity == rule.defaultSeverity)
        }
    }

    @Test(arguments: LintRules.all.map(\.id))
    func goodExampleIsClean(_ id: String) {
        let findings = Self.lint(LintRules.rule(id)!.good)
        #expect(!findings.contains { $0.id == id }, "good example of \(id) gave: \(findings.map { $0.formatted() })")
        #expect(!findings.contains { $0.severity == .error }, "good example of \(id) has errors: \(findings.map { $0.formatted() })")
    }

    /// Several rules read answers worked out once per file (items sharing keys, required items nothing
    /// shows, conflicting relationships, language-tagged texts), and only when one of them is on: each
    /// rule, alone on, reports on its bad example exactly what it reports among all the rules.
    @Test(arguments: LintRules.checks.map(\.id))
    func ruleAloneReportsAsAmongAll(_ id: String) {
        let bad = LintRules.rule(id)!.bad
        var config = LintConfig()
        for other in LintRules.all where other.id != id { config.severities[other.id] = .some(nil) }
        let alone = Linter.lint(InputDocument(name: bad.fileName, text: bad.text), format: bad.format,
                                options: LintOptions(config: config, target: bad.target)).findings
        let amongAll = Self.lint(bad).filter { $0.id == id }
        #expect(!alone.isEmpty)
        #expect(alone.map { $0.formatted() } == amongAll.map { $0.formatted() })
    }

    @Test func ruleIDsAreUniqueAndKebabCase() {
        let ids = LintRules.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        for id in ids { #expect(id.allSatisfy { $0.isLowercase || $0 == "-" }, "\(id)") }
    }

    @Test func onlyBreakingRulesAreErrors() {
        let errors = Set(LintRules.all.filter { $0.defaultSeverity == .error }.map(\.id))
        #expect(errors == ["parse-error", "duplicate-name", "missing-target", "condition-syntax", "unknown-reference",
                           "invalid-regex", "min-greater-than-max", "required-always-hidden"])
    }
}
