import Foundation
import Testing
import FormIR
import Expressions
import FormConvKit

/// XLForm predicates compare what XLForm compares (NOTES.md, XLForm): a selector row whose options are
/// option objects holds the chosen object, which equals only another option object, so a string
/// comparison must go through `formValue`; a condition no predicate string can say is a loss, never
/// written broken.
@Suite struct XLFormPredicateTests {
    static let at = SourceLocation(file: "in.xml", line: 30, column: 5)

    static func form(_ choice: Field, rule: FormIR.Expression) -> Form {
        Form(pages: [Page(sections: [Section(fields: [choice, Field(id: "other", kind: .text)])], isImplicit: true)],
             rules: [Rule(condition: rule, target: .field("other"), then: [.show], otherwise: [.hide], location: Self.at)])
    }

    static let isM = FormIR.Expression.compare(.field(FieldReference("gender")), .equal, .literal(.string("M")))
    static let labelled = [Option(value: .string("M"), label: "Male"), Option(value: .string("F"), label: "Female")]

    /// The `hidden` string of the row tagged `other`, from the JSON XLForm descriptor.
    static func hidden(_ json: String) throws -> String? {
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let rows = ((doc["formSections"] as? [[String: Any]]) ?? []).flatMap { ($0["formRows"] as? [[String: Any]]) ?? [] }
        return rows.first { $0["tag"] as? String == "other" }?["hidden"] as? String
    }

    @Test(arguments: [Presentation.segmented, .radio, .dropDown])
    func optionObjectRowsCompareTheirFormValue(_ presentation: Presentation) throws {
        let gender = Field(id: "gender", kind: .singleChoice, presentation: presentation, options: Self.labelled)
        var d = Diagnostics()
        let json = Support.text(try Support.emit(Self.form(gender, rule: Self.isM), as: .xlform, diagnostics: &d))
        #expect(try Self.hidden(json) == "$gender.value.formValue != 'M'")
        #expect(!d.losses.contains { $0.id.hasPrefix("loss.relationship") }, "\(d.losses)")
        // Read back, the condition is the same value comparison, and writing it again gives the same text.
        var e = Diagnostics()
        let back = try Support.read(text: json, diagnostics: &e)
        let rule = try #require(back.rules.first { $0.target == .field("other") })
        #expect(rule.condition == .not(Self.isM) || rule.condition == .compare(.field(FieldReference("gender")), .notEqual, .literal(.string("M"))))
        let again = Support.text(try Support.emit(back, as: .xlform, diagnostics: &e))
        #expect(try Self.hidden(again) == "$gender.value.formValue != 'M'")
    }

    /// Options written as plain values (no display text) make the row hold the plain value.
    @Test func plainOptionRowsCompareTheValue() throws {
        let gender = Field(id: "gender", kind: .singleChoice, presentation: .segmented,
                           options: [Option(value: .string("M")), Option(value: .string("F"))])
        var d = Diagnostics()
        let json = Support.text(try Support.emit(Self.form(gender, rule: Self.isM), as: .xlform, diagnostics: &d))
        #expect(try Self.hidden(json) == "$gender.value != 'M'")
    }

    /// A multiple selector holds an array of option objects: no string comparison is ever true, so the
    /// rule is a loss at its position and nothing is written.
    @Test func multipleSelectorsWithOptionObjectsAreALoss() throws {
        let gender = Field(id: "gender", kind: .multipleChoice, options: Self.labelled)
        var d = Diagnostics()
        let json = Support.text(try Support.emit(Self.form(gender, rule: Self.isM), as: .xlform, diagnostics: &d))
        #expect(try Self.hidden(json) == nil)
        let loss = try #require(d.losses.first { $0.id == "loss.relationship.show-hide" })
        #expect(loss.location == Self.at && loss.message.contains("gender"))
    }

    /// XLForm cuts a tag at the first of ` <>!=+-&|()` and then `.`: such a tag cannot be named.
    @Test(arguments: ["first-name", "a.b", "two words", "x+y"])
    func tagsXLFormCannotNameAreALoss(_ tag: String) throws {
        let field = Field(id: tag, kind: .text)
        let rule = FormIR.Expression.compare(.field(FieldReference(tag)), .equal, .literal(.string("x")))
        var d = Diagnostics()
        let json = Support.text(try Support.emit(Self.form(field, rule: rule), as: .xlform, diagnostics: &d))
        #expect(try Self.hidden(json) == nil)
        #expect(d.losses.contains { $0.id == "loss.relationship.show-hide" && $0.location == Self.at }, "\(d.items)")
        // What was written reads back without error (a broken predicate was xlform.invalid-predicate).
        var e = Diagnostics()
        _ = try Support.read(text: json, diagnostics: &e)
        #expect(!e.hasErrors, "\(e.items)")
    }

    /// One rule that hides and disables: both properties get the predicate, or both are reported lost.
    @Test func bothPropertiesOfOneRule() throws {
        let gender = Field(id: "gender", kind: .singleChoice, presentation: .segmented, options: Self.labelled)
        var form = Self.form(gender, rule: Self.isM)
        form.rules[0].then = [.hide, .disable]
        form.rules[0].otherwise = [.show, .enable]
        var d = Diagnostics()
        let json = Support.text(try Support.emit(form, as: .xlform, diagnostics: &d))
        #expect(try Self.hidden(json) == "$gender.value.formValue == 'M'")
        #expect(json.contains("\"disabled\": \"$gender.value.formValue == 'M'\""), "\(json)")
        var multiple = Self.form(Field(id: "gender", kind: .multipleChoice, options: Self.labelled), rule: Self.isM)
        multiple.rules[0].then = [.hide, .disable]
        var e = Diagnostics()
        _ = try Support.emit(multiple, as: .xlform, diagnostics: &e)
        #expect(Set(e.losses.map(\.id)).isSuperset(of: ["loss.relationship.show-hide", "loss.relationship.enable-disable"]))
    }

    /// A file comparing an option-object row's `.value` with a string says something XLForm never finds
    /// true: read as the value comparison, with a warning (the writer then says `formValue`).
    @Test func readingADirectOptionObjectComparisonWarns() throws {
        let rows = #"{"tag": "gender", "rowType": "selectorSegmentedControl", "selectorOptions": [{"value": "M", "displayText": "Male"}, {"value": "F", "displayText": "Female"}]}"#
        func read(_ predicate: String) throws -> Diagnostics {
            let text = #"{"formSections": [{"formRows": [\#(rows), {"tag": "other", "rowType": "text", "hidden": "\#(predicate)"}]}]}"#
            var d = Diagnostics()
            _ = try Support.read(text: text, diagnostics: &d)
            return d
        }
        #expect(try read("$gender.value == 'M'").items.map(\.id) == ["xlform.option-object-compared"])
        #expect(try read("$gender.value.formValue == 'M'").items.isEmpty)
        #expect(try read("$gender.isHidden == 0").items.isEmpty)
    }

    /// The predicate parser reads XLForm's `$tag.value.formValue` as the row's value.
    @Test func formValueReadsAsTheValue() throws {
        let a = try Predicate.parse("$gender.value.formValue == 'M'", dialect: .xlformPredicate)
        #expect(a == Self.isM)
        #expect(Predicate.printIfExpressible(Self.isM, dialect: .xlformPredicate, formValueTags: ["gender"])
                == "$gender.value.formValue == 'M'")
    }
}
