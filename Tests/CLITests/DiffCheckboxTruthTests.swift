import Testing
import FormConvKit
import FormIR

/// `formconv diff` compares a checkbox's conditions by the truth value they test: the legacy engines
/// and SurveyJS read `"1"`, `YES` and `true` alike for a yes/no answer (Lowering's `CheckboxTruth`), so
/// a condition written `agree == "1"` in MM XML and `{agree} = true` in SurveyJS is the same rule; the
/// same literals compared with a text answer still differ.
@Suite struct DiffCheckboxTruthTests {
    static func form(_ kind: FieldKind, _ literal: Literal, op: ComparisonOperator = .notEqual) -> Form {
        let rule = Rule(condition: .compare(.field(FieldReference("agree")), op, .literal(literal)),
                        target: .field("note"), then: [.hide], otherwise: [.show])
        return Form(id: "f", pages: [Page(id: "p", sections: [Section(id: "s", fields: [
            Field(id: "agree", kind: kind), Field(id: "note", kind: .text)])])], rules: [rule])
    }

    @Test func aCheckboxTestedAsOneOrTrueIsTheSameCondition() {
        let legacy = Self.form(.boolean, .string("1")), surveyjs = Self.form(.boolean, .bool(true))
        #expect(FormDiff.compare(legacy, surveyjs).changes.filter { $0.id.hasPrefix("condition.") }.isEmpty)
        let no = Self.form(.boolean, .string("NO"), op: .equal)
        #expect(FormDiff.compare(no, Self.form(.boolean, .bool(true))).changes.filter { $0.id.hasPrefix("condition.") }.isEmpty,
                "== NO is != true")
    }

    @Test func aTextAnswerTestedAsOneOrTrueDiffers() {
        let changes = FormDiff.compare(Self.form(.text, .string("1")), Self.form(.text, .bool(true))).changes
        #expect(changes.contains { $0.id == "condition.changed" })
    }
}
