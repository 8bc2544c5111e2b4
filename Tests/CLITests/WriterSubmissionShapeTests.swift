import Foundation
import Testing
import FormIR
import FormConvKit

/// What the XLForm, row-schema, SurveyJS, ShinobiForms and MM XML writers change in what a backend
/// receives, or in a value, is said on the field (issue 35), checked against the targets' documented
/// rules (../shared/specs): MM XML's `radioControl multiple` submits the sum of 2^index of the chosen
/// options (mm-xml-form-builder-language.md) where XLForm's `multipleSelector` hands out the list of
/// chosen values (xlform-readme.md, "formValues"); `formValues` holds every tagged row's value, an
/// `info` row's too; the row schema has no length key (row-schema.md: `regexp` rules) and writes colours
/// as `#RRGGBB`; `<defaultDate>` holds a unix timestamp.
@Suite struct WriterSubmissionShapeTests {
    static func form(_ fields: [Field]) -> Form {
        Form(pages: [Page(sections: [Section(fields: fields)], isImplicit: true)])
    }

    static func path(_ id: String) -> String { "/pages/0/sections/0/fields/\(id)" }

    /// `form` written as `target` (bytes, diagnostics) and read back.
    static func roundTrip(_ form: Form, _ target: FormatID) throws -> (text: String, diagnostics: [Diagnostic], back: Form) {
        let emitter = try #require(FormatRegistry.emitter(for: target))
        var d = Diagnostics()
        let bytes = try emitter.emit(form, options: EmitOptions(), diagnostics: &d)
        let reader = try #require(FormatRegistry.reader(for: target))
        var r = Diagnostics()
        let back = try reader.read(InputDocument(name: "back." + target.fileExtension, bytes: bytes), diagnostics: &r)
        return (String(decoding: bytes, as: UTF8.self), d.items, back)
    }

    static func on(_ id: String, _ ds: [Diagnostic], _ diagnosticID: String) -> [Diagnostic] {
        ds.filter { $0.id == diagnosticID && $0.path == path(id) }
    }

    static let days = Field(id: "days", kind: .multipleChoice, presentation: .radio,
                            options: [Option(value: .string("mon"), label: "Monday"), Option(value: .string("tue"), label: "Tuesday"),
                                      Option(value: .string("wed"), label: "Wednesday")],
                            allowsMultiple: true)

    /// A bitmask choice becomes a list of chosen values: one loss on the field giving each option's bit.
    @Test(arguments: [FormatID.xlform, .xlformPlist, .json, .yaml, .surveyjs])
    func bitmaskChoiceIsNamedWhereTheTargetSubmitsAList(_ target: FormatID) throws {
        guard case .bitmask? = SubmissionModel.keys(for: Self.days).first?.valueType else {
            Issue.record("a multiple radioControl submits a bitmask in MM XML"); return
        }
        let (_, ds, back) = try Self.roundTrip(Self.form([Self.days]), target)
        let losses = Self.on("days", ds, "loss.submission.bitmask")
        #expect(losses.count == 1)
        #expect(losses.first?.message.contains("mon = 1, tue = 2, wed = 4") == true)
        #expect(losses.first?.message.contains("list of chosen values") == true)
        let read = try #require(back.allFields.first)
        #expect(SubmissionModel.keys(for: read).first?.valueType == .array)
    }

    /// A multiple choice that submits a list everywhere gets no bitmask loss.
    @Test func aListChoiceHasNoBitmaskLoss() throws {
        var f = Self.days
        f.presentation = .checkbox
        let (_, ds, _) = try Self.roundTrip(Self.form([f]), .xlform)
        #expect(!ds.contains { $0.id == "loss.submission.bitmask" })
    }

    /// An address's six keys become one value: one warning on the field listing the keys.
    @Test(arguments: [(FormatID.xlform, "xlform.submission-key"), (.json, "rowschema.submission-key"),
                      (.shinobi, "shinobi.submission-key")])
    func addressPartsBecomeOneAnswer(_ target: FormatID, _ id: String) throws {
        let home = Field(id: "home", kind: .address, submission: Submission(prefix: "home"))
        let (_, ds, back) = try Self.roundTrip(Self.form([home]), target)
        let said = Self.on("home", ds, id)
        #expect(said.count == 1)
        #expect(said.first?.message.contains("homeAddress1, homeAddress2, homeCity, homePostalCode, homeStateProv, homeCountry") == true)
        #expect(back.allFields.first.map { SubmissionModel.keys(for: $0).count } == 1)
    }

