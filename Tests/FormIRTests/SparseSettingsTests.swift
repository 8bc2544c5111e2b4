import Foundation
import Testing
import FormIR

/// `Submission` keeps its common members in the value and the rest in a side part: it must read,
/// write, compare and code exactly as the flat structure with one stored property per member did. The reference here is that flat structure with the compiler's synthesized coding.
@Suite struct SparseSettingsTests {
    /// `Submission` as it was: every setting a stored property, coding synthesized.
    struct FlatSubmission: Codable, Equatable {
        var key: String?
        var skip: Bool
        var force: Bool
        var dateEncoding: Submission.DateEncoding?
        var prefix: String?
        var posfix: String?
        var submitsValue: Bool?
        var partClone: Submission.PartClone?
        var overrides: [Submission.Override]
        var countryCode: String?
        var whenHidden: HiddenValuePolicy?

        init(_ s: Submission) {
            key = s.key; skip = s.skip; force = s.force; dateEncoding = s.dateEncoding; prefix = s.prefix
            posfix = s.posfix; submitsValue = s.submitsValue; partClone = s.partClone; overrides = s.overrides
            countryCode = s.countryCode; whenHidden = s.whenHidden
        }
    }

    static let fullSubmission = Submission(
        key: "k", skip: true, force: true, dateEncoding: .formatted("yyyy"), prefix: "p", posfix: "Birth",
        submitsValue: false, partClone: .init(count: -4, key: "last4"), overrides: [.init(value: "3", text: "BOTH")],
        countryCode: "CA", whenHidden: .cleared)

    static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func submissionReadsBackEverySetting() {
        let s = Self.fullSubmission
        #expect(s.key == "k" && s.skip && s.force && s.dateEncoding == .formatted("yyyy") && s.prefix == "p")
        #expect(s.posfix == "Birth" && s.submitsValue == false && s.partClone == .init(count: -4, key: "last4"))
        #expect(s.overrides == [.init(value: "3", text: "BOTH")] && s.countryCode == "CA" && s.whenHidden == .cleared)
        let plain = Submission()
        #expect(plain.key == nil && !plain.skip && !plain.force && plain.dateEncoding == nil && plain.prefix == nil)
        #expect(plain.posfix == nil && plain.submitsValue == nil && plain.partClone == nil && plain.overrides.isEmpty)
        #expect(plain.countryCode == nil && plain.whenHidden == nil)
    }

    @Test func submissionCodesAsTheFlatStructure() throws {
        for s in [Submission(), Submission(submitsValue: true), Submission(dateEncoding: .components, prefix: "d6"),
                  Submission(prefix: "addr", countryCode: "CA"), Submission(key: "k"), Self.fullSubmission] {
            #expect(try Self.json(s) == Self.json(FlatSubmission(s)))
            let back = try JSONDecoder().decode(Submission.self, from: JSONEncoder().encode(s))
            #expect(back == s && FlatSubmission(back) == FlatSubmission(s))
        }
        let full = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Self.fullSubmission)) as! [String: Any]
        #expect(full.count == 11)
        for key in full.keys.sorted() {
            for replacement in [nil, NSNull()] as [Any?] {
                var d = full
                d[key] = replacement
                let data = try JSONSerialization.data(withJSONObject: d)
                let mine = try? JSONDecoder().decode(Submission.self, from: data)
                let flat = try? JSONDecoder().decode(FlatSubmission.self, from: data)
                #expect(mine.map(FlatSubmission.init) == flat, "\(key) \(replacement == nil ? "missing" : "null")")
            }
        }
    }

    @Test func rareSettingsSetBackCompareAsNeverSet() {
        var f = Field(id: "a", kind: .date, submission: Submission(dateEncoding: .components))
        let plain = f
        f.submission.posfix = "Birth"
        f.submission.whenHidden = .submitted
        f.submission.key = "b"
        let copy = f
        #expect(f != plain)
        f.submission.posfix = nil
        f.submission.whenHidden = nil
        f.submission.key = nil
        #expect(f == plain && f.hashValue == plain.hashValue)
        #expect(copy.submission.posfix == "Birth" && copy.submission.key == "b", "a copy keeps its own side part")
    }

    @Test func commonSettingsStayInline() {
        // prefix, country, date encoding and the three flags inline, one word for the rest.
        #expect(MemoryLayout<Submission>.stride <= 64)
    }
}
