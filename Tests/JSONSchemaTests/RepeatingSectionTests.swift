import Emitters
import FormConvKit
import FormIR
import Foundation
import FormConvTestSupport
import Testing

/// A repeating (dynamic) section: the app adds rows named `<dynamic.id.prefix>_<UUID>` and may delete
/// the listed ones (row-schema.md, Section Object), so the payload schema accepts any number of
/// prefixed keys with the row template's schema, and requires none of the section's rows.
@Suite(.enabled(if: (try? Subprocess.python("import jsonschema")) != nil, "needs python3 with jsonschema"))
struct RepeatingSectionTests {
    /// The expense-report example: its receipts section (prefix `receipt`, a currency template).
    @Test func expenseReportAcceptsEveryReceiptTheAppSends() throws {
        let url = ExampleGoldenTests.examples.appendingPathComponent("expense-report.rows.json")
        var d = Diagnostics()
        let form = try #require(Converter.read(InputDocument(name: "expense-report.rows.json", bytes: Array(try Data(contentsOf: url))),
                                               as: .json, diagnostics: &d))
        let s = try SchemaHarness.emit(form)
        let base = #""employee": "Jo Doe", "email": "jo@example.com", "department": "eng", "policyAccepted": true"#
        try SchemaHarness.expect(s, valid: [
            "{\(base)}",
            "{\(base), \"receipt_1\": 12.5}",
            "{\(base), \"receipt_1\": 12.5, \"receipt_2\": 40}",
            "{\(base), \"receipt_48BE90846BEE4ED4B0923F82A8BD37F3\": 3}",
        ], invalid: [
            "{\(base), \"receipt_2\": \"twelve\"}",
            "{\(base), \"invoice_2\": 3}",
        ])
    }

    /// A required row of a section whose rows can be deleted is not required in the payload; an
    /// inserted row follows the template's own validation.
    @Test func deletableRowsAreNotRequiredAndInsertedRowsFollowTheTemplate() throws {
        let template = Field(id: "item", kind: .text, validation: Validation(required: true, maxLength: 3))
        let section = Section(fields: [Field(id: "item_1", kind: .text, validation: Validation(required: true))],
                              dynamic: DynamicSection(allowsInsert: true, allowsDelete: true, idPrefix: "item", template: template))
        let s = try SchemaHarness.emit(SampleForms.form([]).with(sections: [section]))
        #expect((s.json["required"] as? [String])?.contains("item_1") != true)
        try SchemaHarness.expect(s, valid: ["{}", #"{"item_7": "abc"}"#], invalid: [#"{"item_7": "abcd"}"#, #"{"item_7": ""}"#])
    }
}

private extension Form {
    func with(sections: [Section]) -> Form {
        var f = self
        f.pages = [Page(id: "p1", sections: sections)]
        return f
    }
}
