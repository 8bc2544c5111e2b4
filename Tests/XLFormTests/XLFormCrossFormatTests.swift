import Foundation
import Testing
import FormIR
import FormConvKit

/// Forms from other formats converted to XLForm: the descriptor, both code targets and the list of
/// losses (each with its position) are golden files under Fixtures/xlform/cross/.
@Suite struct XLFormCrossFormatTests {
    static func convert(_ form: Form, name: String, source: String) throws {
        var listing = ""
        for (format, ext) in [(FormatID.xlform, "xlform.json"), (.xlformSwift, "swift"), (.xlformObjc, "m")] {
            var d = Diagnostics()
            let out = try Support.emit(form, as: format, source: source, diagnostics: &d)
            try Support.golden(Support.text(out), "xlform/cross/\(name).\(ext)")
            listing += "\(format):\n" + Support.listing(d)
        }
        try Support.golden(listing, "xlform/cross/\(name).losses.txt")
    }

    /// The row schema example (a sibling format with predicates, options, dates and dynamic sections).
    @Test func rowSchemaExample() throws {
        let url = Support.examples.appendingPathComponent("expense-report.rows.json")
        var d = Diagnostics()
        let form = try Support.read(url, as: .json, diagnostics: &d)
        try Self.convert(form, name: "expense-report", source: url.lastPathComponent)
        // The hidden predicate crosses dialects: `$department` (the value itself) becomes `$department.value`.
        var e = Diagnostics()
        let xl = try Support.read(text: Support.text(try Support.emit(form, as: .xlform, diagnostics: &e)), diagnostics: &e)
        let rule = try #require(xl.rules.first { $0.target == .field("departmentOther") })
        #expect(rule.source?.text.contains("$department.value") == true)
        #expect(rule.condition == form.rules.first { $0.target == .field("departmentOther") }?.condition)
    }

    /// The MM XML examples: item types map to row types, relationships to predicates, the rest is listed.
    @Test(arguments: ["signup", "merchant-application", "survey"])
    func mmxmlExample(_ name: String) throws {
        let url = Support.examples.appendingPathComponent("\(name).xml")
        var d = Diagnostics()
        let form = try Support.read(url, as: .mmxml, diagnostics: &d)
        try Self.convert(form, name: name, source: url.lastPathComponent)
        var e = Diagnostics()
        _ = try Support.emit(form, as: .xlform, diagnostics: &e)
        for loss in e.losses { #expect(loss.location != nil, "loss without a position: \(loss.formatted())") }
    }

    /// An MM XML-shaped form (pages, groups, items, relationships, submission settings) built in code.
    @Test func mmLikeForm() throws {
        try Self.convert(MMLikeForm.make(), name: "mm-like", source: "mm-like.xml")
    }

    /// Every loss names the feature and carries the source position of what was lost.
    @Test func lossesHavePositions() throws {
        var d = Diagnostics()
        _ = try Support.emit(MMLikeForm.make(), as: .xlform, diagnostics: &d)
        #expect(!d.losses.isEmpty)
        for loss in d.losses {
            #expect(loss.location?.file == "mm-like.xml", "\(loss.formatted())")
            #expect(loss.loss?.target == "xlform")
        }
        let features = Set(d.losses.compactMap { $0.loss?.feature })
        for expected in ["structure.pages", "kind.signature", "kind.address", "relationship.copy", "relationship.evaluate",
                         "submission.key", "layout.position", "text.localization"] {
            #expect(features.contains(expected), "no \(expected) loss")
        }
        // `numeric` is lowered to a regex validator (RuleLowering), not lost.
        #expect(!features.contains("validation.named"))
    }
}

/// An IR form shaped like what the MM XML reader produces: two pages, named groups, MM item types and
/// relationships in MM's condition dialect, with positions in `mm-like.xml`.
enum MMLikeForm {
    static func at(_ line: Int, _ column: Int = 3) -> FormIR.SourceLocation { FormIR.SourceLocation(file: "mm-like.xml", line: line, column: column) }

