import Foundation
import Testing
import FormIR
import FormConvKit

/// Rows XLForm writes as another kind or control than the IR field's (issue 35): each is a loss or
/// note naming the field and saying what the person sees, and what XLForm can hold reads back equal.
/// The row types are XLForm's (shared/specs/NOTES.md "XLForm"); a regex validator is an NSPredicate
/// `MATCHES`, i.e. ICU syntax matching the whole text, which `NSRegularExpression` checks here.
@Suite struct XLFormNearestRowTests {
    struct Output {
        var rows: [[String: Any]]
        var diagnostics: Diagnostics
        var back: Form
    }

    func convert(_ fields: [Field], as format: FormatID = .xlform) throws -> Output {
        let form = Form(pages: [Page(sections: [Section(fields: fields)], isImplicit: true)])
        var d = Diagnostics()
        let bytes = try Support.emit(form, as: format, diagnostics: &d)
        var readBack = Diagnostics()
        guard let back = Converter.read(InputDocument(name: "out." + format.fileExtension, bytes: bytes), as: format,
                                        diagnostics: &readBack) else { throw TestFailure("no read-back") }
        let object: Any = format == .xlform ? try JSONSerialization.jsonObject(with: Data(bytes))
            : try PropertyListSerialization.propertyList(from: Data(bytes), format: nil)
        let sections = (object as? [String: Any])?["formSections"] as? [[String: Any]] ?? []
        return Output(rows: sections.first?["formRows"] as? [[String: Any]] ?? [], diagnostics: d, back: back)
    }

    /// The diagnostics naming field `id` by its IR path.
    func about(_ id: String, _ d: Diagnostics) -> [Diagnostic] {
        d.items.filter { $0.path?.hasSuffix("/fields/\(id)") == true }
    }

    @Test func aLabelIsAnInfoRowWhoseTitleIsItsText() throws {
        let label = Field(id: "intro", kind: .label, texts: FieldTexts(body: LocalizedText("Takes two minutes.")))
        let out = try convert([label])
        #expect(out.rows.first?["rowType"] as? String == "info")
        #expect(out.rows.first?["title"] as? String == "Takes two minutes.")
        let losses = about("intro", out.diagnostics).filter { $0.id == "loss.kind.label" }
        #expect(losses.count == 1)
        #expect(losses.first?.message.contains("'intro'") == true)
        #expect(losses.first?.message.contains("title, on one line") == true)
        // The text reaches the person: as the info row's title.
        #expect(out.back.allFields.first?.texts.label?.defaultText == "Takes two minutes.")
    }

    @Test func anInfoItemsTextShownInTheRowIsALoss() throws {
        let info = Field(id: "privacy", kind: .info, texts: FieldTexts(body: LocalizedText("We never share it.")),
                         defaultValue: .string("Privacy"))
        let out = try convert([info])
        #expect(out.rows.first?["title"] as? String == "We never share it.")
        #expect(about("privacy", out.diagnostics).map(\.id).contains("loss.text.body"))
    }

    @Test func aDropDownIsAPickerWheelWithAPresentationLoss() throws {
        let options = ["a", "b"].map { Option(value: .string($0), label: LocalizedText($0.uppercased())) }
        let out = try convert([Field(id: "city", kind: .singleChoice, presentation: .dropDown, options: options),
                               Field(id: "size", kind: .singleChoice, presentation: .popover, options: options)])
        #expect(out.rows.map { $0["rowType"] as? String } == ["selectorPickerView", "selectorPopover"])
        #expect(about("city", out.diagnostics).map(\.id) == ["loss.field.presentation"])
        #expect(about("size", out.diagnostics).isEmpty)
        #expect(out.back.allFields.first?.presentation == .picker)
    }

    @Test func aNumericTextRowSendsANumberAndSaysSo() throws {
        let zip = Field(id: "zip", kind: .text, validation: Validation(named: [.numericOnly]))
        let out = try convert([zip])
        #expect(out.rows.first?["rowType"] as? String == "integer")
        let loss = about("zip", out.diagnostics).first { $0.id == "loss.kind.text" }
        #expect(loss?.message.contains("leading zeros") == true)
        #expect(out.back.allFields.first?.kind == .integer)
        // A plain text row is no loss.
        #expect(about("name", try convert([Field(id: "name", kind: .text)]).diagnostics).isEmpty)
    }

    @Test func lengthsAndNamedChecksBecomeRegexValidatorsThatAcceptTheSameAnswers() throws {
        let plain = Field(id: "plain", kind: .text, validation: Validation(minLength: 2, named: [.lettersOnly]))
        let out = try convert([plain])
        let regexes = (out.rows.first?["validators"] as? [[String: Any]] ?? []).compactMap { $0["regex"] as? String }
        #expect(regexes.count == 2)
        let notes = about("plain", out.diagnostics).filter { $0.id == "xlform.validation-as-regex" }
        #expect(notes.count == 1)
        #expect(notes.first?.severity == .note)
        #expect(notes.first?.message.contains("lettersOnly") == true && notes.first?.message.contains("minimum length") == true)
        func accepted(_ s: String) -> Bool {
            regexes.allSatisfy { r in
                let re = try! NSRegularExpression(pattern: "^(?:\(r))$")
                return re.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) != nil
            }
        }
        #expect(accepted("ab"))
        #expect(!accepted("a"))    // shorter than 2
        #expect(!accepted("a1"))   // not letters only
    }

    @Test func aTimeOfDayIsNoDateBound() throws {
        let departure = Field(id: "departure", kind: .time, validation: Validation(minDate: "08:00"))
        let dated = Field(id: "arrival", kind: .date, validation: Validation(minDate: "2024-05-01"))
        let out = try convert([departure, dated])
        #expect(out.rows[0]["cellConfigAtConfigure"] == nil)
        #expect((out.rows[1]["cellConfigAtConfigure"] as? [String: Any])?["minimumDate"] != nil)
        let loss = about("departure", out.diagnostics).first { $0.id == "loss.validation.date-bounds" }
        #expect(loss?.message.contains("08:00") == true)
        #expect(about("arrival", out.diagnostics).isEmpty)
        #expect(out.back.allFields.last?.validation.minDate == "2024-05-01")
    }

    @Test func aControlCharacterInAPlistIsALossOnItsRow() throws {
        let t = Field(id: "t", kind: .text, texts: FieldTexts(placeholder: LocalizedText("a\u{1}b")))
        let out = try convert([t, Field(id: "u", kind: .text, texts: FieldTexts(label: LocalizedText("fine")))],
                              as: .xlformPlist)
        let losses = out.diagnostics.items.filter { $0.id == "loss.text.invalid-character" }
        #expect(losses.map(\.subject) == ["t"])
        // plistlib's reading (Foundation here) gets U+FFFD where the character was.
        let config = out.rows.first?["cellConfigAtConfigure"] as? [String: Any]
        #expect(config?["textField.placeholder"] as? String == "a\u{FFFD}b")
    }
}
