import Foundation
import Testing
import FormIR
import Readers
import Emitters

/// Writing IR built in code: schema validity, renaming, round trips and losses.
@Suite struct ShinobiEmitterTests {
    static func loc(_ l: Int) -> FormIR.SourceLocation { FormIR.SourceLocation(file: "in.xml", line: l, column: 3) }

    /// A form using everything ShinobiForms XML can say.
    static var expressible: Form {
        Form(pages: [Page(sections: [
            Section(title: "Login", fields: [
                Field(id: "user", kind: .text, texts: FieldTexts(label: "User"), defaultValue: .string("me & you"),
                      validation: Validation(required: true, patterns: [PatternRule(regex: "^[a-z<>]+$")])),
                Field(id: "mail", kind: .email, validation: Validation(named: [.email])),
                Field(id: "mail2", kind: .email, validation: Validation(comparisons: [
                    FieldComparison(otherField: "mail", relation: .equal, mode: .number)])),
                Field(id: "age", kind: .number, defaultValue: .double(2.5), validation: Validation(named: [.numeric])),
                Field(id: "level", kind: .number, defaultValue: .int(3), validation: Validation(minValue: 1, maxValue: 5)),
            ]),
            Section(fields: [
                Field(id: "color", kind: .singleChoice, options: [Option(value: .string("red")), Option(value: .string("blue"))],
                      defaultValue: .string("blue"), validation: Validation(required: true)),
                Field(id: "size", kind: .singleChoice, presentation: .picker,
                      options: [Option(value: .string("S")), Option(value: .string("M"))], defaultValue: .string("M")),
                Field(id: "ok", kind: .boolean, defaultValue: .bool(true), validation: Validation(required: true)),
                Field(id: "off", kind: .boolean, validation: Validation(named: [NamedValidator("booleanFalse")])),
                Field(id: "when", kind: .date, defaultValue: .date("2024-01-31"), validation: Validation(comparisons: [
                    FieldComparison(otherField: "when", relation: .lessThanOrEqual)])),
                Field(id: "raw", kind: .custom("SFormField")),
            ]),
        ], isImplicit: true)], validationGroups: [["mail", "mail2"]])
    }

    @Test func expressibleFormRoundTripsWithoutLoss() throws {
        let (xml, d) = try ShinobiEmitter().emit(Self.expressible)
        #expect(d.items.isEmpty, "\(d.items)")
        try expectSchemaValid(xml)
        let (back, rd) = try ShinobiReader().read(bytes: xml, name: "out.xml")
        #expect(rd.items.isEmpty, "\(rd.items)")
        #expect(back == Self.expressible)
        let (again, _) = try ShinobiEmitter().emit(back)
        #expect(again == xml)
        try expectGolden(String(decoding: xml, as: UTF8.self), "shinobi/expressible.shinobi.xml")
    }

    @Test func namesAreSanitisedUniquelyAndReferencesFollow() throws {
        let form = Form(pages: [Page(sections: [Section(fields: [
            Field(id: "first name", kind: .text, location: Self.loc(3)),
            Field(id: "first_name", kind: .text, location: Self.loc(4)),
            Field(id: "2nd", kind: .text, location: Self.loc(5)),
            Field(id: "a:b", kind: .text, validation: Validation(comparisons: [
                FieldComparison(otherField: "first name", relation: .notEqual)]), location: Self.loc(6)),
            Field(id: "", kind: .text, location: Self.loc(7)),
            Field(id: "élan", kind: .text, location: Self.loc(8)),
        ])], isImplicit: true)], validationGroups: [["first name", "2nd"]])
        let (xml, d) = try ShinobiEmitter().emit(form)
        try expectSchemaValid(xml)
        #expect(d.items.map { (x: Diagnostic) in x.id } == Array(repeating: "shinobi.renamed-field", count: 4))
        #expect(d.items.map { (x: Diagnostic) in x.location?.line } == [3, 5, 6, 7])
        let (back, _) = try ShinobiReader().read(bytes: xml, name: "out.xml")
        #expect(back.allFields.map(\.id) == ["first_name_2", "first_name", "_2nd", "a_b", "_", "élan"])
        #expect(back.field("a_b")?.validation.comparisons.first?.otherField == "first_name_2")
        #expect(back.validationGroups == [["first_name_2", "_2nd"]])
        // Deterministic: the same input gives the same names.
        let (xml2, _) = try ShinobiEmitter().emit(form)
        #expect(xml2 == xml)
    }

    @Test func everythingElseIsALossWithItsPosition() throws {
        var form = Form(id: "f", title: "Payment", pages: [
            Page(id: "p1", title: "One", sections: [Section(id: "g1", footer: "small print", fields: [
                Field(id: "pwd", kind: .password, texts: FieldTexts(label: LocalizedText([.init(locale: "en", text: "Password"),
                                                                                          .init(locale: "fr", text: "Mot de passe")]),
                                                                    placeholder: "secret"),
                      layout: Layout(position: "upper_left"), submission: Submission(key: "PWD"), location: Self.loc(10)),
                Field(id: "kind", kind: .singleChoice, presentation: .segmented,
                      options: [Option(value: .string("1"), label: "Yes"), Option(value: .string("2"), label: "No")],
                      defaultValue: .string("3"), location: Self.loc(11)),
                Field(id: "pic", kind: .photo, texts: FieldTexts(label: "Photo"), location: Self.loc(12)),
                Field(id: "luhn", kind: .text, validation: Validation(minValue: 1, named: [.luhn]),
                      extensions: ["mmxml.receipt": .bool(true)], location: Self.loc(13)),
            ], location: Self.loc(9))], location: Self.loc(8)),
            Page(id: "p2", sections: [Section(fields: [
                Field(id: "agree", kind: .boolean, validation: Validation(comparisons: [
                    FieldComparison(otherField: "kind", relation: .equal, mode: .text)]), location: Self.loc(20)),
            ])]),
        ], rules: [Rule(condition: .literal(.bool(true)), target: .field("pic"), then: [.hide], location: Self.loc(30))])
        form.location = Self.loc(1)
        let (xml, d) = try ShinobiEmitter().emit(form)
        try expectSchemaValid(xml)
        #expect(d.losses.count == d.items.count)
        #expect(d.losses.allSatisfy { (x: Diagnostic) in x.loss?.target == "shinobi" && x.location != nil })
        try expectGolden(lines(d.items), "shinobi/losses.losses.txt")
    }
}
