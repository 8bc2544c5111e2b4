import Testing
import FormIR
import FormConvKit

/// `FormDiff` compares what the person sees: a field of a read-only form is read-only whatever its
/// own flag (docs/ir.md, `Form.isDisabled`), and a label or info item shows one text, its body where
/// other fields show a label (an MM XML label item's `<text>`, a row-schema label row's `title`).
@Suite struct FormDiffShownStateTests {
    func form(_ fields: [Field], disabled: Bool = false) -> Form {
        Form(pages: [Page(sections: [Section(id: "main", fields: fields)], isImplicit: true)], isDisabled: disabled)
    }

    func ids(_ old: Form, _ new: Form) -> [String] {
        FormDiff.compare(old, new).changes.map { "\($0.field) \($0.id)" }
    }

    @Test func aReadOnlyFormWrittenOnEveryFieldIsNoFieldChange() {
        let old = form([Field(id: "a", kind: .text), Field(id: "b", kind: .text)], disabled: true)
        let new = form([Field(id: "a", kind: .text, isDisabled: true), Field(id: "b", kind: .text, isDisabled: true)])
        #expect(ids(old, new) == ["form editable.changed"])
        let same = form([Field(id: "a", kind: .text, isDisabled: true), Field(id: "b", kind: .text, isDisabled: true)], disabled: true)
        #expect(ids(old, same).isEmpty)
    }

    @Test func aFieldThatBecomesEditableIsStillReported() {
        let old = form([Field(id: "a", kind: .text, isDisabled: true)])
        let new = form([Field(id: "a", kind: .text)])
        #expect(ids(old, new) == ["a editable.changed"])
        // The form losing its read-only state is the form's change, not one per field.
        #expect(ids(form([Field(id: "a", kind: .text)], disabled: true), new) == ["form editable.changed"])
    }

    @Test func aLabelItemsBodyAndTitleAreTheSameText() {
        let body = form([Field(id: "intro", kind: .label, texts: FieldTexts(body: "Welcome"))])
        #expect(ids(body, form([Field(id: "intro", kind: .label, texts: FieldTexts(label: "Welcome"))])).isEmpty)
        #expect(ids(body, form([Field(id: "intro", kind: .info, texts: FieldTexts(label: "Welcome"))])).contains("intro text.changed") == false)
        #expect(ids(body, form([Field(id: "intro", kind: .label, texts: FieldTexts(label: "Bye"))])) == ["intro text.changed"])
    }

    @Test func otherFieldsKeepTheirTextRoles() {
        let old = form([Field(id: "note", kind: .html, texts: FieldTexts(body: "Welcome"))])
        let new = form([Field(id: "note", kind: .html, texts: FieldTexts(label: "Welcome"))])
        #expect(ids(old, new).filter { $0.hasSuffix("text.changed") }.count == 2)
        // A label item with both texts keeps both roles: losing the body is a change.
        let both = form([Field(id: "intro", kind: .label, texts: FieldTexts(label: "Hello", body: "Welcome"))])
        #expect(ids(both, form([Field(id: "intro", kind: .label, texts: FieldTexts(label: "Hello"))])) == ["intro text.changed"])
    }
}
