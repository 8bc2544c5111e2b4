import Testing
import FormIR
import DocumentTree
import Emitters

/// Where a later key replaces an earlier one, and where extension keys give way: the behaviour the
/// streaming row-schema writer keeps from the tree it replaced.
@Suite struct KeyOrderTests {
    static func form() -> Form {
        let template = Field(id: "t", kind: .text, texts: FieldTexts(label: "Item"),
                             extensions: ["rowschema.key.allowed.delete": .bool(true), "rowschema.key.title": .string("no")])
        let dynamic = Section(id: "d", fields: [Field(id: "a", kind: .text)],
                              dynamic: DynamicSection(allowsInsert: true, template: template),
                              extensions: ["rowschema.key.type": .string("no"), "rowschema.key.extra": .int(3)])
        let choice = Field(id: "c", kind: .singleChoice, presentation: .push,
                           options: [Option(value: .string("1"), label: "First"), Option(value: .string("2"), label: "Two"),
                                     Option(value: .int(1), label: "Again"), Option(value: .string("3"), label: "3")],
                           extensions: ["rowschema.key.options": .bool(false), "rowschema.key.x-later": .null])
        return Form(title: "T", pages: [Page(sections: [dynamic, Section(fields: [choice])])],
                    extensions: ["rowschema.key.title": .string("no"), "rowschema.key.sections": .null,
                                 "rowschema.key.zz": .string("kept")])
    }

    static func tree(_ syntax: DocumentSyntax) throws -> Node {
        var d = Diagnostics()
        let bytes = try RowSchemaEmitter(syntax: syntax).emit(form(), options: EmitOptions(), diagnostics: &d)
        return try syntax.parse(bytes, name: "out", diagnostics: &d)
    }

    @Test(arguments: [DocumentSyntax.json, .yaml]) func keysAndOverrides(_ syntax: DocumentSyntax) throws {
        let root = try Self.tree(syntax)
        #expect(root.keys == ["title", "sections", "zz"])
        let dynamic = try #require(root["sections"]?[0])
        // The template's `allowed.delete` replaces `dynamic.allowed.delete` in its place.
        #expect(dynamic.keys == ["type", "dynamic.allowed.delete", "dynamic.allowed.insert", "dynamic.allowed.reorder",
                                 "dynamic.id.prefix", "dynamic.type", "dynamic.title", "items", "extra"])
        #expect(dynamic["dynamic.allowed.delete"]?.boolValue == true)
        #expect(dynamic["dynamic.title"]?.stringValue == "Item")
        #expect(dynamic["type"]?.stringValue == "dynamic")
        let row = try #require(root["sections"]?[1]?["items"]?[0])
        #expect(row.keys == ["type", "id", "style", "options", "options.display", "x-later"])
        // Two options shown as "1": the later label, in the earlier one's place.
        let display = try #require(row["options.display"])
        #expect(display.keys == ["1", "2"])
        #expect(display["1"]?.stringValue == "Again")
        // The document: option values must be unique, so the repeated "1" is listed once.
        #expect(row["options"]?.arrayValue?.count == 3)
    }
}
