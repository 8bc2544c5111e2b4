import Foundation
import Testing
import FormIR
import Readers
import Emitters
import DocumentTree

/// A large descriptor reads back as written in both syntaxes.
@Test func twoThousandCellsRoundTrip() throws {
    let sections = (0..<40).map { s in
        Section(title: LocalizedText("S\(s)"), fields: (0..<50).map { f in
            // RMSForm's boolean cell is RMSSwitchCell: a switch.
            Field(id: "p\(s).k\(f)", kind: f % 2 == 0 ? .text : .boolean, presentation: f % 2 == 0 ? nil : .toggle,
                  texts: FieldTexts(label: LocalizedText("L\(f)")))
        })
    }
    let form = Form(pages: [Page(sections: sections, isImplicit: true)])
    for syntax in [DocumentSyntax.json, .plist] {
        let (bytes, _) = try RMSFormEmitter(syntax: syntax).emit(form)
        let (back, _) = try RMSFormReader().read(bytes: bytes, name: "big")
        #expect(back == form)
    }
}
