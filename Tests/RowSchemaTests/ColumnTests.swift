import Testing
import FormIR
import Readers

/// Predicate errors inside strings with escapes: the column is the file's, not the decoded text's.
@Suite struct ColumnTests {
    @Test func jsonEscapesCountAsWritten() {
        let text = #"{"sections":[{"type":"static","items":[{"type":"text","id":"a","hidden":"$a == \"\u00e9\" ))"}]}]}"#
        let (_, d) = RowSchema.read(text)
        let col = Array(text.unicodeScalars).firstIndex(of: ")")! + 1
        #expect(RowSchema.position(of: RowSchemaDiagnostic.predicateSyntax, in: d) == "1:\(col)")
    }

    @Test func yamlQuotesCountAsWritten() {
        let line = "  - {type: text, id: a, hidden: '$a == ''x'' ))'}"
        let yaml = "sections:\n- type: static\n  items:\n\(line)\n"
        let (_, d) = RowSchema.read(yaml, syntax: .yaml, name: "t.yaml")
        let col = Array(line.unicodeScalars).firstIndex(of: ")")! + 1
        #expect(RowSchema.position(of: RowSchemaDiagnostic.predicateSyntax, in: d) == "4:\(col)")
        let double = "  - {type: text, id: a, disabled: \"$a == \\\"x\\\" ))\"}"
        let (_, d2) = RowSchema.read("sections:\n- type: static\n  items:\n\(double)\n", syntax: .yaml, name: "t.yaml")
        let col2 = Array(double.unicodeScalars).firstIndex(of: ")")! + 1
        #expect(RowSchema.position(of: RowSchemaDiagnostic.predicateSyntax, in: d2) == "4:\(col2)")
    }
}
