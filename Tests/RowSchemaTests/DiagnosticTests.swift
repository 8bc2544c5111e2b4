import Testing
import FormIR
import Readers

/// Every reader diagnostic id, each at its exact line and column.
@Suite struct RowSchemaDiagnosticTests {
    static let document = """
    {"sections": [
      {"type": "static", "items": [
        {"type": "text", "id": "a", "hidden": "$b == "},
        {"type": "text", "id": "a"},
        {"id": "c"},
        {"type": "text"},
        {"type": "text", "id": "d", "title": 5},
        {"type": "options", "id": "e", "style": "sideways", "options": ["x", "x"]},
        {"type": "datetime", "id": "f", "value.minimum": "yesterday"},
        {"type": "text", "id": "g", "rules": [{"regexp": "(", "message": "m"}, {"message": "n"}]},
        {"type": "text", "id": "h", "formatter": [{"number.format": "#"}], "shade": 1},
        {"type": "hologram", "id": "i"},
        {"type": "textfield", "style": "email", "id": "j"}
      ]}
    ]}
    """

    @Test func everyDiagnosticAtItsPosition() {
        let (form, d) = RowSchema.read(Self.document)
        #expect(form != nil)
        #expect(RowSchema.lines(d) == """
        3:50: error: predicate in 'hidden' is not valid: expected a value, found the end of the predicate [rowschema.predicate-syntax]
        4:28: error: duplicate row id 'a' (first at 3:28) [rowschema.duplicate-id]
        5:5: error: row 3 has no 'type' [rowschema.missing-key]
        6:5: error: row 4 has no 'id' (or 'tag') [rowschema.missing-key]
        7:42: error: 'title' must be a string, found a number [rowschema.type-mismatch]
        8:45: error: 'style' is 'sideways'; expected one of action, alert, picker, picker.inline, picker.multiple, push, segmented, suggestion, token [rowschema.invalid-value]
        8:74: warning: option 'x' appears twice [rowschema.duplicate-option]
        9:55: error: 'value.minimum' is 'yesterday', not an ISO 8601 date [rowschema.invalid-date]
        10:55: error: 'regexp' /(/ is not a valid regular expression [rowschema.invalid-regexp]
        10:76: error: rule 2 has neither 'regexp' nor 'predicate' [rowschema.missing-key]
        11:47: error: formatter 1 has no 'type' [rowschema.missing-key]
        11:72: warning: unknown row key 'shade' (kept for round trips) [rowschema.unknown-key]
        12:14: warning: unknown row type 'hologram' (kept as a custom row) [rowschema.unknown-type]
        13:6: note: row type 'textfield' is the row schema's later revision; formconv writes the first revision [rowschema.later-revision]

        """)
    }

    @Test func missingSectionsAndItems() {
        let (_, d) = RowSchema.read("{\n  \"title\": \"x\",\n  \"sections\": [ {\"type\": \"dynamic\"} ]\n}")
        #expect(RowSchema.lines(d) == "3:17: error: section 1 has no 'items' array [rowschema.missing-key]\n")
        let (_, d2) = RowSchema.read("\n  {\"title\": \"x\"}")
        #expect(RowSchema.lines(d2) == "2:3: error: the form has no 'sections' array [rowschema.missing-key]\n")
    }

    @Test func rootMustBeAnObject() {
        let (form, d) = RowSchema.read("[1, 2]")
        #expect(form == nil)
        var reader = Diagnostics()
        do {
            _ = try RowSchemaReader(syntax: .json).read(InputDocument(name: "t.json", text: "\n [1]"), diagnostics: &reader)
            Issue.record("expected a ReadFailure")
        } catch let failure as ReadFailure {
            #expect(failure.diagnostic.id == RowSchemaDiagnostic.notAnObject)
            #expect(failure.diagnostic.location == SourceLocation(file: "t.json", line: 2, column: 2))
        } catch { Issue.record("unexpected \(error)") }
        #expect(d.items.isEmpty)
    }

    @Test func predicateErrorColumnInsideTheString() {
        let text = "{\"sections\":[{\"type\":\"static\",\"items\":[{\"type\":\"text\",\"id\":\"a\",\"disabled\":\"$a ==== 1\"}]}]}"
        let (_, d) = RowSchema.read(text)
        let col = Array(text.unicodeScalars).firstIndex(of: "$")! + 1
        #expect(RowSchema.position(of: RowSchemaDiagnostic.predicateSyntax, in: d) == "1:\(col + 5)")
    }

    @Test func unknownReferences() {
        let text = """
        {"sections":[{"type":"static","items":[
          {"type":"text","id":"a","hidden":"$zz == 1","rules":[{"predicate":"SELF == $yy"}]}
        ]}]}
        """
        let (_, d) = RowSchema.read(text)
        #expect(RowSchema.lines(d) == """
        2:37: warning: the predicate names '$zz', which is not a row id [rowschema.unknown-reference]
        2:57: warning: the rule of 'a' names '$yy', which is not a row id [rowschema.unknown-reference]

        """)
    }

    @Test func catalogueIsComplete() {
        #expect(Set(RowSchemaDiagnostic.all).count == 13)
        #expect(RowSchemaDiagnostic.all.allSatisfy { $0.hasPrefix("rowschema.") })
    }
}
