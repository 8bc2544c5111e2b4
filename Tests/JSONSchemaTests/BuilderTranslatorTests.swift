@testable import Emitters
import FormIR
import Lowering
import Testing

/// `PayloadSchemaBuilder.build()` makes the condition translator once and keeps it as `translator`,
/// which the web emitters translate their conditions with: it is the translator
/// `conditionTranslator()` makes over the collected entries.
@Suite struct BuilderTranslatorTests {
    @Test func buildKeepsTheTranslatorOverItsEntries() {
        var digits = Field(id: "code", kind: .number)
        digits.validation.named = [.numericOnly]
        let form = SampleForms.form([
            Field(id: "a", kind: .text), Field(id: "ok", kind: .boolean), digits,
            Field(id: "when", kind: .date), Field(id: "addr", kind: .address),
        ], rules: [Rule(condition: SampleForms.eq("ok", "YES"), target: .field("a"), then: [.show])])
        var builder = PayloadSchemaBuilder(form: form, draft: .draft07, target: "rjsf", locale: nil,
                                           diagnostics: Diagnostics())
        _ = builder.build()
        let fresh = builder.conditionTranslator()
        let kept = builder.translator
        #expect(!kept.keys.isEmpty)
        #expect(kept.keys.mapValues(\.key) == fresh.keys.mapValues(\.key))
        #expect(kept.keys.mapValues(\.shape) == fresh.keys.mapValues(\.shape))
        #expect(kept.numericText == fresh.numericText && kept.numericText == ["code"])
        #expect(kept.checkboxes == fresh.checkboxes && kept.checkboxes == CheckboxTruth.checkboxes(of: form))
        #expect(kept.checkboxes.contains("ok"))
    }
}
