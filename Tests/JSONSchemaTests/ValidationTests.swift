import FormIR
import Testing

/// Text validations become `minLength`/`maxLength`/`pattern`/`format`; options `enum`/`oneOf`.
@Suite struct ValidationTests {
    func check(_ field: Field, valid: [String], invalid: [String]) throws {
        for draft in ["2020-12", "07"] {
            let s = try SchemaHarness.emit(SampleForms.form([field]), draft: draft)
            try SchemaHarness.expect(s, draft: draft, valid: valid.map { #"{"f": \#($0)}"# },
                                     invalid: invalid.map { #"{"f": \#($0)}"# })
        }
    }

    func text(_ named: NamedValidator) -> Field {
        Field(id: "f", kind: .text, validation: Validation(named: [named]))
    }

    @Test func numericOnlyIsTextOfDigitsNotANumber() throws {
        try check(text(.numericOnly), valid: [#""007""#, #""""#], invalid: ["7", #""7a""#, #""7.5""#])
    }

    @Test func letterValidations() throws {
        try check(text(.lettersOnly), valid: [#""Zoë""#, #""Ångström""#], invalid: [#""Zoë 2""#, #""a b""#])
        try check(text(.alphaOnly), valid: [#""abc""#], invalid: [#""Zoë""#, #""a-b""#])
        try check(text(.alphanumericOnly), valid: [#""abc123""#], invalid: [#""abc 123""#])
        try check(text(.plain), valid: [#""John Smith""#], invalid: [#""O'Brien""#])
        try check(text(.alpha), valid: [#""O'Brien, Jr.""#], invalid: [#""R2D2""#])
        try check(text(.letters), valid: [#""Zoë O'Brien""#], invalid: [#""Zoë 2""#])
        try check(text(.numericWithPeriods), valid: [#""1.5.2""#], invalid: [#""1,5""#])
        try check(text(.numeric), valid: [#""555-1234 (ext)""#.replacingOccurrences(of: " (ext)", with: "")],
                  invalid: [#""12a""#])
    }

    @Test func phonePostalAndDateParts() throws {
        try check(text(.usPhoneNumber), valid: [#""(617) 555-1234""#, #""617-555-1234""#, #""+1 617 555 1234""#, #""""#],
                  invalid: [#""555-1234""#, #""abc""#])
        try check(text(.intlPhoneNumber), valid: [#""+33 (1) 23-45""#], invalid: [#""call me""#])
        try check(text(.canadianPostalCode), valid: [#""H3T 1W5""#, #""h3t1w5""#], invalid: [#""12345""#])
        try check(text(.usPostalCode), valid: [#""02139""#, #""02139-4307""#], invalid: [#""2139""#, #""H3T1W5""#])
        try check(text(.day), valid: [#""07""#, #""31""#], invalid: [#""32""#, #""0""#])
        try check(text(.month), valid: [#""12""#], invalid: [#""13""#])
        try check(text(.year), valid: [#""1999""#, #""2100""#], invalid: [#""1899""#, #""2101""#])
    }

    @Test func emailIsAFormat() throws {
        try check(text(.email), valid: [#""a@b.org""#], invalid: [#""not an address""#])
    }

    @Test func lengthBounds() throws {
        try check(Field(id: "f", kind: .text, validation: Validation(minLength: 2, maxLength: 4)),
                  valid: [#""ab""#, #""abcd""#], invalid: [#""a""#, #""abcde""#])
    }

    @Test func regexOverridesNamedValidation() throws {
        var f = text(.numericOnly)
        f.validation.patterns = [PatternRule(regex: #"\A[A-Z]{2}\d{3}\z"#)]
        try check(f, valid: [#""AB123""#], invalid: [#""123""#, #""ab123""#])
    }

    @Test func optionsAreEnumWithoutLabelsAndOneOfWithLabels() throws {
        let plain = Field(id: "f", kind: .singleChoice, options: ["a", "b"].map { Option(value: .string($0)) })
        try check(plain, valid: [#""a""#, #""""#], invalid: [#""c""#, "1"])
        var required = plain
        required.validation.required = true
        try check(required, valid: [#""a""#], invalid: [#""""#])
        let s = try SchemaHarness.emit(SampleForms.form([plain]))
        let f = try #require((s.json["properties"] as? [String: Any])?["f"] as? [String: Any])
        #expect(f["enum"] as? [String] == ["a", "b", ""], "an optional choice may be left empty")
        let labeled = Field(id: "f", kind: .singleChoice, options: SampleForms.options)
        try check(labeled, valid: [#""retired""#], invalid: [#""Retired""#])
        let numeric = Field(id: "f", kind: .singleChoice, options: [Option(value: .int(1), label: "One"),
                                                                     Option(value: .int(2), label: "Two")])
        try check(numeric, valid: ["1"], invalid: [#""1""#, "3"])
    }

    @Test func optionRangeIsTheTextOfEachNumber() throws {
        let f = Field(id: "f", kind: .singleChoice, presentation: .valuePicker, optionRange: OptionRange(lower: 10, upper: 15))
        try check(f, valid: [#""10""#, #""15""#], invalid: [#""9""#, "12"])
    }

    @Test func valueRangeOnTextIsALoss() throws {
        let f = Field(id: "f", kind: .text, validation: Validation(minValue: 1, maxValue: 9, named: [.numericOnly]))
        let s = try SchemaHarness.emit(SampleForms.form([f]))
        #expect(s.lossIDs == ["loss.validation.value-range"])
        try SchemaHarness.expect(s, valid: [#"{"f": "10"}"#])
    }

    @Test func luhnAndUntranslatableRegexAreLossesKeptAsAnnotations() throws {
        var f = text(.creditCard)
        f.validation.patterns = [PatternRule(regex: #"^\p{Lu}++$"#)]
        let s = try SchemaHarness.emit(SampleForms.form([f]))
        #expect(s.lossIDs == ["loss.validation.pattern", "loss.validation.named"])
        let prop = try #require((s.json["properties"] as? [String: Any])?["f"] as? [String: Any])
        #expect(prop["x-formconv-pattern"] as? String == #"^\p{Lu}++$"#)
        #expect(prop["pattern"] == nil)
        try SchemaHarness.expect(s, valid: [#"{"f": "ÉTÉ"}"#])
    }

    @Test func defaultsTakeTheSubmittedType() throws {
        let n = Field(id: "n", kind: .integer, defaultValue: .string("12"))
        let d = Field(id: "d", kind: .date, defaultValue: .string("today"),
                      submission: Submission(dateEncoding: .components))
        let s = try SchemaHarness.emit(SampleForms.form([n, d]))
        let props = try #require(s.json["properties"] as? [String: Any])
        #expect((props["n"] as? [String: Any])?["default"] as? Int == 12)
        #expect(s.lossIDs.contains("loss.field.default-value"))
    }
}

/// Hostile values never crash the emitter.
@Suite struct JSONSchemaRobustnessTests {
    @Test func extremeRangesBitmasksAndBounds() throws {
        let range = Field(id: "r", kind: .singleChoice, optionRange: OptionRange(lower: Int.min, upper: Int.max))
        let wide = Field(id: "w", kind: .multipleChoice, presentation: .radio,
                         options: (0..<70).map { Option(value: .string("o\($0)")) }, allowsMultiple: true,
                         submission: Submission(overrides: [.init(value: "not a number", text: "X")]))
        let big = Field(id: "b", kind: .number, validation: Validation(minValue: -1e300, maxValue: 1e300))
        let regex = Field(id: "x", kind: .text, validation: Validation(patterns: [PatternRule(regex: #"\x{"#),
                                                                                  PatternRule(regex: #"[\Q"#)]))
        let s = try SchemaHarness.emit(SampleForms.form([range, wide, big, regex]))
        #expect(s.lossIDs.contains("loss.options.range"))
        try SchemaHarness.expect(s, valid: [#"{"r": "-5", "w": 3, "b": 1e200}"#, #"{"w": "X"}"#], invalid: [#"{"r": "x"}"#])
    }
}

/// Row-schema predicates over `SELF` constrain the value itself.
@Suite struct JSONSchemaPredicateTests {
    @Test func selfPredicatesBecomeValueSchemas() throws {
        var email = Field(id: "e", kind: .email)
        email.validation.predicates = [PredicateRule(
            condition: .compare(.selfValue, .endsWith, .literal(.string("@example.com")), StringOptions(caseInsensitive: true)),
            message: "Use your company address.")]
        var amount = Field(id: "a", kind: .decimal)
        amount.validation.predicates = [PredicateRule(condition: .compare(.selfValue, .greater, .literal(.number(0))))]
        var code = Field(id: "c", kind: .text, validation: Validation(required: true))
        code.validation.predicates = [PredicateRule(condition: .compare(.selfValue, .matches, .literal(.string(#"[A-Z]{2}\d+"#))))]
        var other = Field(id: "o", kind: .text)
        other.validation.predicates = [PredicateRule(condition: .compare(.selfValue, .equal, .field(FieldReference("e"))))]
        let s = try SchemaHarness.emit(SampleForms.form([email, amount, code, other]))
        #expect(s.lossIDs == ["loss.validation.predicate", "loss.validation.predicate"])
        #expect(s.diagnostics.losses.last?.message.contains("cannot express") == true)
        try SchemaHarness.expect(s, valid: [#"{"e": "Jo@EXAMPLE.com", "a": 0.5, "c": "AB12"}"#, #"{"e": "", "c": "XY9"}"#],
                                 invalid: [#"{"e": "jo@gmail.com", "c": "AB12"}"#, #"{"a": 0, "c": "AB12"}"#,
                                           #"{"c": "ab12"}"#, #"{"c": ""}"#])
    }
}
