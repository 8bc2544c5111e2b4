import Foundation
import Testing
import FormIR
import Readers
import Emitters

/// IR built in code (the shapes the MM XML reader produces) → rows.
@Suite struct RowSchemaEmitterTests {
    static let loc = SourceLocation(file: "f.xml", line: 7, column: 3)

    static func mmLikeForm() -> Form {
        let fields: [Field] = [
            Field(id: "email", kind: .text, texts: FieldTexts(label: "Email"),
                  validation: Validation(required: true, maxLength: 40, named: [.email]), location: loc),
            Field(id: "zip", kind: .text, validation: Validation(named: [.usPostalCode, .luhn])),
            Field(id: "age", kind: .integer, validation: Validation(minValue: 18, maxValue: 99)),
            Field(id: "color", kind: .singleChoice, presentation: .dropDown,
                  options: [Option(value: .string("r"), label: "Red"), Option(value: .string("g"), label: "g")]),
            Field(id: "size", kind: .singleChoice, presentation: .radio, options: [Option(value: .int(1))]),
            Field(id: "pets", kind: .multipleChoice, presentation: .radio, options: [Option(value: .string("cat"))],
                  allowsMultiple: true),
            Field(id: "year", kind: .singleChoice, presentation: .valuePicker, options: [Option(value: .int(2024))]),
            Field(id: "born", kind: .date, validation: Validation(minDate: "1900-01-01"),
                  formatting: Formatting(dateFormat: "dd/MM/yyyy")),
            Field(id: "agree", kind: .boolean, presentation: .checkbox),
            Field(id: "intro", kind: .label, presentation: .multilineLabel, texts: FieldTexts(body: "Welcome")),
            Field(id: "sign", kind: .signature, location: loc),
            Field(id: "confirm", kind: .email, validation: Validation(comparisons: [FieldComparison(otherField: "email", relation: .equal)])),
            Field(id: "total", kind: .decimal, layout: Layout(position: "upper_left"), location: loc),
        ]
        let other = Section(id: "extra", title: "Extra", fields: [Field(id: "note", kind: .text)])
        var rules = [
            Rule(condition: .compare(.field(FieldReference("age")), .greater, .literal(.number(20))),
                 target: .field("color"), then: [.show], otherwise: [.hide]),
            Rule(condition: .compare(.field(FieldReference("agree")), .equal, .literal(.string("1"))),
                 target: .section("extra"), then: [.hide], otherwise: [.show]),
            Rule(condition: .compare(.field(FieldReference("size")), .less, .literal(.number(2))),
                 target: .section("extra"), then: [.hide]),
            Rule(condition: .compare(.field(FieldReference("agree")), .notEqual, .literal(.string("1"))),
                 target: .field("total"), then: [.disable], otherwise: [.enable]),
        ]
        rules.append(Rule(condition: .compare(.field(FieldReference("age")), .greater, .literal(.number(1))),
                          target: .field("total"), then: [.evaluate(.add("age", "year"))], location: loc))
        let pages = [Page(id: "p1", sections: [Section(id: "main", fields: fields)]), Page(id: "p2", sections: [other])]
        return Form(title: "MM", pages: pages, rules: rules)
    }

    func rows(_ json: String) -> [[String: Any]] {
        guard let out = python("import json,sys; d=json.load(sys.stdin); print(json.dumps([r for s in d['sections'] for r in s['items']]))", input: json) else { return [] }
        return (try? JSONSerialization.jsonObject(with: Data(out.utf8))) as? [[String: Any]] ?? []
    }

