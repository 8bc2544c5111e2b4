import Testing
@testable import FormIR

@Suite struct SubmissionModelTests {
    @Test func dateComponentsUsePrefixOrName() {
        var f = Field(id: "birthDate", kind: .date)
        f.submission.dateEncoding = .components
        f.submission.key = "ignored"
        #expect(SubmissionModel.keys(for: f).map(\.key) == ["birthDateDay", "birthDateMonth", "birthDateYear"])
        f.submission.prefix = "aPrefix"
        #expect(SubmissionModel.keys(for: f).map(\.key) == ["aPrefixDay", "aPrefixMonth", "aPrefixYear"])
        f.submission.posfix = "Birth"
        #expect(SubmissionModel.keys(for: f).map(\.key) == ["dayOfBirth", "monthOfBirth", "yearOfBirth"])
    }

    @Test func unixDateUsesSubmitName() {
        var f = Field(id: "d", kind: .date, submission: Submission(key: "selectedDate", dateEncoding: .unix("YES")))
        #expect(SubmissionModel.keys(for: f).map(\.key) == ["selectedDate"])
        f.submission.key = nil
        #expect(SubmissionModel.keys(for: f).first?.valueType == .unixTime)
    }

    @Test func addressComponentsWithPrefix() {
        let f = Field(id: "home", kind: .address, submission: Submission(prefix: "myHouse"))
        #expect(SubmissionModel.keys(for: f).map(\.key) ==
            ["myHouseAddress1", "myHouseAddress2", "myHouseCity", "myHousePostalCode", "myHouseStateProv", "myHouseCountry"])
        #expect(SubmissionModel.keys(for: Field(id: "a", kind: .address)).first?.key == "address1")
    }

    @Test func hiddenSkipForcePrecedence() {
        var f = Field(id: "x", kind: .text)
        #expect(SubmissionModel.isSubmitted(f))
        f.submission.skip = true
        #expect(!SubmissionModel.isSubmitted(f))
        f.isHidden = true
        #expect(!SubmissionModel.isSubmitted(f))
        f.submission.force = true
        #expect(SubmissionModel.isSubmitted(f), "forceSubmit wins when hidden")
        f.isHidden = false
        #expect(!SubmissionModel.isSubmitted(f), "skipSubmit wins when visible")
    }

    @Test func checkboxSubmitsZeroOneOnlyWithSubmitsValue() {
        var f = Field(id: "agree", kind: .boolean, submission: Submission(submitsValue: true))
        #expect(SubmissionModel.keys(for: f).first?.valueType == .zeroOne)
        f.submission.submitsValue = false
        #expect(!SubmissionModel.isSubmitted(f))
    }

    @Test func partCloneAndBitmask() {
        let t = Field(id: "card", kind: .text, submission: Submission(partClone: .init(count: 4, key: "first4")))
        #expect(SubmissionModel.keys(for: t).map(\.key) == ["card", "first4"])
        let r = Field(id: "days", kind: .multipleChoice, presentation: .radio,
                      options: [Option(value: .string("a")), Option(value: .string("b"))], allowsMultiple: true,
                      submission: Submission(overrides: [.init(value: "3", text: "BOTH")]))
        #expect(SubmissionModel.keys(for: r).first?.valueType == .bitmask(optionCount: 2, overrides: [.init(value: "3", text: "BOTH")]))
    }

    @Test func collisionsAreFound() {
        let form = Form(pages: [Page(sections: [Section(fields: [
            Field(id: "a", kind: .text, submission: Submission(key: "k")),
            Field(id: "b", kind: .text, submission: Submission(key: "k")),
        ])])])
        #expect(SubmissionModel.collisions(in: form) == ["k": ["a", "b"]])
    }
}
