import FormIR

/// IR forms built in code, one concern each, plus one form that uses every payload kind.
enum SampleForms {
    static func form(_ fields: [Field], rules: [Rule] = [], sectionHidden: Bool = false, id: String? = nil) -> Form {
        Form(id: id, defaultLocale: "EN_US",
             pages: [Page(id: "p1", sections: [Section(id: "g1", fields: fields, isHidden: sectionHidden)])], rules: rules)
    }

    static func mm(_ text: String, _ e: Expression) -> ConditionSource { ConditionSource(dialect: .mmCondition, text: text) }

    /// `field == value` (a string).
    static func eq(_ field: String, _ value: String) -> Expression {
        .compare(.field(FieldReference(field)), .equal, .literal(.string(value)))
    }

    static func rule(_ condition: Expression?, _ text: String, target: RuleTarget, then: [Effect],
                     otherwise: [Effect] = []) -> Rule {
        Rule(condition: condition, source: ConditionSource(dialect: .mmCondition, text: text), target: target,
             then: then, otherwise: otherwise)
    }

    static let options = [
        Option(value: .string("employed"), label: LocalizedText([.init(locale: "EN_US", text: "Employed"),
                                                                  .init(locale: "FR_CA", text: "Salarié")])),
        Option(value: .string("retired"), label: "Retired"),
        Option(value: .string("student"), label: "Student"),
    ]

    /// A loan application: every kind of submitted value the legacy app sends.
    static var loan: Form {
        var first = Field(id: "firstName", kind: .text, texts: FieldTexts(
            label: LocalizedText([.init(locale: "EN_US", text: "First name"), .init(locale: "FR_CA", text: "Prénom")]),
            detail: "As on your passport"))
        first.validation = Validation(required: true, minLength: 2, maxLength: 30, named: [.lettersOnly])
        var zip = Field(id: "zip", kind: .text, texts: FieldTexts(label: "ZIP"),
                        submission: Submission(key: "postal"))
        zip.validation = Validation(required: true, maxLength: 5, named: [.numericOnly])
        var mail = Field(id: "email", kind: .email, texts: FieldTexts(label: "E-mail"))
        mail.validation.named = [.email]
        let birth = Field(id: "birthDate", kind: .date, texts: FieldTexts(label: "Birth date"),
                          validation: Validation(required: true),
                          submission: Submission(dateEncoding: .components, prefix: "birth"))
        let start = Field(id: "start", kind: .date, submission: Submission(dateEncoding: .unix("YES")))
        let end = Field(id: "end", kind: .date, submission: Submission(key: "endDate", dateEncoding: .formatted("MM-dd-yyyy")))
        let home = Field(id: "home", kind: .address, texts: FieldTexts(label: "Home"),
                         validation: Validation(required: true), submission: Submission(prefix: "myHouse"))
        let agree = Field(id: "agree", kind: .boolean, presentation: .checkbox, defaultValue: .bool(false),
                          validation: Validation(required: true), submission: Submission(submitsValue: true))
        let days = Field(id: "days", kind: .multipleChoice, presentation: .radio,
                         options: ["MO", "TU", "WE", "TH"].map { Option(value: .string($0)) }, allowsMultiple: true,
                         submission: Submission(overrides: [.init(value: "15", text: "ALL")]))
        var type = Field(id: "type", kind: .singleChoice, presentation: .dropDown, texts: FieldTexts(label: "Status"),
                         options: options, defaultValue: .string("employed"))
        type.validation.required = true
        var employer = Field(id: "employer", kind: .text, texts: FieldTexts(label: "Employer"), isHidden: true)
        employer.validation.required = true
        let notes = Field(id: "notes", kind: .text, submission: Submission(skip: true))
        let secret = Field(id: "secret", kind: .text, isHidden: true)
        let forced = Field(id: "tracking", kind: .text, isHidden: true, submission: Submission(force: true))
        let card = Field(id: "card", kind: .text, submission: Submission(partClone: .init(count: 4, key: "first4")))
        let label = Field(id: "intro", kind: .label, texts: FieldTexts(body: "Welcome"))
        return Form(id: "loan", title: "Loan application", defaultLocale: "EN_US", pages: [Page(id: "p1", sections: [
            Section(id: "g1", fields: [first, zip, mail, birth, start, end, home, agree, days, type, employer, notes,
                                        secret, forced, card, label]),
        ])], rules: [
            rule(eq("type", "employed"), #"type == "employed""#, target: .field("employer"), then: [.show], otherwise: [.hide]),
        ])
    }
}