    @Test func kindsAndStyles() {
        let (json, _) = RowSchema.emit(Self.mmLikeForm())
        let r = rows(json)
        #expect(r.count == 14)
        let types = r.map { "\($0["type"]!)" + (($0["style"] as? String).map { "/" + $0 } ?? "") }
        #expect(types == ["email", "text", "integer", "options/push", "options/segmented", "options/picker.multiple",
                          "options/picker", "datetime/date", "check", "label", "image", "email", "decimal", "text"])
        #expect(r[9]["title"] as? String == "Welcome")
        #expect(r[3]["options.display"] as? [String: String] == ["r": "Red"])
        #expect(r[7]["value.minimum"] as? String == "1900-01-01" && r[7]["date.format"] as? String == "dd/MM/yyyy")
    }

    @Test func validationBecomesRules() {
        let r = rows(RowSchema.emit(Self.mmLikeForm()).0)
        func rules(_ i: Int) -> [[String: String]] { r[i]["rules"] as? [[String: String]] ?? [] }
        #expect(rules(0) == [["regexp": "^[\\s\\S]{0,40}$"]])
        #expect(rules(1) == [["regexp": "^(?:[0-9]{5}(?:-?[0-9]{4})?)?$"]])
        #expect(rules(2) == [["predicate": "SELF >= 18"], ["predicate": "SELF <= 99"]])
        #expect(rules(11) == [["predicate": "SELF == $email"]])
    }

    @Test func relationshipsBecomePredicates() {
        let r = rows(RowSchema.emit(Self.mmLikeForm()).0)
        #expect(r[3]["hidden"] as? String == "$age <= 20")
        #expect(r[13]["hidden"] as? String == "$agree == '1' OR $size < 2")
        #expect(r[12]["disabled"] as? String == "$agree != '1'")
    }

    @Test func lossesNameFeatureAndPosition() {
        let (_, d) = RowSchema.emit(Self.mmLikeForm())
        let losses = d.losses.map { "\($0.loss!.feature) \($0.location.map { "\($0.line):\($0.column)" } ?? "-")" }
        #expect(losses.contains("relationship.evaluate 7:3"))
        #expect(losses.contains("layout.position 7:3"))
        #expect(losses.contains("kind.signature 7:3"))
        #expect(losses.contains("validation.named -"))
        #expect(losses.contains("structure.pages -"))
        #expect(d.losses.allSatisfy { $0.loss?.target == "json" })
    }

    @Test func hiddenContainersHideTheirRows() {
        var form = Self.mmLikeForm()
        form.rules = []
        form.pages[1].isHidden = true
        form.pages[0].sections[0].fields[0].isDisabled = true
        let r = rows(RowSchema.emit(form).0)
        #expect(r[13]["hidden"] as? Bool == true)
        #expect(r[0]["disabled"] as? Bool == true)
        #expect(r[1]["hidden"] == nil)
    }

    @Test func unconditionalRulesAndRepeatedConditions() {
        var form = Self.mmLikeForm()
        form.pages[0].sections[0].fields[0].isHidden = true
        let twice = Rule(condition: .compare(.field(FieldReference("age")), .less, .literal(.number(3))),
                         target: .field("zip"), then: [.hide])
        form.rules = [Rule(condition: nil, target: .field("email"), then: [.show]), twice, twice,
                      Rule(condition: nil, target: .field("age"), then: [.disable])]
        let r = rows(RowSchema.emit(form).0)
        #expect(r[0]["hidden"] == nil)
        #expect(r[1]["hidden"] as? String == "$age < 3")
        #expect(r[2]["disabled"] as? Bool == true)
    }

    @Test func unsayableConditionIsALoss() {
        var form = Self.mmLikeForm()
        form.rules = [Rule(condition: .compare(.field(FieldReference("first-name")), .equal, .literal(.string("x"))),
                           target: .field("note"), then: [.hide], location: Self.loc)]
        let (json, d) = RowSchema.emit(form)
        #expect(rows(json)[13]["hidden"] == nil)
        #expect(d.losses.contains { $0.loss?.feature == "condition" && $0.location == Self.loc })
    }

    @Test func duplicateIDsAreReported() {
        var form = Self.mmLikeForm()
        form.pages[1].sections[0].fields.append(Field(id: "email", kind: .text, location: Self.loc))
        let (_, d) = RowSchema.emit(form)
        #expect(d.items.filter { $0.id == "rowschema.duplicate-id" }.map(\.location) == [Self.loc])
    }

    @Test func optionRangesAreListed() {
        let years = Field(id: "y", kind: .singleChoice, presentation: .valuePicker,
                          optionRange: OptionRange(lower: 2020, upper: 2023, order: "descending"))
        let huge = Field(id: "h", kind: .singleChoice, optionRange: OptionRange(lower: Int.min, upper: Int.max))
        let (json, d) = RowSchema.emit(Form(pages: [Page(sections: [Section(fields: [years, huge])])]))
        let r = rows(json)
        // The document's options are strings, and an options row has the array even when nothing is listed.
        #expect(r[0]["options"] as? [String] == ["2023", "2022", "2021", "2020"])
        #expect(r[1]["options"] as? [String] == [])
        // The value picker is shown as a picker row (a presentation loss on 'y').
        #expect(d.losses.map { $0.loss!.feature } == ["field.presentation", "options", "options.range"])
    }

    /// JSON has no NaN or infinity: the writer puts `null`, and each row, section or form that had one gets a
    /// loss at its position. YAML holds them (`.inf`, `.nan`), so it reports nothing.
    @Test func nonFiniteNumbersAreLossesInJSONOnly() throws {
        let at = SourceLocation(file: "in.yaml", line: 3, column: 9)
        let row = Field(id: "a", kind: .text, defaultValue: .double(.infinity),
                        extensions: ["rowschema.key.x-custom": .double(.nan)], location: at)
        let plain = Field(id: "b", kind: .text, extensions: ["rowschema.key.weight": .double(2.5)])
        let section = Section(fields: [row, plain], extensions: ["rowschema.key.x-s": .double(-.infinity)], location: Self.loc)
        let form = Form(pages: [Page(sections: [section], isImplicit: true)])
        let (json, d) = RowSchema.emit(form)
        #expect(json.contains("\"x-custom\": null") && json.contains("\"x-s\": null") && json.contains("\"weight\": 2.5"))
        let losses = d.losses.filter { $0.id == "loss.value.non-finite" }
        // Each loss names what it concerns first (issue 35): the row, then the section.
        #expect(losses.map(\.message) == ["a: json cannot hold inf, nan; these values of row 'a' are written as null",
                                          "group '1': json cannot hold -inf; the value of the section is written as null"])
        #expect(losses.map(\.location) == [at, Self.loc])
        #expect(losses.first?.path == "/pages/0/sections/0/fields/a")
        let (yaml, y) = RowSchema.emit(form, syntax: .yaml)
        #expect(yaml.contains(".inf") && !y.losses.contains { $0.id == "loss.value.non-finite" })
    }

    @Test func yamlTargetNamesItself() {
        #expect(RowSchemaEmitter(syntax: .yaml).formatID == "yaml")
        #expect(RowSchemaEmitter(syntax: .json).formatID == "json")
    }
}
