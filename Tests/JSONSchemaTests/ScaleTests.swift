import Emitters
import FormIR
import Foundation
import Testing

/// A large form (2,000 items, 500 relationships) emits a schema that validates as the rules say.
@Suite struct ScaleTests {
    static func bigForm(fields n: Int, rules r: Int) -> Form {
        var fields: [Field] = []
        for i in 0..<n {
            var f = Field(id: "f\(i)", kind: i % 5 == 0 ? .singleChoice : .text, isHidden: i % 7 == 0)
            if i % 5 == 0 { f.options = ["a", "b", "c"].map { Option(value: .string($0), label: LocalizedText($0.uppercased())) } }
            f.validation.required = i % 3 == 0
            f.validation.named = i % 4 == 0 ? [.numericOnly] : []
            fields.append(f)
        }
        let rules = (0..<r).map { j in
            Rule(condition: .compare(.field(FieldReference("f\(j * 5 % n)")), .equal, .literal(.string("a"))),
                 source: ConditionSource(dialect: .mmCondition, text: "f\(j * 5 % n) == \"a\""),
                 target: .field("f\((j * 7 + 1) % n)"), then: [.show], otherwise: [.hide])
        }
        return Form(id: "big", pages: [Page(sections: [Section(fields: fields)])], rules: rules)
    }

    @Test func twoThousandItems() throws {
        let form = Self.bigForm(fields: 2000, rules: 500)
        let s = try SchemaHarness.emit(form)
        // Every key required in all states, each choice answered "b" (so no rule's `== "a"` holds).
        let required = s.json["required"] as? [String] ?? []
        #expect(required.count > 300)
        let payload = "{" + required.map { key in
            "\"\(key)\": \"\(Int(key.dropFirst())! % 5 == 0 ? "b" : "1")\""
        }.joined(separator: ", ") + "}"
        try SchemaHarness.expect(s, valid: [payload], invalid: ["{}"])
    }
}
