import FormIR
import Testing

/// The keys of the schema are the keys the legacy app submits, typed as it sends them.
@Suite struct PayloadKeysTests {
    @Test func propertiesAreTheSubmittedKeysInDocumentOrder() throws {
        let s = try SchemaHarness.emit(SampleForms.loan)
        let keys = try #require(s.json["properties"] as? [String: Any]).keys.sorted()
        #expect(keys == ["agree", "birthDay", "birthMonth", "birthYear", "card", "days", "email", "employer", "endDate",
                         "firstName", "first4", "myHouseAddress1", "myHouseAddress2", "myHouseCity", "myHouseCountry",
                         "myHousePostalCode", "myHouseStateProv", "postal", "start", "tracking", "type"].sorted())
        #expect(s.text.range(of: "\"firstName\"")!.lowerBound < s.text.range(of: "\"postal\"")!.lowerBound)
        #expect(s.json["additionalProperties"] as? Bool == false)
        #expect(s.json["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        #expect(s.json["$id"] as? String == "urn:formconv:form:loan")
    }

    @Test func requiredKeysAreVisibleRequiredAndNotSkipped() throws {
        let s = try SchemaHarness.emit(SampleForms.loan)
        #expect(s.json["required"] as? [String] == ["firstName", "postal", "birthDay", "birthMonth", "birthYear",
                                                    "myHouseAddress1", "myHouseCity", "myHousePostalCode",
                                                    "myHouseStateProv", "myHouseCountry", "agree", "type"])
    }

    /// A payload exactly as the legacy app would send it for the loan form validates.
    static let legacyPayload = """
    {"firstName": "Zoë", "postal": "02139", "email": "zoe@example.com", "birthDay": "05", "birthMonth": "11",
     "birthYear": "1978", "start": 281062800, "endDate": "01-31-2024", "myHouseAddress1": "1 Main St",
     "myHouseAddress2": "", "myHouseCity": "Montreal", "myHousePostalCode": "H3T1W5", "myHouseStateProv": "QC",
     "myHouseCountry": "CAN", "agree": 1, "days": 5, "type": "employed", "employer": "ACME",
     "tracking": "abc", "card": "4111111111111111", "first4": "4111"}
    """

    @Test func legacyPayloadValidatesInBothDrafts() throws {
        for draft in ["2020-12", "07"] {
            let s = try SchemaHarness.emit(SampleForms.loan, draft: draft)
            try SchemaHarness.expect(s, draft: draft, valid: [Self.legacyPayload])
        }
    }

    @Test func dateComponentsAreZeroPaddedTextUnixIsAnIntegerFormattedFollowsThePattern() throws {
        let s = try SchemaHarness.emit(SampleForms.loan)
        func with(_ patch: String) -> String {
            String(Self.legacyPayload.dropLast()) + ", " + patch + "}"
        }
        try SchemaHarness.expect(s, valid: [with(#""birthDay": "5""#), with(#""birthMonth": "12""#)], invalid: [
            with(#""birthDay": "32""#), with(#""birthMonth": "13""#), with(#""birthDay": 5"#),
            with(#""birthYear": "78""#), with(#""start": "281062800""#), with(#""endDate": "2024-01-31""#),
            with(#""endDate": "13-01-2024""#),
        ])
    }

    @Test func checkboxBitmaskAndOverride() throws {
        let s = try SchemaHarness.emit(SampleForms.loan)
        func with(_ patch: String) -> String { String(Self.legacyPayload.dropLast()) + ", " + patch + "}" }
        try SchemaHarness.expect(s, valid: [with(#""days": 0"#), with(#""days": 14"#),
                                            with(#""days": "ALL""#)],
                                 invalid: [with(#""agree": 0"#), with(#""agree": true"#), with(#""agree": 2"#), with(#""days": 15"#),
                                           with(#""days": 16"#), with(#""days": "HOUSE""#), with(#""days": -1"#)])
    }

    @Test func neverSubmittedKeysAreRejected() throws {
        let s = try SchemaHarness.emit(SampleForms.loan)
        func with(_ patch: String) -> String { String(Self.legacyPayload.dropLast()) + ", " + patch + "}" }
        try SchemaHarness.expect(s, invalid: [with(#""secret": "x""#), with(#""notes": "x""#), with(#""intro": "Welcome""#),
                                              with(#""zip": "02139""#), with(#""birthDate": "1978-11-05""#)])
    }

    @Test func posfixNamesDateKeysAndSubmitsValueFalseSubmitsNothing() throws {
        let d = Field(id: "d", kind: .date, submission: Submission(dateEncoding: .components, posfix: "Birth"))
        let c = Field(id: "c", kind: .boolean, submission: Submission(submitsValue: false))
        let sig = Field(id: "sig", kind: .signature, submission: Submission(submitsValue: true))
        let s = try SchemaHarness.emit(SampleForms.form([d, c, sig]))
        let keys = try #require(s.json["properties"] as? [String: Any]).keys.sorted()
        #expect(keys == ["dayOfBirth", "monthOfBirth", "sig", "yearOfBirth"])
        try SchemaHarness.expect(s, valid: [#"{"dayOfBirth": "01", "sig": 1}"#], invalid: [#"{"c": true}"#, #"{"sig": "1"}"#])
    }

    @Test func numbersArraysAndIsoDatesFromOtherFormats() throws {
        let n = Field(id: "n", kind: .integer, validation: Validation(minValue: 1, maxValue: 10))
        let p = Field(id: "p", kind: .percent, validation: Validation(maxValue: 100))
        let m = Field(id: "m", kind: .multipleChoice, options: [Option(value: .string("a")), Option(value: .string("b"))],
                      allowsMultiple: true, validation: Validation(minSelected: 1, maxSelected: 2))
        let d = Field(id: "d", kind: .date)
        let b = Field(id: "b", kind: .boolean)
        let s = try SchemaHarness.emit(SampleForms.form([n, p, m, d, b]))
        try SchemaHarness.expect(s, valid: [#"{"n": 3, "p": 99.5, "m": ["a", "b"], "d": "2024-02-29", "b": true}"#],
                                 invalid: [#"{"n": 3.5}"#, #"{"n": 0}"#, #"{"n": "3"}"#, #"{"p": 101}"#, #"{"m": []}"#,
                                           #"{"m": ["a", "a"]}"#, #"{"m": ["c"]}"#, #"{"d": "2024-02-30"}"#, #"{"b": 1}"#])
    }
}
