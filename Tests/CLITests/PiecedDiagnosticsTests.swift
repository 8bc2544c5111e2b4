import Foundation
import Testing
import FormIR
import FormConvKit
import FormConvTestSupport

/// A form's account printed in pieces (`DiagnosticPrinter.print` writes whole lines a piece at a time
/// rather than building the text whole): what reaches standard error is every line, once, whole and in
/// order, as the conversion reported them, however many pieces it takes.
@Suite struct PiecedDiagnosticsTests {
    /// Address fields (submitted under one key in a row) and styled labels (colour lost): two findings
    /// an item, well over one piece of text.
    static func form(items: Int) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<form formPrefix=\"Pieces\">\n  <page name=\"page0\">\n"
            + "    <group name=\"group0\">\n"
        for i in 0..<items {
            if i % 2 == 0 {
                xml += "      <item name=\"addr\(i)\" type=\"addressField\"><label>Address \(i)</label>"
                    + "<prefix>a\(i)</prefix><country>CA</country></item>\n"
            } else {
                xml += "      <item name=\"note\(i)\" type=\"label\"><label>Note \(i)</label><text>Text \(i)</text>"
                    + "<textColor>#333333</textColor><textSize>14</textSize></item>\n"
            }
        }
        return xml + "    </group>\n  </page>\n</form>\n"
    }

    @Test func everyLineOnceWholeAndInOrder() throws {
        let dir = try ScratchDirectory("pieced-diagnostics")
        defer { dir.remove() }
        let xml = Self.form(items: 2000)
        let input = try dir.write(xml, to: "pieces.xml")
        let r = try TestPaths.runFormconv([input, "--to", "json", "-o", "pieces.json"], in: dir.url)
        #expect(r.status == 0, "exit \(r.status)\n\(r.stderr.prefix(2000))")

        let reported = Converter.convert(InputDocument(name: input, text: xml), from: .mmxml, to: .json).diagnostics.items
        let expected = reported.map { DiagnosticPrinter().line(for: $0, file: input) + "\n" }.joined()
        #expect(r.stderr.utf8.count > 4 * (1 << 16), "several pieces: \(r.stderr.utf8.count) bytes")
        #expect(r.stderr == expected)
        let lines = r.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == reported.count)
        // Each line as the documented format has it: `file:line:col: severity: message [id]`.
        let shape = try Regex(#"^.+:\d+:\d+: (error|warning|note): .+ \[[a-z0-9.-]+\]$"#)
        #expect(lines.allSatisfy { $0.wholeMatch(of: shape) != nil })
    }
}
