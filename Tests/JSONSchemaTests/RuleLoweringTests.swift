@testable import Emitters
import Lowering
import Foundation
import FormConvKit
import FormIR
import Testing

/// One lowering of rules (issue 23): every target with regex validation states MM XML's named
/// validations and length limits as patterns, the same pattern everywhere, and reports lost only
/// what no pattern states. Patterns are checked with NSRegularExpression (the engine the iOS targets
/// use) against the meaning the MM XML document gives each validation.
@Suite struct RuleLoweringTests {
    static let at = SourceLocation(file: "in.xml", line: 4, column: 2)

    static func form(_ fields: [Field]) -> Form {
        Form(id: "f", pages: [Page(id: "p", sections: [Section(id: "s", fields: fields)])])
    }

    static func emit(_ form: Form, _ format: FormatID) throws -> (text: String, diagnostics: Diagnostics) {
        var d = Diagnostics()
        let bytes = try #require(FormatRegistry.emitter(for: format)).emit(form, options: EmitOptions(), diagnostics: &d)
        return (String(decoding: bytes, as: UTF8.self), d)
    }

    /// Every whole-text match of `pattern` (ICU, as NSPredicate MATCHES checks it).
    static func matches(_ pattern: String, _ text: String) throws -> Bool {
        let re = try NSRegularExpression(pattern: pattern)
        let range = NSRange(text.startIndex..., in: text)
        return re.firstMatch(in: text, range: range).map { $0.range == range } ?? false
    }

