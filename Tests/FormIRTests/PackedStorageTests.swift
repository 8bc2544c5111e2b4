import Foundation
import Testing
@testable import FormIR

/// `Validation` keeps its optional numbers as plain numbers with presence bits and its date bounds in a
/// shared box; `OptionRange` lives in a copy-on-write box. Both behave as the plain structs with
/// optionals they replaced: `nil` is not `0`, equal values hash alike, copies are independent, and
/// coding keeps the synthesized keys (an absent optional is left out).
@Suite struct PackedStorageTests {
    @Test func absentIsNotZeroAndClearingRestoresTheDefault() {
        var v = Validation()
        v.minLength = 0
        #expect(v.minLength == 0)
        #expect(v != Validation())
        v.minLength = nil
        #expect(v.minLength == nil)
        #expect(v == Validation())
        #expect(v.hashValue == Validation().hashValue)

        v.maxValue = -1.5
        v.maxSelected = 3
        v.minDate = "2020-01-01"
        #expect(v.maxValue == -1.5 && v.maxSelected == 3 && v.minDate == "2020-01-01" && v.maxDate == nil)
        v.minDate = nil
        v.maxValue = nil
        v.maxSelected = nil
        #expect(v == Validation())
    }

    @Test func everyNumberIsItsOwn() {
        let all = Validation(required: true, minLength: 1, maxLength: 2, minValue: 3, maxValue: 4, minAge: 5, maxAge: 6,
                             minYear: 7, maxYear: 8, minDate: "2001-01-01", maxDate: "2002-02-02",
                             minSelected: 9, maxSelected: 10)
        #expect([all.minLength, all.maxLength, all.minAge, all.maxAge, all.minYear, all.maxYear, all.minSelected,
                  all.maxSelected] == [1, 2, 5, 6, 7, 8, 9, 10])
        #expect(all.minValue == 3 && all.maxValue == 4 && all.minDate == "2001-01-01" && all.maxDate == "2002-02-02")
        var copy = all
        copy.maxDate = "2003-03-03"
        copy.minYear = nil
        #expect(all.maxDate == "2002-02-02" && all.minYear == 7)
        #expect(copy != all)
    }

    @Test func codingKeepsTheSynthesizedKeys() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let plain = String(decoding: try encoder.encode(Validation()), as: UTF8.self)
        #expect(plain == #"{"comparisons":[],"named":[],"patterns":[],"predicates":[],"required":false}"#)
        let some = Validation(minLength: 0, maxValue: 2.5, maxDate: "2002-02-02", minSelected: 1)
        let text = String(decoding: try encoder.encode(some), as: UTF8.self)
        #expect(text.contains(#""minLength":0"#) && text.contains(#""maxValue":2.5"#)
                && text.contains(#""maxDate":"2002-02-02""#) && !text.contains("minDate") && !text.contains("maxLength"))
        #expect(try JSONDecoder().decode(Validation.self, from: Data(text.utf8)) == some)
    }

    @Test func optionRangeCopiesAreIndependent() throws {
        let range = OptionRange(lower: 1, upper: 5, order: "descending")
        var copy = range
        copy.upper = 9
        copy.order = nil
        #expect(range.upper == 5 && range.order == "descending")
        #expect(copy.upper == 9 && copy.order == nil && copy.lower == 1)
        #expect(copy != range)
        copy.upper = 5
        copy.order = "descending"
        #expect(copy == range && copy.hashValue == range.hashValue)
        let data = try JSONEncoder().encode(range)
        #expect(try JSONDecoder().decode(OptionRange.self, from: data) == range)
    }

    /// A field's layout, style, formatting and submission are `Boxed`: no box while at their default.
    /// Written, reset, copied or decoded, a part equals (and hashes as) the same value built directly,
    /// and `isDefault` follows its value, not its history.
    @Test func boxedPartsAtTheirDefaultAndAfterWrites() throws {
        let plain = Field(id: "a", kind: .text)
        var written = plain
        written.layout.position = "upper_left"
        written.style.textColor = "#333333"
        #expect(written != plain && plain.layout == Layout() && plain.style == Style())
        #expect(!written.partsAtDefault.layout && !written.partsAtDefault.style && written.partsAtDefault.submission)
        let copy = written
        written.layout.position = nil
        written.style.textColor = nil
        #expect(copy.layout.position == "upper_left" && copy.style.textColor == "#333333", "copies are independent")
        #expect(written == plain && written.hashValue == plain.hashValue)
        #expect(written.partsAtDefault.layout && written.partsAtDefault.style, "reset to the default value")
        #expect(plain.partsAtDefault.layout && plain.partsAtDefault.formatting)
        let built = Field(id: "a", kind: .text, layout: Layout(position: "upper_left"), style: Style(textColor: "#333333"))
        #expect(built == copy && built.hashValue == copy.hashValue)
        let data = try JSONEncoder().encode(copy)
        #expect(try JSONDecoder().decode(Field.self, from: data) == copy)
        #expect(try JSONDecoder().decode(Field.self, from: JSONEncoder().encode(plain)) == plain)
        #expect(Layout.defaultValue.pointee == Layout() && Submission.defaultValue.pointee == Submission())
    }
}
