import Foundation
import Testing
@testable import FormConvKit
import FormIR
import Emitters

/// IR checks on forms built in code and read through `--from ir`, independent of any reader.
@Suite struct LintCheckTests {
    static func lint(_ form: Form, config: LintConfig = LintConfig()) throws -> [Diagnostic] {
        let bytes = IREmitter.encode(form)
        return Linter.lint(InputDocument(name: "f.ir.json", bytes: bytes), format: .ir,
                           options: LintOptions(config: config)).findings
    }
    static func form(_ fields: [Field], rules: [Rule] = [], hiddenSection: Bool = false) -> Form {
        Form(pages: [Page(id: "p", sections: [Section(id: "s", fields: fields, isHidden: hiddenSection)])], rules: rules)
    }
    static let loc = SourceLocation(file: "f.xml", line: 7, column: 3)

    @Test func duplicateFieldIDs() throws {
        let f = try Self.lint(Self.form([Field(id: "a", kind: .text), Field(id: "a", kind: .text, location: Self.loc)]))
        #expect(f.map(\.id) == ["duplicate-name"])
        #expect(f[0].location?.line == 7)
    }

    @Test func everyRepeatNamesTheFirstDefinition() throws {
        func at(_ line: Int) -> FormIR.SourceLocation { FormIR.SourceLocation(file: "f.xml", line: line, column: 3) }
        let f = try Self.lint(Self.form([Field(id: "b", kind: .text, location: at(1)), Field(id: "a", kind: .text, location: at(2)),
                                         Field(id: "a", kind: .text, location: at(3)), Field(id: "a", kind: .text, location: at(4))],
                                        rules: [Rule(condition: nil, target: .field("a"), then: [.show]),
                                                Rule(condition: nil, target: .field("zz"), then: [.show])]))
        #expect(f.filter { $0.id == "duplicate-name" }.map(\.message)
                == ["'a' is defined twice (first at 2:3)", "'a' is defined twice (first at 2:3)"])
        #expect(f.filter { $0.id == "missing-target" }.map(\.message) == ["the relationship's target item::zz does not exist"])
    }

    @Test func missingTargetAndUnknownReference() throws {
        let rule = Rule(condition: .compare(.field(FieldReference("ghost")), .equal, .literal(.string("x"))),
                        target: .section("nowhere"), then: [.show], location: Self.loc)
        let ids = try Self.lint(Self.form([Field(id: "a", kind: .text)], rules: [rule])).map(\.id)
        #expect(ids.contains("missing-target"))
        #expect(ids.contains("unknown-reference"))
    }

    @Test func optionsRegexAndBounds() throws {
        let fields = [
            Field(id: "empty", kind: .singleChoice),
            Field(id: "dup", kind: .singleChoice, options: [Option(value: .string("x")), Option(value: .string("x"))]),
            Field(id: "re", kind: .text, validation: Validation(patterns: [PatternRule(regex: "(unclosed")])),
            Field(id: "len", kind: .text, validation: Validation(minLength: 5, maxLength: 2)),
            Field(id: "sel", kind: .multipleChoice, options: [Option(value: .int(1))], validation: Validation(minSelected: 3, maxSelected: 1)),
            Field(id: "yr", kind: .date, validation: Validation(minYear: 5, maxYear: -5)),
        ]
        let f = try Self.lint(Self.form(fields))
        #expect(f.filter { $0.id == "empty-options" }.count == 1)
        #expect(f.filter { $0.id == "duplicate-option-value" }.count == 1)
        #expect(f.filter { $0.id == "invalid-regex" }.count == 1)
        #expect(f.filter { $0.id == "min-greater-than-max" }.count == 3)
    }

    @Test func setOptionsRuleFillsAnEmptyChoice() throws {
        let rule = Rule(condition: .literal(.bool(true)), target: .field("c"), then: [.setOptions([Option(value: .string("1"))])])
        let f = try Self.lint(Self.form([Field(id: "c", kind: .singleChoice)], rules: [rule]))
        #expect(!f.contains { $0.id == "empty-options" })
    }

    @Test func requiredHiddenFieldIsAnErrorOnlyWhenForcedAndEmpty() throws {
        // The language document: a hidden item submits only with forceSubmit, so an unforced one
        // cannot block submission (a note); a forced one that nothing fills can (an error).
        var hidden = Field(id: "h", kind: .text, validation: Validation(required: true), isHidden: true)
        #expect(try Self.lint(Self.form([hidden])).map(\.id) == ["required-never-shown"])
        hidden.submission.force = true
        let forced = try Self.lint(Self.form([hidden]))
        #expect(forced.map(\.id) == ["required-always-hidden"])
        #expect(forced.first?.severity == .error)
        hidden.defaultValue = .string("web")
        #expect(try Self.lint(Self.form([hidden])).isEmpty)
        let inHiddenSection = Field(id: "x", kind: .text, validation: Validation(required: true))
        #expect(try Self.lint(Self.form([inHiddenSection], hiddenSection: true)).map(\.id) == ["required-never-shown"])
        let shown = Rule(condition: .literal(.bool(true)), target: .section("s"), then: [.show])
        #expect(try Self.lint(Self.form([inHiddenSection], rules: [shown], hiddenSection: true)).isEmpty)
    }

    @Test func submissionCollisionsIncludeDateComponents() throws {
        let d = Field(id: "birth", kind: .date, submission: Submission(dateEncoding: .components))
        let t = Field(id: "t", kind: .text, submission: Submission(key: "birthDay"))
        let f = try Self.lint(Self.form([d, t]))
        #expect(f.map(\.id) == ["submission-key-collision"])
        #expect(f[0].message.contains("birthDay"))
    }

    @Test func translationsAndReferences() throws {
        let a = Field(id: "a", kind: .text, texts: FieldTexts(label: LocalizedText([.init(locale: "EN_US", text: "A"), .init(locale: "FR_CA", text: "A")])))
        let b = Field(id: "b", kind: .text, texts: FieldTexts(label: LocalizedText("B", locale: "EN_US")),
                      extensions: ["rmsform.properties": .object(["representedObject": .reference(":profile")])])
        let f = try Self.lint(Self.form([a, b]))
        #expect(f.first { $0.id == "missing-translation" }?.message.contains("FR_CA") == true)
        #expect(f.first { $0.id == "substitution-reference" }?.severity == .note)
    }

    @Test func configTurnsRulesOffAndChangesSeverity() throws {
        var config = LintConfig()
        config.severities["empty-options"] = .some(nil)
        config.severities["duplicate-option-value"] = .some(.error)
        let fields = [Field(id: "e", kind: .singleChoice),
                      Field(id: "d", kind: .singleChoice, options: [Option(value: .int(1)), Option(value: .int(1))])]
        let f = try Self.lint(Self.form(fields), config: config)
        #expect(f.map(\.id) == ["duplicate-option-value"])
        #expect(f[0].severity == .error)
    }
}
