import DocumentTree
import FormIR
import Testing
@testable import Emitters

/// rjsf renders a conditionally shown field only from an `if`/`then` branch (RJSFEmitter's contract):
/// one branch per distinct condition, in the order the form first uses it, each holding the properties
/// it shows in form order, and the unconditional ones left at the top level. Read with the ordered JSON
/// reader, since the order is part of what rjsf renders.
@Suite struct RJSFBranchTests {
    static func choice(_ id: String) -> Field {
        Field(id: id, kind: .singleChoice, options: [Option(value: .string("1")), Option(value: .string("2"))])
    }

    static func shown(_ id: String) -> Field { Field(id: id, kind: .text, isHidden: true) }

    /// Drivers d1 and d2; a and c shown while d1 is "1" (two relationships, one condition), b and f
    /// while d2 is "1", g while d1 is "2"; e always shown.
    static func form() -> Form {
        let fields = [choice("d1"), choice("d2"), shown("a"), shown("b"), shown("c"), Field(id: "e", kind: .text),
                      shown("f"), shown("g")]
        let show = { (id: String, driver: String, value: String) in
            Rule(condition: WebForms.eq(driver, value), target: .field(id), then: [.show], otherwise: [.hide])
        }
        return WebForms.form(fields, rules: [show("a", "d1", "1"), show("b", "d2", "1"), show("c", "d1", "1"),
                                             show("f", "d2", "1"), show("g", "d1", "2")])
    }

    static func document() throws -> Node {
        var d = Diagnostics()
        let bytes = try RJSFEmitter().emit(form(), options: EmitOptions(), diagnostics: &d)
        var parse = Diagnostics()
        return try JSONReader.parse(bytes, name: "rjsf.json", diagnostics: &parse)
    }

    @Test func eachConditionHasOneBranchWithItsPropertiesInFormOrder() throws {
        let schema = try #require(try Self.document()["schema"])
        #expect(schema["properties"]?.keys == ["d1", "d2", "e"])
        let branches = try #require(schema["allOf"]?.arrayValue)
        #expect(branches.map { $0["then"]?["properties"]?.keys ?? [] } == [["a", "c"], ["b", "f"], ["g"]])
        // Each branch's `if` names its driver.
        let drivers = branches.map { $0["if"]?["properties"]?.keys ?? [] }
        #expect(drivers == [["d1"], ["d2"], ["d1"]])
        #expect(schema["additionalProperties"] == nil, "branch keys are not additional")
    }

    @Test func theOrderListsEveryPropertyWhereverItIsDefined() throws {
        let ui = try #require(try Self.document()["uiSchema"])
        #expect(ui["ui:order"]?.arrayValue?.compactMap(\.stringValue) == ["d1", "d2", "a", "b", "c", "e", "f", "g"])
    }
}
