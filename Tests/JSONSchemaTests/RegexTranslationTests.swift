@testable import Emitters
import Lowering
import Testing

/// NSRegularExpression → ECMA-262, and NSDateFormatter patterns → ECMA-262.
@Suite struct RegexTranslationTests {
    @Test(arguments: [
        (#"^[0-9]{5}$"#, #"^[0-9]{5}$"#),
        (#"\A\d+\z"#, #"^\d+$"#),
        (#"\x{41}\x{e9}"#, #"\u0041\u00E9"#),
        (#"\Qa.b\E+"#, #"a\.b+"#),
        (#"(?<area>\d{3})-\d{4}"#, #"(\d{3})-\d{4}"#),
        (#"a(?#comment)b"#, "ab"),
        (##"\@\#\-"##, "@#-"),
        (#"[\-a-z]"#, #"[\-a-z]"#),
        (#"x{2,}?"#, #"x{2,}?"#),
        (#"\e\0101x"#, #"\x1B\u0041x"#),
    ])
    func translates(icu: String, ecma: String) {
        #expect(ECMARegex.translate(icu) == ECMARegex.Translation(pattern: ecma, problems: []))
    }

    @Test(arguments: [
        (#"a++"#, "possessive quantifiers"),
        (#"(?>ab)"#, "atomic groups (?>…)"),
        (#"(?i)abc"#, "inline flags (?…)"),
        (#"\p{Lu}"#, #"Unicode properties \p{…}"#),
        (#"[[:alpha:]]"#, "nested sets or POSIX classes in brackets"),
        (#"[a-z&&[^aeiou]]"#, "nested sets or POSIX classes in brackets"),
        (#"\x{1F600}"#, "characters beyond U+FFFF"),
        (#"(unclosed"#, "it is not a valid NSRegularExpression"),
    ])
    func reportsWhatECMALacks(icu: String, problem: String) {
        let t = ECMARegex.translate(icu)
        #expect(t.pattern == nil)
        #expect(t.problems.contains(problem), "\(t.problems)")
    }

    @Test(arguments: [
        ("MM-dd-yyyy", #"^(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])-[0-9]{4,}$"#),
        ("yyyy/M/d", #"^[0-9]{4,}\/(?:0?[1-9]|1[0-2])\/(?:0?[1-9]|[12][0-9]|3[01])$"#),
        ("yy'T'HH:mm", #"^[0-9]{2}T(?:[01][0-9]|2[0-3]):[0-5][0-9]$"#),
        ("dd.MM.yyyy", #"^(?:0[1-9]|[12][0-9]|3[01])\.(?:0[1-9]|1[0-2])\.[0-9]{4,}$"#),
    ])
    func dateFormats(format: String, regex: String) {
        #expect(DateFormatPattern.regex(for: format) == regex)
    }

    @Test func unknownDateFieldHasNoPattern() {
        #expect(DateFormatPattern.regex(for: "yyyy-ww") == nil)
    }
}
