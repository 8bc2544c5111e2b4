import DocumentTree
import FormIR
import Testing
@testable import Emitters

/// Conditions for JSON Forms and rjsf are read over web form data, where an empty answer is absent.
@Suite struct WebConditionTests {
    let form = Form(pages: [Page(sections: [Section(fields: [Field(id: "t", kind: .text), Field(id: "c", kind: .boolean)])])])

    func cmp(_ id: String, _ op: ComparisonOperator, _ l: Literal) -> FormIR.Expression {
        .compare(.field(FieldReference(id)), op, .literal(l))
    }

    @Test func emptyTextIsNoValue() {
        let w = WebConditionSchemas(form: form, target: "jsonforms", translator: ConditionTranslator())
        #expect(w.webMeaning(cmp("t", .notEqual, .string(""))) == cmp("t", .notEqual, .null))
    }

    @Test func theDataSchemaHoldsNoEmptyAnswers() throws {
        let payload = Node.object([("type", .string("object")), ("properties", .object([
            ("mail", .object([("type", .string("string")), ("if", .object([("minLength", .int(1))])),
                              ("then", .object([("format", .string("email"))]))])),
            ("pick", .object([("type", .string("string")), ("oneOf", .array([.object([("const", .string("a"))]),
                                                                              .object([("const", .string(""))])]))])),
            ("custom", .object([("title", .string("Custom"))])),
        ]))])
        let web = WebDataSchema.forWebAnswers(payload)
        #expect(web["properties"]?["mail"] == .object([("type", .string("string")), ("format", .string("email"))]))
        #expect(web["properties"]?["pick"]?["oneOf"] == .array([.object([("const", .string("a"))])]))
        #expect(web["properties"]?["custom"]?["type"] == .string("string"))
    }

    @Test func aCheckboxOffValueIsNotOn() {
        let w = WebConditionSchemas(form: form, target: "jsonforms", translator: ConditionTranslator())
        #expect(w.webMeaning(cmp("c", .equal, .string("0"))) == cmp("c", .notEqual, .string("1")))
        #expect(w.webMeaning(cmp("c", .equal, .string("NO"))) == cmp("c", .notEqual, .string("YES")))
        #expect(w.webMeaning(cmp("c", .equal, .bool(false))) == cmp("c", .notEqual, .bool(true)))
        #expect(w.webMeaning(cmp("t", .equal, .string("0"))) == cmp("t", .equal, .string("0")), "only yes/no fields")
    }
}
