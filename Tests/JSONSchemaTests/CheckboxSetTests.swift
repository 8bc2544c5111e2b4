import FormIR
import Lowering
import Testing

/// `CheckboxTruth.checkboxes` walks the pages, sections and fields in place: it finds the fields the
/// filter over `Form.allFields` finds, on every page and in every section.
@Suite struct CheckboxSetTests {
    @Test func everyPageAndSectionIsWalked() {
        func section(_ id: String, _ fields: [Field]) -> Section { Section(id: id, fields: fields) }
        let form = Form(pages: [
            Page(id: "p0", sections: [section("s0", [Field(id: "a", kind: .boolean), Field(id: "t", kind: .text)]),
                                      section("s1", [])]),
            Page(id: "p1", sections: [section("s2", [Field(id: "n", kind: .number)]),
                                      section("s3", [Field(id: "b", kind: .boolean), Field(id: "c", kind: .boolean)])]),
        ])
        let filtered = Set(form.allFields.filter { field in
            SubmissionModel.keys(for: field).contains {
                $0.component == nil && ($0.valueType == .boolean || $0.valueType == .zeroOne)
            }
        }.map(\.id))
        #expect(CheckboxTruth.checkboxes(of: form) == filtered)
        #expect(filtered == ["a", "b", "c"])
    }
}
