import Foundation
import Testing
import FormIR

/// A field's rare parts (`Sparse`) read, write, compare and code as plain stored properties would:
/// the Codable form is the one of the part's own type (an optional part left out when `nil`, an app
/// binding optional on decoding, the others required), and a plain field is a small value.
@Suite struct SparsePartTests {
    static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// The keys a field always writes, with their empty values, as a stored property of each type writes them.
    static let plainKeys = #""actions":[],"allowsMultiple":false,"appBinding":{"properties":{}},"extensions":{},"#
        + #""formatting":{"formatters":[]},"id":"a","isDisabled":false,"isHidden":false,"kind":"text","layout":{},"#
        + #""options":[],"style":{"platformColors":{}},"submission":{"force":false,"overrides":[],"skip":false},"#
        + #""texts":{},"validation":{"comparisons":[],"named":[],"patterns":[],"predicates":[],"required":false}"#

    @Test func plainFieldEncodesEveryPartEmpty() throws {
        #expect(try Self.json(Field(id: "a", kind: .text)) == "{" + Self.plainKeys + "}")
    }

    @Test func partsEncodeUnderTheirOwnKeys() throws {
        var f = Field(id: "a", kind: .text)
        f.layout.columns = 2
        f.validation.required = true
        f.optionRange = OptionRange(lower: 1, upper: 3)
        f.defaultValue = .null
        let text = try Self.json(f)
        #expect(text.contains(#""layout":{"columns":2}"#))
        #expect(text.contains(#""validation":{"comparisons":[],"named":[],"patterns":[],"predicates":[],"required":true}"#))
        #expect(text.contains(#""optionRange":{"lower":1,"upper":3}"#))
        #expect(text.contains(#""defaultValue":{"null":{}}"#), "a nil-like value is still present")
        let back = try JSONDecoder().decode(Field.self, from: Data(text.utf8))
        #expect(back == f && back.defaultValue == .null && back.layout.columns == 2)
    }

    @Test func decodingKeepsEachPartsRule() throws {
        let full = try JSONSerialization.jsonObject(with: Data(("{" + Self.plainKeys + "}").utf8)) as! [String: Any]
        func decode(without key: String) -> Field? {
            var d = full
            d.removeValue(forKey: key)
            return try? JSONDecoder().decode(Field.self, from: JSONSerialization.data(withJSONObject: d))
        }
        #expect(decode(without: "appBinding") == Field(id: "a", kind: .text), "an app binding may be left out")
        for required in ["validation", "layout", "style", "formatting", "submission"] {
            #expect(decode(without: required) == nil, "\(required) is required")
        }
    }

    @Test func partsSetBackToEmptyCompareAsNeverSet() {
        let plain = Field(id: "a", kind: .text)
        var f = plain
        f.submission.overrides.append(Submission.Override(value: "v", text: "t"))
        f.appBinding.cellClass = "Cell"
        f.formatting.step = 0.5
        let copy = f
        #expect(f != plain)
        f.submission.overrides.removeAll()
        f.appBinding.cellClass = nil
        f.formatting.step = nil
        #expect(f == plain && f.hashValue == plain.hashValue)
        #expect(copy.submission.overrides.count == 1 && copy.appBinding.cellClass == "Cell" && copy.formatting.step == 0.5)
    }

    @Test func aFieldIsASmallValue() {
        // The rare parts take a word each; everything else a plain text field holds stays inline.
        #expect(MemoryLayout<Field>.stride <= 256)
    }
}
