import Foundation
import Testing
import FormIR

/// `Validation` and `FieldTexts` keep their common members in the value and the rest in a side part:
/// they must read, write, compare and code exactly as the flat structures with one stored property
/// per member did. The reference here is that flat structure with the compiler's synthesized coding.
@Suite struct SparseConstraintTests {
    /// `Validation` as it was: every constraint a stored property, coding synthesized.
    struct FlatValidation: Codable, Equatable {
        var required: Bool
        var minLength: Int?
        var maxLength: Int?
        var minValue: Double?
        var maxValue: Double?
        var patterns: [PatternRule]
        var named: [NamedValidator]
        var predicates: [PredicateRule]
        var comparisons: [FieldComparison]
        var minAge: Int?
        var maxAge: Int?
        var minYear: Int?
        var maxYear: Int?
        var minDate: String?
        var maxDate: String?
        var minSelected: Int?
        var maxSelected: Int?
        var requiredValue: Value?

        init(_ v: Validation) {
            required = v.required; minLength = v.minLength; maxLength = v.maxLength; minValue = v.minValue
            maxValue = v.maxValue; patterns = v.patterns; named = v.named; predicates = v.predicates
            comparisons = v.comparisons; minAge = v.minAge; maxAge = v.maxAge; minYear = v.minYear
            maxYear = v.maxYear; minDate = v.minDate; maxDate = v.maxDate; minSelected = v.minSelected
            maxSelected = v.maxSelected; requiredValue = v.requiredValue
        }
    }

    /// `FieldTexts` as it was.
    struct FlatTexts: Codable, Equatable {
        var label: LocalizedText?
        var detail: LocalizedText?
        var inlineLabel: LocalizedText?
        var placeholder: LocalizedText?
        var missingMessage: LocalizedText?
        var body: LocalizedText?
        var emptyText: LocalizedText?
        var selectorTitle: LocalizedText?

        init(_ t: FieldTexts) {
            label = t.label; detail = t.detail; inlineLabel = t.inlineLabel; placeholder = t.placeholder
            missingMessage = t.missingMessage; body = t.body; emptyText = t.emptyText; selectorTitle = t.selectorTitle
        }
    }

    static let fullValidation = Validation(
        required: true, minLength: 1, maxLength: 9, minValue: -2.5, maxValue: 1e6,
        patterns: [PatternRule(regex: "^[0-9]+$", message: "Digits")], named: [.email, .luhn],
        predicates: [PredicateRule(condition: .compare(.selfValue, .less, .literal(.number(10))), message: "small")],
        comparisons: [FieldComparison(otherField: "b", relation: .greaterThan, mode: .number)], minAge: 18, maxAge: 99,
        minYear: -10, maxYear: 0, minDate: "2020-01-01", maxDate: "2030-12-31", minSelected: 1, maxSelected: 3,
        requiredValue: .string("yes"))

    static let fullTexts = FieldTexts(
        label: "L", detail: "D", inlineLabel: LocalizedText("I", locale: "fr_CA"), placeholder: "P",
        missingMessage: "M", body: "B", emptyText: "E", selectorTitle: "S")

    /// Sorted keys: JSONEncoder writes an object's keys in no fixed order otherwise.
    static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func validationEncodesAsTheFlatStructure() throws {
        for v in [Validation(), Validation(required: true), Validation(maxLength: 80, named: [.email]),
                  Validation(minYear: -10, maxYear: 0), Self.fullValidation] {
            #expect(try Self.json(v) == Self.json(FlatValidation(v)))
        }
    }

    @Test func validationDecodesAsTheFlatStructure() throws {
        let full = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Self.fullValidation)) as! [String: Any]
        #expect(full.count == 18)
        for key in full.keys.sorted() {
            for replacement in [nil, NSNull()] as [Any?] {
                var d = full
                d[key] = replacement
                let data = try JSONSerialization.data(withJSONObject: d)
                let mine = try? JSONDecoder().decode(Validation.self, from: data)
                let flat = try? JSONDecoder().decode(FlatValidation.self, from: data)
                #expect(mine.map(FlatValidation.init) == flat, "\(key) \(replacement == nil ? "missing" : "null")")
            }
        }
        #expect(try JSONDecoder().decode(Validation.self, from: JSONEncoder().encode(Self.fullValidation)) == Self.fullValidation)
    }

    @Test func rareConstraintsSetBackCompareAsNeverSet() {
        var v = Validation(required: true)
        v.minAge = 18
        v.comparisons.append(FieldComparison(otherField: "x", relation: .equal))
        let copy = v
        #expect(v != Validation(required: true))
        v.minAge = nil
        v.comparisons.removeAll()
        #expect(v == Validation(required: true) && v.hashValue == Validation(required: true).hashValue)
        #expect(copy.minAge == 18 && copy.comparisons.count == 1, "a copy keeps its own side part")
        var f = Field(id: "a", kind: .date)
        f.validation.maxSelected = 2
        f.validation.maxSelected? += 1
        #expect(f.validation.maxSelected == 3 && f.validation == Validation(maxSelected: 3))
    }

    @Test func textsCodeAsTheFlatStructure() throws {
        for t in [FieldTexts(), FieldTexts(label: "L"), FieldTexts(label: "L", missingMessage: "M"),
                  FieldTexts(placeholder: "P"), Self.fullTexts] {
            #expect(try Self.json(t) == Self.json(FlatTexts(t)))
            let back = try JSONDecoder().decode(FieldTexts.self, from: JSONEncoder().encode(t))
            #expect(back == t && FlatTexts(back) == FlatTexts(t))
        }
        let full = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Self.fullTexts)) as! [String: Any]
        for key in full.keys.sorted() {
            var d = full
            d[key] = NSNull()
            let data = try JSONSerialization.data(withJSONObject: d)
            #expect(try FlatTexts(JSONDecoder().decode(FieldTexts.self, from: data))
                    == JSONDecoder().decode(FlatTexts.self, from: data), "\(key) null")
        }
    }

    @Test func rareTextsSetBackCompareAsNeverSet() {
        var t = FieldTexts(label: "L")
        t.body = "B"
        t.placeholder = "P"
        #expect(t.all.map(\.role) == ["label", "placeholder", "body"])
        t.body = nil
        t.placeholder = nil
        #expect(t == FieldTexts(label: "L") && t.hashValue == FieldTexts(label: "L").hashValue)
    }

    @Test func commonMembersStayInline() {
        // required, named, patterns and the length bounds inline (`required` in `minLength`'s
        // padding), one word for the rest.
        #expect(MemoryLayout<Validation>.stride <= 56)
        // label and missing message inline, one word for the other six texts.
        #expect(MemoryLayout<FieldTexts>.stride <= 24)
        // the three flags together after the location.
        #expect(MemoryLayout<Field>.stride <= 200)
    }
}
