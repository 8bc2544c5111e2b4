import Foundation
import Testing
import FormIR
import Readers
import Emitters

/// Display cells (labels, buttons, web views) of forms from other formats keep their ids: the form
/// descriptor names a cell by `bindVariable` (rmsform-form-descriptor.md, "Cell Dictionary Keys": the
/// key of a view controller property bound to the cell), and the reader takes a cell's id from its key
/// path, else its bind variable, else makes one up (docs/rmsform.md, "Field ids"). An id no bind variable
/// can hold is a `field.id` loss naming the id the cell reads back as (issue 35).
@Suite struct RMSFormDisplayIDTests {
    static func loc(_ l: Int) -> FormIR.SourceLocation { FormIR.SourceLocation(file: "in.xml", line: l, column: 3) }

    static func form(_ fields: [Field]) -> Form {
        Form(pages: [Page(sections: [Section(fields: fields, location: Self.loc(1))], location: Self.loc(1))], location: Self.loc(1))
    }

    @Test func displayCellsAreBoundByTheirIDsAndReadBackUnderThem() throws {
        let form = Self.form([
            Field(id: "help", kind: .label, texts: FieldTexts(label: "Need help?"), location: Self.loc(2)),
            Field(id: "email", kind: .text, texts: FieldTexts(label: "Email"), location: Self.loc(3)),
            Field(id: "review", kind: .button, texts: FieldTexts(label: "Review"),
                  actions: [.targetAction(target: ":self", selector: "review:")], location: Self.loc(4)),
            Field(id: "terms", kind: .webView, actions: [.openURL("https://x.test/terms")], location: Self.loc(5)),
        ])
        let (plist, d) = try RMSFormEmitter(syntax: .plist).emit(form)
        #expect(!d.items.contains { $0.loss?.feature == "field.id" }, "\(d.items)")
        // python's plistlib, not formconv, says what the cells are bound to.
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("ids-\(UUID().uuidString).plist")
        try Data(plist).write(to: out)
        defer { try? FileManager.default.removeItem(at: out) }
        let check = try run("python3", ["-c", """
            import plistlib, sys
            rows = plistlib.load(open(sys.argv[1], 'rb'))[0]['rows']
            print([r.get('bindVariable') for r in rows], [r.get('properties', {}).get('keyPath') for r in rows])
            """, out.path])
        #expect(check.status == 0, "\(check.output)")
        #expect(check.output.trimmingCharacters(in: .whitespacesAndNewlines)
            == "['help', None, 'review', 'terms'] [None, 'email', None, None]")
        let (back, rd) = try RMSFormReader().read(bytes: plist, name: "out.plist")
        #expect(!rd.hasErrors)
        #expect(back.allFields.map(\.id) == ["help", "email", "review", "terms"])
        #expect(back.field("help")?.texts.label == "Need help?")
    }

    @Test func anIDNoBindVariableCanHoldIsALossNamingTheReadBackID() throws {
        let form = Self.form([
            Field(id: "terms.text", kind: .label, texts: FieldTexts(label: "Terms"), location: Self.loc(2)),
            Field(id: "label1", kind: .text, location: Self.loc(3)),
            Field(id: "2nd", kind: .label, location: Self.loc(4)),
        ])
        let (json, d) = try RMSFormEmitter(syntax: .json).emit(form)
        let (back, _) = try RMSFormReader().read(bytes: json, name: "out.json")
        // The reader makes up label1 for the first cell, so the text cell's key path label1 reads
        // back as label1_2; the third cell is label2.
        #expect(back.allFields.map(\.id) == ["label1", "label1_2", "label2"])
        let losses = d.items.filter { $0.loss?.feature == "field.id" }
        #expect(losses.count == 3)
        for (source, readBack, line) in [("terms.text", "label1", 2), ("label1", "label1_2", 3), ("2nd", "label2", 4)] {
            let l = losses.first { $0.location?.line == line }
            #expect(l?.path == "/pages/0/sections/0/fields/\(source)")
            #expect(l?.message.contains("the id '\(source)' is not kept") == true, "\(String(describing: l))")
            #expect(l?.message.contains("reads back as '\(readBack)'") == true, "\(String(describing: l))")
        }
    }

    @Test func generatedIDsOfADescriptorWriteBackUnbound() throws {
        let descriptor = """
            [{"rows": [
              {"className": "RMSFormCell", "properties": {"labelText": "A"}},
              {"className": "RMSTextEntryCell", "properties": {"representedObject": ":self", "keyPath": "label2"}},
              {"className": "RMSFormCell"},
              {"className": "RMSButtonCell", "properties": {"labelText": "Go"}},
              {"className": "RMSFormCell", "bindVariable": "footerCell"}
            ]}]
            """
        let (once, _) = try RMSFormReader().read(text: descriptor, name: "in.json")
        #expect(once.allFields.map(\.id) == ["label1", "label2", "label2_2", "button3", "footerCell"])
        let (json, d) = try RMSFormEmitter(syntax: .json).emit(once)
        #expect(d.items.isEmpty, "\(d.items)")
        let written = String(decoding: json, as: UTF8.self)
        #expect(written.components(separatedBy: "bindVariable").count == 2, "\(written)")
        let (twice, _) = try RMSFormReader().read(bytes: json, name: "out.json")
        #expect(twice.allFields.map(\.id) == once.allFields.map(\.id))
    }

    /// RMSTextEntryCell (rmsform-form-descriptor.md; NOTES.md: it adds only `secureTextEntry`) checks no
    /// e-mail address and holds one value at its key path: an email field loses its check, an address
    /// (MM XML submits six parts, SubmissionModel) its parts; each is a loss on the field.
    @Test func nearCellsReportTheCheckAndThePartsTheyLose() throws {
        let form = Self.form([
            Field(id: "mail", kind: .email, location: Self.loc(2)),
            Field(id: "work", kind: .email, validation: Validation(named: [.email]), location: Self.loc(3)),
            Field(id: "home", kind: .address, location: Self.loc(4)),
        ])
        let (json, d) = try RMSFormEmitter(syntax: .json).emit(form)
        let named = d.items.filter { $0.loss?.feature == "validation.named" }
        #expect(named.compactMap(\.location?.line).sorted() == [2, 3], "one e-mail check loss per field: \(named)")
        #expect(named.first { $0.location?.line == 2 }?.message.contains("email validation of 'mail'") == true)
        let parts = d.items.filter { $0.loss?.feature == "submission.key" }
        #expect(parts.count == 1)
        #expect(parts.first?.path == "/pages/0/sections/0/fields/home")
        #expect(parts.first?.message.contains("(address1, address2, city, postalCode, stateProv, country)") == true)
        let (back, _) = try RMSFormReader().read(bytes: json, name: "out.json")
        #expect(back.field("home")?.kind == .text)
        #expect(back.field("mail")?.validation.named.isEmpty == true)
    }
}