    /// Without a prefix, the address's parts are submitted under the component names themselves.
    @Test(arguments: [(FormatID.json, "rowschema.submission-key"), (.xlform, "xlform.submission-key")])
    func unprefixedAddressPartsAreTheComponents(_ target: FormatID, _ id: String) throws {
        let (_, ds, _) = try Self.roundTrip(Self.form([Field(id: "where", kind: .address)]), target)
        let said = Self.on("where", ds, id)
        #expect(said.count == 1)
        #expect(said.first?.message == "where: \(target == .json ? "a row-schema row" : "an XLForm row") holds one value; the address parts "
                + "it submitted under their own keys (address1, address2, city, postalCode, stateProv, country) become one answer under 'where'")
    }

    /// A label's text written as its info row's value: formValues holds it, and it reads back as the default.
    @Test func labelTextAsInfoValueIsNamed() throws {
        let note = Field(id: "note", kind: .label, texts: FieldTexts(label: "Note", body: "Bring your passport"))
        let (text, ds, back) = try Self.roundTrip(Self.form([note]), .xlform)
        #expect(text.contains("\"rowType\" : \"info\"") || text.contains("\"rowType\": \"info\""))
        #expect(Self.on("note", ds, "xlform.text-as-value").count == 1)
        #expect(back.allFields.first?.defaultValue == .string("Bring your passport"))
    }

    /// A maximum length is a `regexp` rule in the row schema: the note names it, and the regex accepts
    /// exactly the answers of at most 80 characters (checked with NSRegularExpression).
    @Test(arguments: [FormatID.json, .yaml])
    func maximumLengthAsRegexpIsNamed(_ target: FormatID) throws {
        let email = Field(id: "email", kind: .text, validation: Validation(maxLength: 80))
        let (_, ds, back) = try Self.roundTrip(Self.form([email]), target)
        let notes = Self.on("email", ds, "rowschema.validation-as-regex")
        #expect(notes.count == 1)
        #expect(notes.first?.message.contains("maximum length") == true)
        let regex = try #require(back.allFields.first?.validation.patterns.first?.regex)
        let re = try NSRegularExpression(pattern: regex)
        func matches(_ s: String) -> Bool { re.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) != nil }
        #expect(matches(String(repeating: "a", count: 80)))
        #expect(matches(String(repeating: "\n", count: 80)))
        #expect(!matches(String(repeating: "a", count: 81)))
    }

    /// A colour name is written as the schema's hex form, and said.
    @Test func colourNameAsHexIsNamed() throws {
        let postal = Field(id: "postal", kind: .postalCode, style: Style(textColor: "blue"))
        let (text, ds, back) = try Self.roundTrip(Self.form([postal]), .json)
        #expect(text.contains("\"#0000FF\""))
        #expect(Self.on("postal", ds, "rowschema.color-as-hex").count == 1)
        #expect(back.allFields.first?.style.textColor == "#0000FF")
        #expect(!ds.contains { $0.id == "rowschema.color-as-hex" && $0.path != Self.path("postal") })
    }

    /// ShinobiForms: a unix-time date default and a default holding a character XML 1.0 cannot carry
    /// are named on their fields; a renamed field's losses give the name it is written under.
    @Test func shinobiNamesChangedDefaultsAndWrittenNames() throws {
        let birth = Field(id: "birth", kind: .date, defaultValue: .int(281062800))
        let odd = Field(id: "odd one", kind: .singleChoice,
                        options: [Option(value: .string("a\u{1}b")), Option(value: .string("c"))],
                        defaultValue: .string("a\u{1}b"),
                        validation: Validation(patterns: [PatternRule(regex: "^a", message: "Starts with a")]))
        let (text, ds, _) = try Self.roundTrip(Self.form([birth, odd]), .shinobi)
        #expect(text.contains("name=\"odd_one\""))
        let date = Self.on("birth", ds, "loss.field.default-value")
        #expect(date.count == 1 && date.first?.message.contains("281062800") == true)
        let unwritable = Self.on("odd one", ds, "loss.field.default-value")
        #expect(unwritable.count == 1 && unwritable.first?.message.contains("'odd_one'") == true)
        let message = ds.first { $0.id == "loss.validation.pattern-message" }
        #expect(message?.message.hasPrefix("odd one (written as 'odd_one'): ") == true)
    }

    /// MM XML: a date default is written as the unix timestamp `<defaultDate>` holds: the same moment.
    @Test func mmxmlDateDefaultAsUnixTimeIsNamed() throws {
        let day = Field(id: "day", kind: .date, defaultValue: .date("2024-02-29T00:00:00Z"))
        let (text, ds, back) = try Self.roundTrip(Self.form([day]), .mmxml)
        let seconds = Int(try #require(ISO8601DateFormatter().date(from: "2024-02-29T00:00:00Z")).timeIntervalSince1970)
        #expect(text.contains("<defaultDate>\(seconds)</defaultDate>"))
        #expect(Self.on("day", ds, "mmxml.default-date-as-unix-time").count == 1)
        #expect(back.allFields.first?.defaultValue?.intValue == seconds)
    }
}