    static func make() -> Form {
        var email = Field(id: "email", kind: .text, texts: FieldTexts(label: LocalizedText([.init(locale: "EN_US", text: "Email"), .init(locale: "FR_CA", text: "Courriel")]),
                                                                      placeholder: "you@example.com", missingMessage: "Email is required"),
                          validation: Validation(required: true, maxLength: 80, named: [.email]), location: at(5))
        email.submission.key = "EMAIL_ADDR"
        let age = Field(id: "age", kind: .text, validation: Validation(minValue: 18, maxValue: 99, named: [.numeric]), location: at(9))
        let province = Field(id: "province", kind: .singleChoice, presentation: .dropDown,
                             texts: FieldTexts(label: "Province"),
                             options: [Option(value: .string("QC"), label: "Québec"), Option(value: .string("ON"), label: "Ontario")],
                             defaultValue: .string("QC"), location: at(12))
        let interests = Field(id: "interests", kind: .multipleChoice, presentation: .radio, texts: FieldTexts(label: "Interests"),
                              options: [Option(value: .string("ski")), Option(value: .string("golf"))], allowsMultiple: true,
                              layout: Layout(position: "upper_left", columns: 2), location: at(18))
        let size = Field(id: "size", kind: .singleChoice, presentation: .segmented,
                         options: [Option(value: .int(1), label: "S"), Option(value: .int(2), label: "M")], location: at(24))
        let agree = Field(id: "agree", kind: .boolean, texts: FieldTexts(label: "I agree"),
                          submission: Submission(submitsValue: true), location: at(28))
        let birthday = Field(id: "birthday", kind: .date, texts: FieldTexts(label: "Birthday"),
                             validation: Validation(minAge: 18), formatting: Formatting(dateFormat: "dd/MM/yyyy"),
                             submission: Submission(dateEncoding: .components), location: at(31))
        let comments = Field(id: "comments", kind: .multiline, texts: FieldTexts(label: "Comments"),
                             style: Style(textColor: "#333333"), location: at(35))
        let note = Field(id: "note", kind: .label, texts: FieldTexts(body: "Fill in every page."), location: at(38))
        let years = Field(id: "years", kind: .singleChoice, presentation: .valuePicker, optionRange: OptionRange(lower: 1, upper: 4),
                          location: at(41))
        let signature = Field(id: "signature", kind: .signature, location: at(44))
        let address = Field(id: "home", kind: .address, submission: Submission(prefix: "home"), location: at(47))
        let total = Field(id: "total", kind: .decimal, isDisabled: true, location: at(50))
        let page1 = Page(id: "p1", title: "About you", sections: [
            Section(id: "identity", title: "Identity", fields: [email, age, province, interests, size], location: at(4, 2)),
            Section(id: "consent", fields: [agree, birthday, comments, note], location: at(27, 2)),
        ], location: at(3, 1))
        let page2 = Page(id: "p2", sections: [
            Section(id: "extra", title: "Extra", fields: [years, signature, address, total], location: at(40, 2)),
        ], location: at(39, 1))
        let showComments = Rule(condition: .compare(.field(FieldReference("agree")), .equal, .literal(.string("YES"))),
                                source: ConditionSource(dialect: .mmCondition, text: "agree == \"YES\""),
                                target: .field("comments"), then: [.show], otherwise: [.hide], location: at(60))
        let disableTotal = Rule(condition: .compare(.field(FieldReference("age")), .less, .literal(.number(21))),
                                target: .field("total"), then: [.disable], otherwise: [.enable], location: at(64))
        let hideExtra = Rule(condition: .compare(.field(FieldReference("province")), .notEqual, .literal(.string("QC"))),
                             target: .section("extra"), then: [.hide], otherwise: [.show], location: at(68))
        let copy = Rule(condition: nil, target: .field("comments"), then: [.copy([CopySource(field: "email")])], location: at(72))
        let evaluate = Rule(condition: .compare(.field(FieldReference("age")), .greater, .literal(.number(0))),
                            target: .field("total"), then: [.evaluate(.add("age", "years"))], location: at(75))
        let hidePage = Rule(condition: .compare(.field(FieldReference("agree")), .equal, .literal(.string("NO"))),
                            target: .page("p2"), then: [.hide], location: at(79))
        return Form(title: "Membership", defaultLocale: "EN_US", pages: [page1, page2],
                    rules: [showComments, disableTotal, hideExtra, copy, evaluate, hidePage], location: at(1, 1))
    }
}
