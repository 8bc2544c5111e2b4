import Foundation
import Testing
import FormIR
import Readers
import Emitters

/// What the row schema carries or reports of a form (issue 35): a read-only form, choice
/// presentations without a style of their own, a label's second text, value ranges and `repeat`
/// (docs/row-schema.md; row-schema.md: `disabled`, `style`, `title`, `rules[].predicate` on `SELF`).
@Suite struct RowSchemaAnnouncedChangeTests {
    /// The decoded JSON document (Foundation's parser, not formconv's).
    func document(_ json: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any] ?? [:]
    }

    func rows(_ doc: [String: Any]) -> [[String: Any]] {
        ((doc["sections"] as? [[String: Any]]) ?? []).flatMap { ($0["items"] as? [[String: Any]]) ?? [] }
    }

    func form(_ fields: [Field], disabled: Bool = false, dynamic: DynamicSection? = nil) -> Form {
        var sections = [Section(id: "main", fields: fields)]
        if let dynamic { sections.append(Section(id: "more", dynamic: dynamic)) }
        return Form(pages: [Page(sections: sections, isImplicit: true)], isDisabled: disabled)
    }

    @Test func aReadOnlyFormDisablesEveryRowAndReadsBackReadOnly() throws {
        let template = Field(id: "receipt", kind: .text)
        let f = form([Field(id: "name", kind: .text), Field(id: "age", kind: .integer)], disabled: true,
                     dynamic: DynamicSection(allowsInsert: true, idPrefix: "receipt", template: template))
        let (json, d) = RowSchema.emit(f)
        let doc = document(json)
        // The engine sees every row disabled, inserted rows too; the form keeps its own mark.
        #expect(rows(doc).map { $0["disabled"] as? Bool } == [true, true])
        let more = (doc["sections"] as? [[String: Any]])?.last
        #expect(more?["dynamic.disabled"] as? Bool == true)
        #expect(doc["x-formconv-disabled"] as? Bool == true)
        #expect(d.items.allSatisfy { $0.severity != .error })
        let (back, _) = RowSchema.read(json)
        let form = try #require(back)
        #expect(form.isDisabled)
        #expect(form.pages[0].sections[0].fields.allSatisfy { $0.isDisabled })
    }

    @Test func anEditableFormHasNoReadOnlyMark() {
        let (json, _) = RowSchema.emit(form([Field(id: "name", kind: .text, isDisabled: true)]))
        let doc = document(json)
        #expect(doc["x-formconv-disabled"] == nil)
        #expect(rows(doc).first?["disabled"] as? Bool == true)
    }

    @Test(arguments: [(Presentation.dropDown, "push"), (.radio, "segmented"), (.valuePicker, "picker"), (.imagePicker, "push")])
    func aChoicePresentationWithoutAStyleIsReportedOnItsRow(_ p: Presentation, _ style: String) {
        let f = form([Field(id: "colour", kind: .singleChoice, presentation: p, options: [Option(value: .string("r"))])])
        let (json, d) = RowSchema.emit(f)
        #expect(rows(document(json)).first?["style"] as? String == style)
        let loss = d.losses.first { $0.id == "loss.field.presentation" }
        #expect(loss?.path == "/pages/0/sections/0/fields/colour")
        #expect(loss?.message.hasPrefix("colour: ") == true)
        #expect(loss?.message.contains("shown as") == true)
    }

    @Test(arguments: [(Presentation.push, "push"), (.alert, "alert"), (.actionSheet, "action"), (.segmented, "segmented"),
                      (.picker, "picker"), (.pickerInline, "picker.inline")])
    func aChoicePresentationWithItsOwnStyleIsNoLoss(_ p: Presentation, _ style: String) {
        let f = form([Field(id: "colour", kind: .singleChoice, presentation: p, options: [Option(value: .string("r"))])])
        let (json, d) = RowSchema.emit(f)
        #expect(rows(document(json)).first?["style"] as? String == style)
        #expect(!d.losses.contains { $0.id == "loss.field.presentation" })
    }

    @Test func aLabelRowShowsItsBodyAsItsTitle() {
        let (json, d) = RowSchema.emit(form([Field(id: "intro", kind: .label, texts: FieldTexts(body: "Welcome"))]))
        #expect(rows(document(json)).first?["title"] as? String == "Welcome")
        #expect(d.losses.isEmpty)
    }

    @Test func aBodyBesideATitleIsReportedOnItsRow() {
        let (json, d) = RowSchema.emit(form([Field(id: "intro", kind: .label, texts: FieldTexts(label: "Hello", body: "Welcome"))]))
        #expect(rows(document(json)).first?["title"] as? String == "Hello")
        let loss = d.losses.first { $0.id == "loss.text.body" }
        #expect(loss?.path == "/pages/0/sections/0/fields/intro")
        #expect(loss?.message.contains("\"Welcome\" is not shown") == true)
    }

    @Test func valueRangePredicatesReadBackAsTheRange() throws {
        let f = form([Field(id: "age", kind: .integer, validation: Validation(minValue: 16, maxValue: 120.5))])
        let (json, _) = RowSchema.emit(f)
        #expect(rows(document(json)).first?["rules"] as? [[String: String]] == [["predicate": "SELF >= 16"], ["predicate": "SELF <= 120.5"]])
        let back = try #require(RowSchema.read(json).0)
        let v = back.pages[0].sections[0].fields[0].validation
        #expect(v.minValue == 16 && v.maxValue == 120.5 && v.predicates.isEmpty)
    }

    @Test func predicatesThatAreNotABareRangeStayPredicates() throws {
        let json = """
        {"sections": [{"type": "static", "items": [
          {"type": "integer", "id": "a", "rules": [{"predicate": "SELF >= 1", "message": "at least one"}, {"predicate": "SELF > 1"}]},
          {"type": "slider", "id": "s", "rules": [{"predicate": "SELF >= 2"}]},
          {"type": "integer", "id": "b", "rules": [{"predicate": "SELF >= 1"}, {"predicate": "SELF >= 3"}]}
        ]}]}
        """
        let fields = try #require(RowSchema.read(json).0).pages[0].sections[0].fields
        #expect(fields[0].validation.minValue == nil && fields[0].validation.predicates.count == 2)
        #expect(fields[1].validation.predicates.count == 1)
        // The writer's order: own predicates, then the range: the last `SELF >= n` is the minimum.
        #expect(fields[2].validation.minValue == 3 && fields[2].validation.predicates.count == 1)
    }

    @Test func theWritersRuleOrderReadsBackAndWritesTheSameRules() throws {
        let v = Validation(minValue: 1, maxValue: 500,
                           predicates: [PredicateRule(condition: .compare(.selfValue, .notEqual, .literal(.number(7))))],
                           comparisons: [FieldComparison(otherField: "maximumAmount", relation: .lessThanOrEqual)])
        let f = form([Field(id: "minimumAmount", kind: .decimal, validation: v), Field(id: "maximumAmount", kind: .decimal)])
        let (json, _) = RowSchema.emit(f)
        let expected = [["predicate": "SELF != 7"], ["predicate": "SELF >= 1"], ["predicate": "SELF <= 500"],
                        ["predicate": "SELF <= $maximumAmount"]]
        #expect(rows(document(json)).first?["rules"] as? [[String: String]] == expected)
        let back = try #require(RowSchema.read(json).0)
        #expect(back.pages[0].sections[0].fields[0].validation == v)
        #expect(RowSchema.emit(back).0 == json)
    }

    @Test func aRangeFollowedByAnotherPredicateStaysPredicates() throws {
        let json = """
        {"sections": [{"type": "static", "items": [
          {"type": "text", "id": "a", "rules": [{"predicate": "SELF >= 1"}, {"predicate": "SELF == 'Y'"}]}
        ]}]}
        """
        let v = try #require(RowSchema.read(json).0).pages[0].sections[0].fields[0].validation
        #expect(v.minValue == nil && v.predicates.count == 2)
    }

    @Test func repeatIsWrittenAsAComparisonAndSaysSo() {
        let f = form([Field(id: "email", kind: .email),
                      Field(id: "repeatEmail", kind: .email, validation: Validation(named: [.repeat]))])
        let (json, d) = RowSchema.emit(f)
        #expect(rows(document(json)).last?["rules"] as? [[String: String]] == [["predicate": "SELF == $email"]])
        let note = d.items.first { $0.id == "rowschema.repeat-as-comparison" }
        #expect(note?.path == "/pages/0/sections/0/fields/repeatEmail")
    }

    @Test func aHiddenSectionIsReportedOnItAndOnTheRowsItHides() {
        var f = form([Field(id: "shown", kind: .text)])
        f.pages[0].sections.append(Section(id: "owner2", fields: [Field(id: "owner2Name", kind: .text)], isHidden: true))
        let (json, d) = RowSchema.emit(f)
        #expect(rows(document(json)).last?["hidden"] as? Bool == true)
        let paths = d.losses.filter { $0.id == "loss.structure.hidden-section" }.map { $0.path ?? "" }
        #expect(paths == ["/pages/0/sections/1", "/pages/0/sections/1/fields/owner2Name"])
    }
}
