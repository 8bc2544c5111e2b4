import Foundation
import Testing
import FormIR
import Readers

/// YAML in and out, checked against PyYAML.
@Suite struct YAMLTests {
    static let inputs = Fixtures.files("json", suffix: ".rows.json").map(\.lastPathComponent)

    /// The YAML output, read by PyYAML, is the same document as the JSON output read by `json`.
    @Test(arguments: inputs) func yamlOutputMatchesJSONOutput(_ name: String) throws {
        let form = try #require(RowSchema.read(Fixtures.text(Fixtures.root.appendingPathComponent("json/\(name)"))).0)
        let json = RowSchema.emit(form, syntax: .json).0
        let yaml = RowSchema.emit(form, syntax: .yaml).0
        let script = """
        import json, sys, yaml
        y, j = sys.stdin.read().split('\\n\\u0000\\n')
        print('same' if yaml.safe_load(y) == json.loads(j) else 'different')
        """
        #expect(python(script, input: yaml + "\n\u{0}\n" + json) == "same\n")
    }

    /// JSON → IR → YAML → IR → YAML: the YAML bytes do not change, and the IR is the JSON input's.
    @Test(arguments: inputs) func yamlSecondPassIsStable(_ name: String) throws {
        let form = try #require(RowSchema.read(Fixtures.text(Fixtures.root.appendingPathComponent("json/\(name)"))).0)
        let first = RowSchema.emit(form, syntax: .yaml).0
        let (again, d) = RowSchema.read(first, syntax: .yaml, name: "t.yaml")
        #expect(!d.hasErrors, "\(RowSchema.lines(d))")
        #expect(RowSchema.emit(try #require(again), syntax: .yaml).0 == first)
        #expect(again == RowSchema.read(RowSchema.emit(form).0).0)
    }

    /// The YAML example reads to the same IR as the JSON example.
    @Test func yamlExampleEqualsJSONExample() throws {
        let json = try #require(RowSchema.read(Fixtures.text(Fixtures.examples.appendingPathComponent("expense-report.rows.json"))).0)
        let (yaml, d) = RowSchema.read(Fixtures.text(Fixtures.examples.appendingPathComponent("expense-report.rows.yaml")),
                                       syntax: .yaml, name: "t.yaml")
        #expect(!d.hasErrors, "\(RowSchema.lines(d))")
        #expect(yaml == json)
    }

    @Test func yamlDiagnosticPositions() {
        let text = """
        sections:
          - type: static
            items:
              - type: text
                id: a
                hidden: $b ==== 1
              - type: text
                id: b
                disabled: "$a !! 2"
                title: [x]
        """
        let (_, d) = RowSchema.read(text, syntax: .yaml, name: "t.yaml")
        #expect(RowSchema.lines(d) == """
        6:22: error: predicate in 'hidden' is not valid: expected a value, found '==' [rowschema.predicate-syntax]
        9:23: error: predicate in 'disabled' is not valid: expected a comparison operator after '$a', found '!' [rowschema.predicate-syntax]
        10:16: error: 'title' must be a string, found an array [rowschema.type-mismatch]

        """)
    }
}
