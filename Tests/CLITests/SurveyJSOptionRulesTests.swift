import Foundation
import Testing
import FormIR
import FormConvKit
import DocumentTree

/// SurveyJS has one list of `choices` per question; an item shows while its own `visibleIf` holds
/// (survey-core docs, design-survey-conditional-logic.md "Item Visibility"; shared/specs/web-targets.md
/// 1.6). Option sets MM XML relationships switch are written as that list, the field's own options
/// (a range as the values it lists) shown while no rule replaces them, and read back as the same
/// options under the same conditions (issue 35). Also: option values an XML writer cannot hold are
/// reported per field, an html element with no markup stays one, and `anyof` of one value on a
/// single-choice question is the same condition as `=`.
@Suite struct SurveyJSOptionRulesTests {
    static func mmxml(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <form name="f" formPrefix="F">
          <page name="p">
            <group name="g">
        \(body)
            </group>
          </page>
        </form>
        """
    }

    /// `text` (of `format`) converted to `target`: the form read, the output, its diagnostics, the form read back.
    static func roundTrip(_ text: String, from format: FormatID = .mmxml, to target: FormatID)
        throws -> (source: Form, output: [UInt8], diagnostics: [Diagnostic], back: Form) {
        let input = InputDocument(name: "in." + format.fileExtension, bytes: Array(text.utf8))
        let result = Converter.convert(input, from: format, to: target, options: EmitOptions())
        let source = try #require(result.form)
        let bytes = try #require(result.output, "\(format) → \(target) failed: \(result.diagnostics.items.map(\.message))")
        var back = Diagnostics()
        let read = try #require(Converter.read(InputDocument(name: "back." + target.fileExtension, bytes: bytes),
                                               as: target, diagnostics: &back))
        return (source, bytes, result.diagnostics.items, read)
    }

    static func choices(_ output: [UInt8], question: String) throws -> [(value: String, visibleIf: String?)] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output)) as? [String: Any])
        var found: [[String: Any]]?
        func walk(_ x: Any) {
            if let d = x as? [String: Any] {
                if d["name"] as? String == question { found = d["choices"] as? [[String: Any]] }
                d.values.forEach(walk)
            } else if let a = x as? [Any] { a.forEach(walk) }
        }
        walk(json)
        let items = try #require(found, "no choices on \(question)")
        return items.map { ($0["value"] as? String ?? "\($0["value"] ?? "")", $0["visibleIf"] as? String) }
    }

    /// A change of the options or of the rules (not the presentation: a value picker is a drop-down).
    static func optionsOrRules(_ c: FormChange) -> Bool { c.id.hasPrefix("option.") || c.id.hasPrefix("condition.") }

    static let rangeForm = mmxml("""
          <item name="agree" type="checkbox"/>
          <item name="range" type="valuePicker"><options>10-15</options></item>
          <relationship object="item::range">
            <condition>agree == "1"</condition>
            <if><option value="1">One</option><option value="2">Two</option></if>
          </relationship>
    """)

    @Test func aRangeTheRulesSwitchIsListedAndShownWhileNoRuleReplacesIt() throws {
        let (source, output, _, back) = try Self.roundTrip(Self.rangeForm, to: .surveyjs)
        let items = try Self.choices(output, question: "range")
        // The range's values first (the field's own options), shown while the rule's condition does not
        // hold; the rule's options while it does.
        #expect(items.map(\.value) == ["10", "11", "12", "13", "14", "15", "1", "2"])
        let own = Set(items.prefix(6).map(\.visibleIf)), ruled = Set(items.suffix(2).map(\.visibleIf))
        #expect(own.count == 1 && ruled.count == 1)
        #expect(ruled.first! == "{agree} = true")
        #expect(own.first! == "{agree} != true")
        let changes = FormDiff.compare(source, back).changes.filter { $0.field == "range" && Self.optionsOrRules($0) }
        #expect(changes.isEmpty, "\(changes.map(\.message))")
    }

    @Test func optionSetsWithAnElseReadBackAsTheSameOptionsUnderTheSameConditions() throws {
        let form = Self.mmxml("""
              <item name="kind" type="dropDown"><option value="CO">Company</option><option value="PA">Partner</option></item>
              <item name="terminal" type="dropDown"><option value="none">No terminal</option></item>
              <relationship object="item::terminal">
                <condition>kind == "CO"</condition>
                <if><option value="ict250">iCT250</option><option value="vx520">VX 520</option></if>
                <else><option value="none">No terminal</option><option value="mobile">Mobile</option></else>
              </relationship>
        """)
        let (source, output, _, back) = try Self.roundTrip(form, to: .surveyjs)
        let items = try Self.choices(output, question: "terminal")
        // The field's own option first, then those only the rule brings.
        #expect(items.map(\.value) == ["none", "ict250", "vx520", "mobile"])
        #expect(items[0].visibleIf == "{kind} != 'CO'" && items[3].visibleIf == "{kind} != 'CO'")
        #expect(items[1].visibleIf == "{kind} = 'CO'" && items[2].visibleIf == "{kind} = 'CO'")
        let changes = FormDiff.compare(source, back).changes.filter { $0.field == "terminal" && Self.optionsOrRules($0) }
        #expect(changes.isEmpty, "\(changes.map(\.message))")
    }

    @Test func aChangedRuleSetIsStillAChange() throws {
        // Comparing the options a field shows must still see an option a rule no longer brings.
        let old = try Self.roundTrip(Self.rangeForm, to: .surveyjs).source
        let edited = Self.rangeForm.replacingOccurrences(of: "<option value=\"2\">Two</option>", with: "")
        let new = try Self.roundTrip(edited, to: .surveyjs).source
        let changes = FormDiff.compare(old, new).changes.filter { $0.field == "range" }
        #expect(changes.contains { $0.id == "option.value-removed" && $0.old == "2" })
        #expect(changes.contains { $0.id == "condition.removed" || $0.id == "condition.added" })
    }

    static let controlCharacterForm = mmxml("""
          <item name="tag" type="dropDown"><option value="a&#x1;b">AB</option><option value="c">C</option></item>
    """)

    @Test(arguments: [FormatID.rmsform, .shinobi, .xlformPlist])
    func anOptionValueXMLCannotHoldHasAnOptionsLossOnItsField(_ target: FormatID) throws {
        // A SurveyJS (JSON) form, since MM XML cannot hold the control character in the first place.
        let survey = """
        {"pages": [{"name": "p", "elements": [
          {"type": "dropdown", "name": "tag", "choices": [{"value": "a\\u0001b", "text": "AB"}, "c"]}]}]}
        """
        let (_, _, diagnostics, back) = try Self.roundTrip(survey, from: .surveyjs, to: target)
        let losses = diagnostics.filter { $0.id == "loss.options.invalid-character" }
        #expect(losses.count == 1, "one loss for the field: \(diagnostics.map(\.id))")
        let loss = try #require(losses.first)
        #expect(loss.message.contains("'tag'") && loss.message.contains("U+FFFD"))
        #expect(loss.message.contains("\"a\\u{1}b\""), "the value is shown with its control character escaped: \(loss.message)")
        // What the loss announces is what happens: the value reads back with U+FFFD in its place.
        let values = back.allFields.flatMap(\.options).map(\.value.displayText)
        #expect(values.contains("a\u{FFFD}b"))
    }

    @Test func anHTMLElementWithNoMarkupStaysOne() throws {
        // A row schema html row with no text (Tests/RowSchemaTests/Fixtures/json/later-revision.rows.json).
        let rows = """
        {"title": "T", "sections": [{"type": "static", "items": [{"type": "html", "id": "terms", "editable": false}]}]}
        """
        let (_, output, _, back) = try Self.roundTrip(rows, from: .json, to: .surveyjs)
        let text = String(decoding: output, as: UTF8.self)
        #expect(text.contains("\"type\": \"html\"") || text.contains("\"type\":\"html\""))
        #expect(!text.contains("\"html\":"), "an html element with no markup has no html property")
        #expect(back.field("terms")?.kind == .html)
    }

    @Test func anyofOneValueOnASingleChoiceIsTheSameConditionAsEquality() throws {
        func survey(_ condition: String, multiple: Bool) -> String {
            """
            {"pages": [{"name": "p", "elements": [
              {"type": "\(multiple ? "checkbox" : "radiogroup")", "name": "contact", "choices": ["email", "post"]},
              {"type": "comment", "name": "address", "visibleIf": "\(condition)"}]}]}
            """
        }
        func changes(_ a: String, _ b: String, multiple: Bool) throws -> [FormChange] {
            let old = try Self.roundTrip(survey(a, multiple: multiple), from: .surveyjs, to: .surveyjs).source
            let new = try Self.roundTrip(survey(b, multiple: multiple), from: .surveyjs, to: .surveyjs).source
            return FormDiff.compare(old, new).changes.filter { $0.field == "address" }
        }
        // survey-core's anyof on a single value is whether the list holds it: `= 'post'`.
        #expect(try changes("{contact} anyof ['post']", "{contact} = 'post'", multiple: false).isEmpty)
        // On a checkbox, anyof is "includes post" and = is "exactly [post]": a change.
        #expect(try !changes("{contact} anyof ['post']", "{contact} = 'post'", multiple: true).isEmpty)
        // Two values are not one.
        #expect(try !changes("{contact} anyof ['post', 'email']", "{contact} = 'post'", multiple: false).isEmpty)
    }
}