    /// The regexes each iOS target wrote for the form's only field, read from its own document shape.
    static func regexes(_ text: String, _ format: FormatID) throws -> [String] {
        switch format {
        case .shinobi:
            let re = try NSRegularExpression(pattern: "<regexString>(.*?)</regexString>")
            return re.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
                String(text[Range($0.range(at: 1), in: text)!]).replacingOccurrences(of: "&amp;", with: "&")
                    .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            }
        case .xlform:
            let doc = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let row = try #require(((doc["formSections"] as? [[String: Any]])?.first?["formRows"] as? [[String: Any]])?.first)
            return ((row["validators"] as? [[String: Any]]) ?? []).compactMap { $0["regex"] as? String }
        default:
            let doc = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let row = try #require(((doc["sections"] as? [[String: Any]])?.first?["items"] as? [[String: Any]])?.first)
            return ((row["rules"] as? [[String: Any]]) ?? []).compactMap { $0["regexp"] as? String }
        }
    }

    static let iosTargets: [FormatID] = [.xlform, .shinobi, .json]

    /// Named validations from the MM XML document, with texts the app accepts and refuses.
    static let named: [(NamedValidator, accepted: [String], refused: [String])] = [
        (.day, ["1", "09", "31", ""], ["32", "0", "x"]),
        (.month, ["1", "12"], ["13", "00"]),
        (.numericOnly, ["0123", ""], ["12a", "1.5"]),
        (.usPhoneNumber, ["(555) 123-4567", "555-123-4567"], ["12", "phone"]),
        (.names, ["Jane Doe", "O'Neil"], ["R2D2"]),
        (.usPostalCode, ["12345", "12345-6789"], ["1234", "ABCDE"]),
    ]

    @Test(arguments: iosTargets) func namedValidationsBecomeTheSamePatternEverywhere(_ format: FormatID) throws {
        for (n, accepted, refused) in Self.named {
            let field = Field(id: "v", kind: .text, validation: Validation(named: [n]), location: Self.at)
            let (text, d) = try Self.emit(Self.form([field]), format)
            #expect(!d.losses.contains { $0.loss?.feature == "validation.named" }, "\(format) lost \(n.rawValue): \(d.losses)")
            let written = try Self.regexes(text, format)
            guard case .regex(let expected) = RuleLowering.regex(for: n) else { Issue.record("\(n) has no pattern"); continue }
            #expect(written == [expected], "\(format) \(n.rawValue)")
            for t in accepted { #expect(try Self.matches(expected, t), "\(n.rawValue) refuses '\(t)'") }
            for t in refused { #expect(try !Self.matches(expected, t), "\(n.rawValue) accepts '\(t)'") }
        }
    }

    /// JSON Schema states the same named validation with the same pattern as the iOS targets.
    @Test func jsonSchemaUsesTheSamePatterns() throws {
        let field = Field(id: "v", kind: .text, validation: Validation(named: [.day]), location: Self.at)
        let (text, _) = try Self.emit(Self.form([field]), .jsonSchema)
        guard case .regex(let day) = RuleLowering.regex(for: .day) else { Issue.record("day has no pattern"); return }
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let v = try #require((doc["properties"] as? [String: Any])?["v"] as? [String: Any])
        #expect(v["pattern"] as? String == day)
    }

    /// ShinobiForms has no length element: a length limit is a `textRegexValidator` that holds exactly
    /// the allowed lengths (it was a loss before).
    @Test func shinobiStatesLengthLimitsAsARegex() throws {
        let field = Field(id: "v", kind: .text, validation: Validation(minLength: 2, maxLength: 4), location: Self.at)
        let (text, d) = try Self.emit(Self.form([field]), .shinobi)
        #expect(!d.losses.contains { $0.loss?.feature == "validation.length" }, "\(d.losses)")
        let written = try Self.regexes(text, .shinobi)
        #expect(written.count == 1)
        let re = try #require(written.first)
        for t in ["ab", "abcd", "a\nb"] { #expect(try Self.matches(re, t), "'\(t)'") }
        for t in ["a", "abcde"] { #expect(try !Self.matches(re, t), "'\(t)'") }
    }

    /// On a ShinobiForms number with a range, a named validation every number passes is no loss, and
    /// `day`'s range fills the bound the field lacks.
    @Test func shinobiRangedNumbersTakeNumericRanges() throws {
        let field = Field(id: "d", kind: .number, validation: Validation(minValue: 0, named: [.day, .numericWithPeriods]),
                          location: Self.at)
        let (text, d) = try Self.emit(Self.form([field]), .shinobi)
        #expect(text.contains("<minimum>0</minimum>") && text.contains("<maximum>31</maximum>"), "\(text)")
        #expect(!d.losses.contains { $0.loss?.feature == "validation.named" }, "\(d.losses)")
    }

    /// A slider holds a number: `month` is its bounds in XLForm and the row schema, not a text regex.
    @Test func slidersTakeNumericRanges() throws {
        let field = Field(id: "m", kind: .slider, validation: Validation(named: [.month, .numeric]), location: Self.at)
        let (xl, d) = try Self.emit(Self.form([field]), .xlform)
        #expect(try Self.regexes(xl, .xlform).isEmpty && d.losses.isEmpty, "\(d.losses)")
        #expect(xl.contains("\"slider.minimumValue\": 1") && xl.contains("\"slider.maximumValue\": 12"), "\(xl)")
        let (rows, e) = try Self.emit(Self.form([field]), .json)
        let row = try #require(((try JSONSerialization.jsonObject(with: Data(rows.utf8)) as? [String: Any])?["sections"]
                                as? [[String: Any]])?.first?["items"] as? [[String: Any]])?.first
        #expect(row?["value.minimum"] as? Int == 1 && row?["value.maximum"] as? Int == 12 && row?["rules"] == nil, "\(rows)")
        #expect(!e.losses.contains { $0.loss?.feature == "validation.named" })
    }

    /// What no regex states (the Luhn checksum) is still reported lost, by every target, at the field.
    @Test(arguments: iosTargets + [.jsonSchema]) func luhnIsLostEverywhere(_ format: FormatID) throws {
        let field = Field(id: "card", kind: .text, validation: Validation(named: [.luhn]), location: Self.at)
        let (_, d) = try Self.emit(Self.form([field]), format)
        let lost = d.losses.filter { $0.loss?.feature == "validation.named" }
        #expect(lost.count == 1 && lost.first?.location == Self.at, "\(d.losses)")
    }

    /// Every named validation's pattern compiles in both dialects it is written for: ICU
    /// (NSRegularExpression) and ECMA-262 in Unicode mode (node, when installed).
    @Test func everyPatternIsICUAndECMA() throws {
        let names = ["none", "lettersOnly", "letters", "names", "numericOnly", "numericWithPeriods", "numeric", "numbers",
                     "lettersNumericOnly", "lettersNumeric", "namesNumeric", "alphaOnly", "alpha", "alphanumericOnly",
                     "plain", "alphanumeric", "intlphonenumber", "usphonenumber", "email", "day", "month", "year",
                     "canadianPostalCode", "usPostalCode"]
        var patterns: [String] = []
        for n in names {
            switch RuleLowering.regex(for: NamedValidator(rawValue: n)) {
            case .regex(let p): patterns.append(p)
            case .anything: break
            case .inexpressible(let why): Issue.record("\(n): \(why)")
            }
        }
        #expect(patterns.count == 21)
        for p in patterns {
            #expect((try? NSRegularExpression(pattern: p)) != nil, "ICU rejects \(p)")
            #expect(try Self.matches(p, ""), "\(p) refuses the empty text of an optional item")
        }
        let doc = try JSONSerialization.data(withJSONObject: ["allOf": patterns.map { ["pattern": $0] }])
        if let bad = try SchemaHarness.ecmaPatternErrors(String(decoding: doc, as: UTF8.self)) {
            #expect(bad.isEmpty, "not ECMA-262: \(bad)")
        }
    }

    /// The API the web targets adopt: length patterns, numeric ranges, abilities.
    @Test func loweringAPI() throws {
        #expect(RuleLowering.lengthRange(min: nil, max: nil) == nil)
        let p = try #require(RuleLowering.lengthRange(min: nil, max: 3))
        #expect(try Self.matches(p, "") && Self.matches(p, "abc") && !Self.matches(p, "abcd"))
        #expect(RuleLowering.numericRange(Validation(named: [.month])) == (1, 12))
        #expect(RuleLowering.numericRange(Validation(minValue: 5, named: [.month])) == (5, 12))
        let v = Validation(minLength: 1, maxLength: 9, patterns: [PatternRule(regex: "\\Aa+\\z")], named: [.email, .day])
        let json = RuleLowering.textRules(v, abilities: RuleAbilities(dialect: .ecma262, namedValidators: [.email],
                                                                       minLength: true, maxLength: true))
        // A regex replaces the named validations that lower to patterns (MM XML's `<regex>` rule).
        #expect(json.regexes.map(\.regex) == ["^a+$"])
        #expect(json.named == [.email] && json.minLength == 1 && json.maxLength == 9 && json.unlowered.isEmpty)
        let plain = RuleLowering.textRules(Validation(maxLength: 9, named: [.email]), abilities: RuleAbilities(dialect: .icu))
        #expect(plain.regexes.map(\.origin) == [.named(.email), .length])
        let possessive = RuleLowering.textRules(Validation(patterns: [PatternRule(regex: "a++")]),
                                                abilities: RuleAbilities(dialect: .ecma262))
        #expect(possessive.regexes.isEmpty && possessive.unlowered.map(\.feature) == [.pattern])
    }
}
