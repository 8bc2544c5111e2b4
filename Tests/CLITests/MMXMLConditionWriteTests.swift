import Foundation
import Testing
import FormIR
import FormConvKit
import FormConvTestSupport

/// SurveyJS conditions through MM XML (issue 35), against the MM XML spec's RELATIONSHIPS section: a
/// `<condition>` compares an item with `==`, `!=`, `BT`, `LT` and combines with `AND`, `OR` and
/// brackets. A condition the language can say is written so and reads back equal; one it cannot (`>=`,
/// `anyof`, `contains`, a boolean) leaves its relationship out, and the loss names the field it acts
/// on (its id as subject, quoted in the message, at the condition's own place), the page's fields for
/// a page rule, and what the person sees without it. A text a relationship sets loses the `language`
/// attribute MM XML 1.1's schema lacks with a note under the field.
@Suite struct MMXMLConditionWriteTests {
    static let survey = """
    {"pages": [
      {"name": "about", "elements": [
        {"type": "radiogroup", "name": "country", "choices": ["FR", "US"]},
        {"type": "text", "name": "city", "visibleIf": "{country} = 'FR'"},
        {"type": "text", "name": "age", "inputType": "number"},
        {"type": "text", "name": "partner",
         "visibleIf": "{age} >= 18",
         "requiredIf": "{country} anyof ['FR', 'US']"}
      ]},
      {"name": "adult", "visibleIf": "{age} >= 18 or {country} = 'US'", "elements": [
        {"type": "text", "name": "job"},
        {"type": "text", "name": "employer"}
      ]}
    ]}
    """

    struct Converted {
        var source: Form
        var xml: String
        var diagnostics: [Diagnostic]
        var changes: [FormChange]
    }

    static func convert(_ text: String, from format: FormatID, name: String, keepLegacy: Bool = false) throws -> Converted {
        let input = InputDocument(name: name, bytes: Array(text.utf8))
        let result = Converter.convert(input, from: format, to: .mmxml, formatOptions: .init(keepLegacy: keepLegacy))
        let source = try #require(result.form)
        let bytes = try #require(result.output)
        var back = Diagnostics()
        let read = try #require(Converter.read(InputDocument(name: "back.xml", bytes: bytes), as: .mmxml, diagnostics: &back))
        return Converted(source: source, xml: String(decoding: bytes, as: UTF8.self),
                         diagnostics: result.diagnostics.items, changes: FormDiff.compare(source, read).changes)
    }

