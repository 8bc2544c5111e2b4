import Foundation
import Testing
import FormIR
import Readers
import Emitters
import DocumentTree

/// A large descriptor reads and writes quickly in both syntaxes (debug build).
@Test func twoThousandCellsReadAndWriteQuickly() throws {
    let sections = (0..<40).map { s in
        Section(title: LocalizedText("S\(s)"), fields: (0..<50).map { f in
            Field(id: "p\(s).k\(f)", kind: f % 2 == 0 ? .text : .boolean, texts: FieldTexts(label: LocalizedText("L\(f)")))
        })
    }
    let form = Form(pages: [Page(sections: sections, isImplicit: true)])
    let clock = ContinuousClock()
    for syntax in [DocumentSyntax.json, .plist] {
        var bytes: [UInt8] = []
        let writeTime = try clock.measure { (bytes, _) = try RMSFormEmitter(syntax: syntax).emit(form) }
        var back = Form()
        let readTime = try clock.measure { (back, _) = try RMSFormReader().read(bytes: bytes, name: "big") }
        #expect(back == form)
        #expect(readTime < .seconds(5) && writeTime < .seconds(5), "read \(readTime), write \(writeTime)")
        print("rmsform \(syntax) 2000 cells: write \(writeTime), read \(readTime), \(bytes.count) bytes")
    }
}
