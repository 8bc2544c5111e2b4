import Testing
@testable import FormConvKit
import FormIR

/// `unknown-option-value` on conditions built directly in the IR, as the NSPredicate formats (row
/// schema, XLForm) give them: `NOT`, `IN`, `[c]`, numeric option values and a literal on the left.
@Suite struct LintOptionValueTests {
    static func findings(_ choice: Field, _ condition: Expression) -> [LintFinding] {
        let target = Field(id: "extra", kind: .text, isHidden: true)
        let rule = Rule(condition: condition, target: .field("extra"), then: [.show], otherwise: [.hide])
        let form = Form(pages: [Page(id: "p", sections: [Section(id: "s", fields: [choice, target])])], rules: [rule])
        return LintChecks.unknownOptionValues(LintSubject(form: form, file: "f", format: .ir, readerRules: []))
    }
    static let size = Field(id: "size", kind: .singleChoice,
                            options: [1, 2, 3].map { Option(value: .int($0), label: LocalizedText("Size \($0)")) })
    static let color = Field(id: "color", kind: .singleChoice,
                             options: ["Red", "Blue"].map { Option(value: .string($0), label: LocalizedText($0)) })
    static func value(_ id: String) -> Expression { .field(FieldReference(id)) }

    @Test func numbersMatchNumericOptionValues() {
        #expect(Self.findings(Self.size, .compare(Self.value("size"), .equal, .literal(.number(2)))).isEmpty)
        #expect(Self.findings(Self.size, .compare(Self.value("size"), .equal, .literal(.string("2")))).isEmpty)
        let missing = Self.findings(Self.size, .compare(Self.value("size"), .equal, .literal(.number(4))))
        #expect(missing.count == 1 && missing[0].message.contains("never holds"), "\(missing.map(\.message))")
    }

    @Test func notFlipsWhatTheComparisonDoes() {
        let found = Self.findings(Self.color, .not(.compare(Self.value("color"), .equal, .literal(.string("Green")))))
        #expect(found.count == 1 && found[0].message.contains("always holds"), "\(found.map(\.message))")
    }

    @Test func everyValueOfAnInListIsChecked() {
        let list = Expression.list([.literal(.string("Red")), .literal(.string("green")), .literal(.string("blue"))])
        let found = Self.findings(Self.color, .compare(Self.value("color"), .in, list))
        #expect(found.map(\.message).map { $0.contains("\"green\"") } == [true, false], "\(found.map(\.message))")
        #expect(found.last?.message.contains("did you mean \"Blue\"") == true)
    }

    @Test func aLabelInAnotherCaseSuggestsItsValue() {
        let found = Self.findings(Self.size, .compare(Self.value("size"), .equal, .literal(.string("size 3"))))
        #expect(found.first?.message.contains("did you mean \"3\", the value of the option labelled \"Size 3\"") == true,
                "\(found.map(\.message))")
    }

    @Test func caseInsensitiveComparisonsMatchInAnyCase() {
        let c = Expression.compare(Self.value("color"), .equal, .literal(.string("red")), StringOptions(caseInsensitive: true))
        #expect(Self.findings(Self.color, c).isEmpty)
    }

    @Test func aLiteralOnTheLeftIsRead() {
        let found = Self.findings(Self.color, .compare(.literal(.string("Size 2")), .equal, Self.value("color")))
        #expect(found.count == 1)
        let label = Self.findings(Self.size, .compare(.literal(.string("Size 2")), .equal, Self.value("size")))
        #expect(label.first?.message.contains("did you mean \"2\", the value of the option labelled \"Size 2\"") == true)
    }

    @Test func multipleChoiceAndRelationshipSetValuesAreNotJudged() {
        var multiple = Self.color
        multiple.kind = .multipleChoice
        multiple.allowsMultiple = true
        #expect(Self.findings(multiple, .compare(Self.value("color"), .equal, .literal(.string("Green")))).isEmpty)
        let copied = Rule(condition: nil, target: .field("color"), then: [.copy([CopySource(field: "other")])])
        let form = Form(pages: [Page(id: "p", sections: [Section(id: "s", fields: [Self.color])])],
                        rules: [copied, Rule(condition: .compare(Self.value("color"), .equal, .literal(.string("Green"))),
                                             target: .field("color"), then: [.hide])])
        #expect(LintChecks.unknownOptionValues(LintSubject(form: form, file: "f", format: .ir, readerRules: [])).isEmpty)
    }
}
