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
}
