import Foundation
import Testing
import DocumentTree
import FormIR
import Readers
import Emitters

/// The shapes of version 2: defaults left out, values as plain JSON, kinds only where JSON cannot
/// tell, enumerations as strings or one-key objects, locations as `at`.
@Suite struct EncodingTests {
    @Test func defaultsAreLeftOut() throws {
        #expect(Documents.compact(try Documents.fieldNode(Field(id: "a", kind: .text))) == #"{"id":"a","kind":"text"}"#)
        #expect(Inputs.text(Form()) == "{\"formconv-ir\": 2}\n")
        let dynamic = Form(pages: [Page(sections: [Section(dynamic: DynamicSection())])])
        #expect(Documents.compact(try Documents.tree(dynamic)["pages"]?[0]?["sections"]?[0]) == #"{"dynamic":{}}"#,
                "a dynamic section with default settings is still dynamic")
        #expect(try Documents.roundTrip(dynamic) == dynamic)
    }

    static let values: [(Value, String)] = [
        (.null, "null"), (.bool(false), "false"), (.int(12), "12"), (.double(2.5), "2.5"), (.double(3), "3.0"),
        (.double(1e-7), "1e-07"), (.string("today"), #""today""#),
        (.date("2020-01-31T00:00:00Z"), #"{"date":"2020-01-31T00:00:00Z"}"#), (.data("AAE="), #"{"data":"AAE="}"#),
        (.reference(":self"), #"{"reference":":self"}"#), (.double(.infinity), #"{"double":"+infinity"}"#),
        (.double(-.infinity), #"{"double":"-infinity"}"#), (.array([.int(1), .string("a"), .array([])]), #"[1,"a",[]]"#),
        (.object(["b": .int(1), "a": .null]), #"{"a":null,"b":1}"#), (.object([:]), "{}"),
        (.object(["date": .string("x")]), #"{"object":{"date":"x"}}"#),
        (.object(["object": .object([:])]), #"{"object":{"object":{}}}"#),
        (.object(["date": .string("x"), "data": .int(1)]), #"{"data":1,"date":"x"}"#),
    ]

    @Test(arguments: values.indices)
    func valuesArePlainJSON(_ i: Int) throws {
        let (value, json) = Self.values[i]
        let field = Field(id: "a", kind: .text, defaultValue: value)
        #expect(Documents.compact(try Documents.fieldNode(field)["defaultValue"]) == json)
        #expect(try Documents.roundTrip(Documents.form(field)).allFields.first?.defaultValue == value)
    }

    @Test func nanIsTagged() throws {
        let field = Field(id: "a", kind: .text, defaultValue: .double(.nan), layout: Layout(size: .nan))
        let node = try Documents.fieldNode(field)
        #expect(Documents.compact(node["defaultValue"]) == #"{"double":"nan"}"#)
        #expect(Documents.compact(node["layout"]) == #"{"size":"nan"}"#)
        let back = try #require(try Documents.roundTrip(Documents.form(field)).allFields.first)
        #expect(back.defaultValue?.doubleValue?.isNaN == true)
        #expect(back.layout.size?.isNaN == true)
    }

    /// Numbers whose type the IR knows are written as short as they read: `300`, not `300.0`.
    @Test func typedNumbersAreShort() throws {
        let field = Field(id: "a", kind: .text, validation: Validation(minValue: 0.5, maxValue: 1e20),
                          layout: Layout(size: 300, width: -0.0))
        let node = try Documents.fieldNode(field)
        #expect(Documents.compact(node["layout"]) == #"{"size":300,"width":0}"#)
        #expect(Documents.compact(node["validation"]) == #"{"minValue":0.5,"maxValue":1e+20}"#)
        #expect(try Documents.roundTrip(Documents.form(field)) == Documents.form(field))
    }

    static let texts: [(LocalizedText, String)] = [
        (LocalizedText("Jane"), #""Jane""#),
        (LocalizedText("First name", locale: "EN_US"), #"{"EN_US":"First name"}"#),
        (LocalizedText([.init(text: "x"), .init(locale: "FR_CA", text: "y")]), #"{"":"x","FR_CA":"y"}"#),
        (LocalizedText([.init(locale: "", text: "x")]), #"[{"locale":"","text":"x"}]"#),
        (LocalizedText([.init(locale: "EN_US", text: "x"), .init(locale: "EN_US", text: "y")]),
         #"[{"locale":"EN_US","text":"x"},{"locale":"EN_US","text":"y"}]"#),
        (LocalizedText([]), "{}"),
    ]

    @Test(arguments: texts.indices)
    func textsAreStringsOrObjectsByLocale(_ i: Int) throws {
        let (text, json) = Self.texts[i]
        let field = Field(id: "a", kind: .text, texts: FieldTexts(label: text))
        #expect(Documents.compact(try Documents.fieldNode(field)["texts"]?["label"]) == json)
        #expect(try Documents.roundTrip(Documents.form(field)).allFields.first?.texts.label == text)
    }

    @Test func locationsAreShortInTheDocumentsFile() throws {
        var form = Documents.form(Field(id: "a", kind: .singleChoice,
                                   options: [Option(value: .int(1), location: FormIR.SourceLocation(file: "C:\\x:y.xml", line: 3, column: 4))],
                                   location: FormIR.SourceLocation(file: "examples/signup.xml", line: 9, column: 7)))
        form.location = FormIR.SourceLocation(file: "examples/signup.xml", line: 3, column: 1)
        let tree = try Documents.tree(form)
        #expect(tree["file"]?.stringValue == "examples/signup.xml")
        #expect(tree["at"]?.stringValue == "3:1")
        let field = try #require(tree["pages"]?[0]?["sections"]?[0]?["fields"]?[0])
        #expect(field["at"]?.stringValue == "9:7")
        #expect(field["options"]?[0]?["at"]?.stringValue == "C:\\x:y.xml:3:4", "another file is named; its colons stay")
        let back = try Documents.roundTrip(form)
        #expect(Locations.all(in: back) == Locations.all(in: form))
    }

    /// The documented key order (docs/ir.md): the IR's declaration order, the children lists after the
    /// object's own settings, `extensions` and `at` last.
    @Test func keysFollowTheDocumentedOrder() throws {
        let field = Field(id: "a", kind: .singleChoice, presentation: .dropDown, texts: FieldTexts(label: "A"),
                          options: [Option(value: .string("x"))], optionRange: OptionRange(lower: 1, upper: 2),
                          allowsMultiple: true, defaultValue: .string("x"), validation: Validation(required: true),
                          isHidden: true, isDisabled: true, layout: Layout(size: 3), style: Style(textColor: "red"),
                          formatting: Formatting(step: 1), actions: [.notify], submission: Submission(skip: true),
                          extensions: ["mmxml.x": .int(1)], location: FormIR.SourceLocation(file: "f", line: 1, column: 1))
        #expect(try Documents.fieldNode(field).keys == ["id", "kind", "presentation", "texts", "options", "optionRange",
                                                   "allowsMultiple", "defaultValue", "validation", "isHidden", "isDisabled",
                                                   "layout", "style", "formatting", "actions", "submission", "extensions", "at"])
        let form = Form(id: "f", title: "T", defaultLocale: "EN_US", pages: [Page(id: "p", title: "P", sections: [
                            Section(id: "s", title: "S", footer: "F", fields: [field], isHidden: true, dynamic: DynamicSection(),
                                    style: Style(cssClass: "c"), extensions: ["x": .null], location: field.location)],
                                                                             isHidden: true, isImplicit: true, extensions: ["x": .null],
                                                                             location: field.location)],
                        rules: [Rule(condition: .literal(.bool(true)), source: ConditionSource(dialect: .mmCondition, text: "t"),
                                     target: .form, then: [.show], otherwise: [.hide], extensions: ["x": .null],
                                     location: field.location)],
                        validationGroups: [["a"]], isDisabled: true, layout: FormLayout(pageWidth: 1), extensions: ["x": .null],
                        location: field.location)
        let tree = try Documents.tree(form)
        #expect(tree.keys == ["formconv-ir", "file", "id", "title", "defaultLocale", "validationGroups", "isDisabled", "layout",
                              "pages", "rules", "extensions", "at"])
        #expect(tree["pages"]?[0]?.keys == ["id", "title", "isHidden", "isImplicit", "sections", "extensions", "at"])
        #expect(tree["pages"]?[0]?["sections"]?[0]?.keys == ["id", "title", "footer", "isHidden", "dynamic", "style", "fields",
                                                             "extensions", "at"])
        #expect(tree["rules"]?[0]?.keys == ["condition", "source", "target", "then", "otherwise", "extensions", "at"])
        #expect(try Documents.roundTrip(form) == form)
    }
}
