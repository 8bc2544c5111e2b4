import Testing
import FormIR
@testable import FormConvKit

/// The printed lines written straight into one buffer: each is its diagnostic's `formatted` line made
/// one line (`oneLine`), control characters in the file name, message or id included.
@Suite struct DiagnosticPrinterBytesTests {
    @Test func linesWithControlCharactersAreWrittenOut() {
        let texts = ["plain", "tab\there", "new\nline", "cr\r", "del\u{7F}", "nul\u{0}x", "é\u{1}日本", "\u{1B}[1m"]
        var all: [Diagnostic] = []
        for (i, t) in texts.enumerated() {
            all.append(Diagnostic(.warning, id: "x.\(i)", t, at: SourceLocation(file: "f\(t).xml", line: i + 1, column: 2)))
            all.append(Diagnostic(.error, id: "id\(t)", "m\(i)"))
        }
        for file in [nil, "in\n.xml", "in.xml"] {
            #expect(DiagnosticPrinter().text(for: all, file: file)
                    == all.map { $0.formatted(defaultFile: file).oneLine + "\n" }.joined())
        }
    }

    @Test func controlBytesAreFoundWherever() {
        for byte in UInt8.min...UInt8.max {
            for at in [0, 5, 40] {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 41)
                bytes[at] = byte
                #expect(DiagnosticPrinter.holdsControl(bytes[...]) == (byte < 0x20 || byte == 0x7F))
                #expect(!DiagnosticPrinter.holdsControl(bytes[(at + 1)...]))
            }
        }
        #expect(!DiagnosticPrinter.holdsControl([]))
    }

    /// A loss writes its message into the printed line from its parts: the line is the one a
    /// diagnostic holding that message prints, control characters in the subject or words included.
    @Test func lossesPrintAsTheirMessages() {
        let ids = ["plain", "tab\there", "new\nline", "é\u{1}日本", "e\u{301}"]
        let form = Form(title: LocalizedText([.init(locale: "en", text: "A"), .init(locale: "fr", text: "B")]),
                        pages: [Page(id: "p", sections: [Section(id: "g", fields: ids.map {
                            Field(id: $0, kind: .text, layout: Layout(columns: 2), style: Style(textSize: 3))
                        })])])
        var d = Diagnostics()
        LossCheck.report(form, supported: [], target: "json", into: &d)
        d.loss("kind.x", target: "json", "new\nline: given", place: .field(page: 0, section: 0, id: "new\nline"), in: form)
        #expect(d.items.count > 2 * ids.count)
        let held = d.items.map {
            Diagnostic($0.severity, id: $0.id, $0.message, at: $0.location, path: $0.path, loss: $0.loss, subject: $0.subject)
        }
        #expect(held == d.items)
        for file in [nil, "in.xml"] {
            let printed = DiagnosticPrinter().text(for: d.items, file: file)
            #expect(printed == DiagnosticPrinter().text(for: held, file: file))
            #expect(printed == held.map { $0.formatted(defaultFile: file).oneLine + "\n" }.joined())
        }
    }
}
