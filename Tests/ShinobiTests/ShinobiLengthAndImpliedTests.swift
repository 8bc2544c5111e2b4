import Foundation
import Testing
import FormIR
import Readers
import Emitters

/// ShinobiForms checks a length only with a `textRegexValidator` (shinobiforms-xml-vocabulary.md), so a
/// length limit is written as `^[\s\S]{min,max}$`, the field's last regex: read back, that regex is the
/// limit again. A rangedNumberField holds only numbers between its `minimum` and `maximum`: a numeric
/// validation it makes redundant is not written as a validator, and that is said on the field.
@Suite struct ShinobiLengthAndImpliedTests {
    private func field(_ f: Field) -> Form { Form(pages: [Page(sections: [Section(fields: [f])])]) }

    @Test func aLengthLimitReadsBackAsTheLimit() throws {
        let f = Field(id: "email", kind: .email, validation: Validation(maxLength: 80, named: [.email]))
        let (xml, _) = try ShinobiEmitter().emit(field(f))
        try expectSchemaValid(xml)
        #expect(String(decoding: xml, as: UTF8.self).contains("<regexString>^[\\s\\S]{0,80}$</regexString>"))
        let (back, ds) = try ShinobiReader().read(bytes: xml, name: "out.xml")
        #expect(ds.items.isEmpty, "\(ds.items)")
        let v = try #require(back.allFields.first?.validation)
        #expect(v.maxLength == 80 && v.minLength == nil && v.patterns.isEmpty && v.named == [.email])
    }

    @Test func aPatternOfTheFormAndALimitBothComeBack() throws {
        // The form's own pattern looks like a length regex; the limit is the last regex.
        let f = Field(id: "code", kind: .text,
                      validation: Validation(maxLength: 9, patterns: [PatternRule(regex: "^[\\s\\S]{9,}$")]))
        let (xml, _) = try ShinobiEmitter().emit(field(f))
        let (back, _) = try ShinobiReader().read(bytes: xml, name: "out.xml")
        let v = try #require(back.allFields.first?.validation)
        #expect(v.patterns.map(\.regex) == ["^[\\s\\S]{9,}$"] && v.maxLength == 9 && v.minLength == nil)
        #expect(try ShinobiEmitter().emit(back).0 == xml)
    }

    @Test(arguments: ["^[\\s\\S]{0,}$", "^[\\s\\S]{5,2}$", "^[\\s\\S]{a,3}$", "^[\\s\\S]{3}$", "^[\\s\\S]{1,4}x$"])
    func aRegexThatIsNoLengthLimitStaysAPattern(_ regex: String) throws {
        let xml = """
            <form><sections><section><fields><textField name="t"><validators><textRegexValidator>\
            <regexString>\(regex)</regexString></textRegexValidator></validators></textField></fields></section></sections></form>
            """
        let (back, _) = try ShinobiReader().read(bytes: Array(xml.utf8), name: "in.xml")
        let v = try #require(back.allFields.first?.validation)
        #expect(v.patterns.map(\.regex) == [regex] && v.minLength == nil && v.maxLength == nil)
    }

    @Test func aNumericValidationARangedNumberFieldImpliesIsSaidOnTheField() throws {
        let f = Field(id: "volume", kind: .decimal,
                      validation: Validation(minValue: 0, maxValue: 100, named: [.numericWithPeriods]))
        let (xml, d) = try ShinobiEmitter().emit(field(f))
        let text = String(decoding: xml, as: UTF8.self)
        #expect(text.contains("<rangedNumberField name=\"volume\">") && !text.contains("<validators>"))
        let note = try #require(d.items.first { $0.id == "shinobi.validation-implied" })
        #expect(note.path == "/pages/0/sections/0/fields/volume" && note.message.hasPrefix("volume: the numericWithPeriods validation"))
    }

    @Test func wholeNumbersOnlyOnARangedNumberFieldIsALoss() throws {
        let f = Field(id: "count", kind: .integer, validation: Validation(minValue: 1, maxValue: 9, named: [.numericOnly]))
        let (_, d) = try ShinobiEmitter().emit(field(f))
        #expect(d.items.contains { $0.id == "loss.validation.named" && $0.path == "/pages/0/sections/0/fields/count" && $0.message.contains("1.5") })
        #expect(!d.items.contains { $0.id == "shinobi.validation-implied" })
    }

    /// An address submits its parts under their own keys (SubmissionModel); a ShinobiForms field holds
    /// one value, so the keys change: said on the field, naming the keys.
    @Test func anAddressWrittenAsOneFieldSaysWhichKeysItNoLongerSubmits() throws {
        let (xml, d) = try ShinobiEmitter().emit(field(Field(id: "home", kind: .address)))
        let w = try #require(d.items.first { $0.id == "shinobi.submission-key" })
        #expect(w.path == "/pages/0/sections/0/fields/home" && w.message.contains("address1, address2, city"))
        let (back, _) = try ShinobiReader().read(bytes: xml, name: "out.xml")
        #expect(back.allFields.first.map { SubmissionModel.keys(for: $0).map(\.key) } == ["home"])
    }
}