    /// The line (1-based) of the first line of `text` containing `needle`.
    static func line(of needle: String, in text: String) -> Int? {
        text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(needle) }.map { $0 + 1 }
    }

    @Test func aConditionMMXMLCanSayIsWrittenInItsSyntaxAndReadsBackEqual() throws {
        let c = try Self.convert(Self.survey, from: .surveyjs, name: "s.survey.json")
        // The spec's form: itemName OPERATOR "value", strings double-quoted.
        #expect(c.xml.contains("<relationship object=\"item::city\">"))
        #expect(c.xml.contains("<condition>country == \"FR\"</condition>"))
        #expect(!c.changes.contains { $0.field == "city" }, "\(c.changes.filter { $0.field == "city" }.map(\.message))")
        #expect(!c.diagnostics.contains { $0.subject == "city" })
    }

    @Test func aConditionMMXMLCannotSayIsLostUnderItsField() throws {
        let c = try Self.convert(Self.survey, from: .surveyjs, name: "s.survey.json")
        // `>=` is not one of the language's operators: no relationship on partner's visibility.
        #expect(!c.xml.contains("item::partner"))
        let visibility = try #require(c.diagnostics.first { $0.id == "loss.condition" && $0.subject == "partner" })
        #expect(visibility.message.hasPrefix("partner: "))
        #expect(visibility.message.contains("rule that shows 'partner'"))
        #expect(visibility.message.contains("it stays visible"))
        #expect(visibility.message.contains("$age >= 18"))
        #expect(visibility.location?.line == Self.line(of: "\"visibleIf\": \"{age} >= 18\"", in: Self.survey))
        // requiredIf: lost as a requirement too (`required` in the id, what stays in the words).
        let required = try #require(c.diagnostics.first { $0.id == "loss.condition.required" && $0.subject == "partner" })
        #expect(required.message.contains("makes 'partner' required"))
        #expect(required.message.contains("it stays optional"))
        #expect(required.location?.line == Self.line(of: "\"requiredIf\"", in: Self.survey))
        // Each change the read-back shows on partner is one of these.
        let changes = c.changes.filter { $0.field == "partner" }.map(\.id).sorted()
        #expect(changes == ["condition.removed", "required.conditional-removed"])
    }

    @Test func aPageConditionMMXMLCannotSayNamesThePageAndEachOfItsFields() throws {
        let c = try Self.convert(Self.survey, from: .surveyjs, name: "s.survey.json")
        #expect(!c.xml.contains("page::adult"))
        let loss = try #require(c.diagnostics.first { $0.id == "loss.condition" && $0.subject == "page 'adult'" })
        #expect(loss.message.contains("'job'") && loss.message.contains("'employer'"))
        #expect(loss.message.contains("it stays visible"))
        // FormDiff sees the lost page rule on each field of the page: each is quoted by the loss.
        let fields = Set(c.changes.filter { $0.id == "condition.removed" }.map(\.field))
        #expect(fields.isSuperset(of: ["job", "employer"]))
        for f in fields { #expect(loss.message.contains("'\(f)'") || f == "partner", "\(f)") }
    }

    @Test(.enabled(if: (try? Subprocess.python("import xmlschema")) != nil, "needs python3 with xmlschema (scripts/test installs it)"))
    func theOutputIsValidAgainstTheSchema() throws {
        let c = try Self.convert(Self.survey, from: .surveyjs, name: "s.survey.json")
        let result = try MMXMLSchemaValidityTests.validate([("conditions.xml", Array(c.xml.utf8))])
        #expect(result["conditions.xml"] == "valid")
    }

    static let labelRule = """
    <form formPrefix="ABC"><requireditemcolor>#FFDAB9</requireditemcolor><optionalitemcolor>blue</optionalitemcolor>
    <leftFormMargin>20</leftFormMargin><rightFormMargin>20</rightFormMargin><pageWidth>678</pageWidth>
    <page name="p"><group name="g">
    <item name="mood" type="dropDown"><label>Mood</label><tag value="1">Bad</tag><tag value="2">Good</tag></item>
    <item name="why" type="textField"><label>Why?</label></item>
    </group></page>
    <relationships>
    <relationship object="item::why">
    <condition>mood == "1"</condition>
    <if><label language="EN_US">What went wrong?</label></if>
    </relationship>
    </relationships>
    </form>
    """

    @Test func aTextARelationshipSetsLosesItsLanguageWithANoteUnderItsField() throws {
        let c = try Self.convert(Self.labelRule, from: .mmxml, name: "label.xml")
        #expect(c.xml.contains("<label>What went wrong?</label>"))
        #expect(!c.xml.contains("language="))
        let note = try #require(c.diagnostics.first { $0.id == "mmxml.relationship-language-dropped" })
        #expect(note.message.hasPrefix("why: "))
        #expect(note.message.contains("EN_US"))
        #expect(note.location?.line == Self.line(of: "<relationship object=\"item::why\">", in: Self.labelRule))
        // The rule reads back setting the label without a language: the change the note announces.
        #expect(c.changes.contains { $0.field == "why" && $0.id.hasPrefix("condition.") })
        // The form-level count no longer counts it (no other text has a language here).
        #expect(!c.diagnostics.contains { $0.id == "mmxml.legacy-dropped" })

        let kept = try Self.convert(Self.labelRule, from: .mmxml, name: "label.xml", keepLegacy: true)
        #expect(kept.xml.contains("<label language=\"EN_US\">What went wrong?</label>"))
        #expect(!kept.diagnostics.contains { $0.id == "mmxml.relationship-language-dropped" })
        #expect(!kept.changes.contains { $0.field == "why" })
    }

    @Test func anXLFormRuleWithoutAPredicateNamesItsRow() throws {
        let url = TestPaths.repo.appendingPathComponent("Tests/CLITests/Fixtures/inputs/signup.ir.json")
        let input = InputDocument(name: url.path, bytes: Array(try Data(contentsOf: url)))
        let result = Converter.convert(input, from: .ir, to: .xlform)
        let loss = try #require(result.diagnostics.items.first { $0.id == "loss.relationship.show-hide" && $0.subject == "postalCode" })
        #expect(loss.message.contains("rule that shows 'postalCode' (submitted as 'zip')"))
    }
}
