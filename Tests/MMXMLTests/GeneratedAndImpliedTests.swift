import Foundation
import Testing
import FormIR
import Emitters

/// What the MM XML writer generates or implies is said, each by what it is: the form-level elements
/// the language's XSD requires (NOTES.md: `requireditemcolor`, `optionalitemcolor`, `leftFormMargin`,
/// `rightFormMargin`, `pageWidth`, `formPrefix`), the validation a textField needs to be the kind it
/// stands for, and the bitmask a multiple radioControl submits (the language's document: "the first
/// given tag carries the value 2^0"). Each note or warning names its field (IR path) or the form, and
/// what it says reads back from the output.
@Suite struct MMXMLGeneratedAndImpliedTests {
    private func form(_ fields: [Field], title: LocalizedText? = nil) -> Form {
        Form(title: title, pages: [Page(id: "p", sections: [Section(id: "g", fields: fields)])])
    }

    @Test func generatedColoursAndGeometryAreEachSaidAndReadBackAsSaid() throws {
        let (xml, ds) = try Support.emit(form([Field(id: "a", kind: .text)], title: "Loan"))
        let (back, _) = try Support.read(xml)
        let colours = ds.filter { $0.id == "mmxml.generated-color" }
        #expect(colours.count == 2)
        #expect(colours.allSatisfy { $0.path == "/" && $0.message.hasPrefix("form-level: colour of ") })
        #expect(colours.contains { $0.message.contains("required items") && $0.message.contains("#FFDAB9") })
        #expect(colours.contains { $0.message.contains("optional items") && $0.message.contains(">blue<") })
        #expect(back.requiredItemColor?.description == "#FFDAB9")
        #expect(back.optionalItemColor?.description == "blue")
        let layout = try #require(ds.first { $0.id == "mmxml.generated-layout" })
        #expect(layout.path == "/" && layout.message.hasPrefix("form-level: page width and margins generated ("))
        #expect(layout.message.contains("<pageWidth>678</pageWidth>") && layout.message.contains("<leftFormMargin>20</leftFormMargin>"))
        #expect(back.layout == FormLayout(pageWidth: 678, leftMargin: 20, rightMargin: 20))
        // A title short enough is the prefix itself: nothing generated.
        #expect(!ds.contains { $0.id == "mmxml.generated-title" })
        #expect(back.title?.defaultText == "Loan")
    }

    @Test func whatTheFormHasIsWrittenAndNothingIsSaidGenerated() throws {
        var f = form([Field(id: "a", kind: .text)], title: "Loan")
        f.requiredItemColor = Color("red")
        f.layout = FormLayout(pageWidth: 700, leftMargin: 10)
        let (xml, ds) = try Support.emit(f)
        let (back, _) = try Support.read(xml)
        #expect(back.requiredItemColor?.description == "red" && back.layout.pageWidth == 700 && back.layout.leftMargin == 10)
        #expect(ds.filter { $0.id == "mmxml.generated-color" }.map(\.message).allSatisfy { $0.contains("optional items") })
        let layout = try #require(ds.first { $0.id == "mmxml.generated-layout" })
        #expect(layout.message.hasPrefix("form-level: right margin generated (<rightFormMargin>20</rightFormMargin>)"))
    }

    @Test func aPrefixGeneratedFromNoTitleIsSaidAsTheTitleShown() throws {
        let (xml, ds) = try Support.emit(form([Field(id: "a", kind: .text)]))
        let note = try #require(ds.first { $0.id == "mmxml.generated-title" })
        #expect(note.path == "/" && note.message.contains("formPrefix=\"FORM\""))
        #expect(try Support.read(xml).0.title?.defaultText == "FORM")
    }

    @Test func aKindWrittenAsAValidatedTextFieldIsSaidOnTheField() throws {
        let (xml, ds) = try Support.emit(form([Field(id: "mileage", kind: .decimal), Field(id: "age", kind: .integer),
                                               Field(id: "name", kind: .text)]))
        #expect(xml.contains("<validation>numericWithPeriods</validation>") && xml.contains("<validation>numericOnly</validation>"))
        let notes = ds.filter { $0.id == "mmxml.kind-validation" }
        #expect(notes.map(\.path) == ["/pages/0/sections/0/fields/mileage", "/pages/0/sections/0/fields/age"])
        #expect(notes[0].message.hasPrefix("mileage: MM XML has no decimal item") && notes[0].message.contains("numericWithPeriods"))
        // The validation read back is the one the note names.
        let back = try Support.read(xml).0.allFields
        #expect(back[0].validation.named.contains(.numericWithPeriods) && back[1].validation.named.contains(.numericOnly))
        // A field that already has the validation gets no note.
        var withIt = Field(id: "m", kind: .decimal)
        withIt.validation.named = [.numericWithPeriods]
        #expect(!(try Support.emit(form([withIt])).1.contains { $0.id == "mmxml.kind-validation" }))
    }

    @Test func aMultipleChoiceSubmittingABitmaskIsWarnedOnTheField() throws {
        let options = ["a", "b", "c", "d"].map { Option(value: .string($0)) }
        let list = Field(id: "many", kind: .multipleChoice, options: options)
        let radio = Field(id: "radio", kind: .multipleChoice, presentation: .radio, options: options)
        let (xml, ds) = try Support.emit(form([list, radio]))
        let warnings = ds.filter { $0.id == "mmxml.submission-bitmask" }
        #expect(warnings.map(\.path) == ["/pages/0/sections/0/fields/many"])
        #expect(warnings.first?.message.contains("a = 1, b = 2, c = 4, …") == true)
        // What the app submits for it, read back: a bitmask.
        let back = try Support.read(xml).0.allFields
        guard case .bitmask? = SubmissionModel.keys(for: back[0]).first?.valueType else {
            Issue.record("'many' does not read back as a bitmask: \(SubmissionModel.keys(for: back[0]))")
            return
        }
    }

    /// XML 1.0 cannot hold control characters; attribute texts (group titles, option values) cannot be
    /// base64-encoded, so each is written as U+FFFD, said on its owner rather than the form.
    @Test func controlCharactersInAttributesAreSaidOnTheirOwner() throws {
        var s = Section(id: "g", title: "A\u{1}B")
        s.fields = [Field(id: "c", kind: .singleChoice, options: [Option(value: .string("x\u{2}"))])]
        let (xml, ds) = try Support.emit(Form(title: "T", pages: [Page(id: "p", sections: [s])]))
        #expect(xml.contains("title=\"A\u{FFFD}B\""))
        #expect(ds.contains { $0.id == "loss.structure.section-title" && $0.path == "/pages/0/sections/0" && $0.message.contains("U+FFFD") })
        #expect(ds.contains { $0.id == "loss.options" && $0.path == "/pages/0/sections/0/fields/c" && $0.message.contains("the app submits") })
        #expect(!ds.contains { $0.id == "loss.text.invalid-character" })
    }
}
