import Foundation
import Testing
import FormIR

/// IR values are plain: a field, validation or option range written and then reset equals, hashes
/// and encodes as the same value built with its defaults; copies are independent.
@Suite struct PlainValueTests {
    static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func writtenAndResetEqualsBuiltWithDefaults() throws {
        let plain = Field(id: "a", kind: .text)
        var written = plain
        written.layout.position = "upper_left"
        written.style.textColor = "#333333"
        written.validation.minLength = 0
        written.validation.minDate = "2020-01-01"
        written.optionRange = OptionRange(lower: 1, upper: 5, order: "descending")
        let copy = written
        #expect(written != plain)
        written.layout.position = nil
        written.style.textColor = nil
        written.validation.minLength = nil
        written.validation.minDate = nil
        written.optionRange = nil
        #expect(copy.layout.position == "upper_left" && copy.validation.minLength == 0, "copies are independent")
        #expect(written == plain && written.hashValue == plain.hashValue)
        #expect(try Self.json(written) == Self.json(plain))
        #expect(try JSONDecoder().decode(Field.self, from: Data(Self.json(copy).utf8)) == copy)
    }

    @Test func absentOptionalsAreLeftOut() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let plain = String(decoding: try encoder.encode(Validation()), as: UTF8.self)
        #expect(plain == #"{"comparisons":[],"named":[],"patterns":[],"predicates":[],"required":false}"#)
        let range = String(decoding: try encoder.encode(OptionRange(lower: 1, upper: 2)), as: UTF8.self)
        #expect(range == #"{"lower":1,"upper":2}"#)
        let location = String(decoding: try encoder.encode(Option(value: .string("v"))), as: UTF8.self)
        #expect(!location.contains("location"))
    }
}
