import Foundation
import Testing
import FormIR
@testable import Emitters

/// SurveyJS replaces `{name}` in texts with a value (the browser test web_surveyjs_literals_test shows
/// survey-core doing it): a form text holding braces is reported naming its field, or the form.
@Suite struct SurveyJSBraceTextTests {
    @Test func textsWithBracesAreReportedByField() throws {
        let total = Field(id: "total", kind: .text, texts: FieldTexts(label: "Total {amount}"), location: WebForms.at(4))
        let plain = Field(id: "amount", kind: .integer, texts: FieldTexts(label: "Amount, in $ (no braces)"))
        let choice = Field(id: "pick", kind: .singleChoice, options: [Option(value: .string("a"), label: "A {x}")])
        var form = WebForms.form([total, plain, choice])
        form.title = "Form {t}"
        let out = try WebOutput(form, SurveyJSEmitter())
        let braces = out.diagnostics.losses.filter { $0.id == "loss.text.braces" }
        #expect(braces.map { String($0.message.prefix { $0 != ":" }) } == ["form-level", "total", "pick"])
        #expect(braces.first { $0.message.hasPrefix("total:") }?.location?.line == 4)
        #expect(braces.allSatisfy { $0.message.contains("shows the value of a question or variable named") })
    }
}
