import Foundation
import Testing
import FormIR
import FormConvKit

/// A switch stays a switch and a check a check in every format that has both (XLForm `booleanSwitch` /
/// `booleanCheck`, the row schema's `switch` / `check`); RMSForm's only boolean cell, RMSSwitchCell,
/// is a switch (NOTES.md, RMSForm).
@Suite struct SwitchAndCheckTests {
    static let rms = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><array><dict><key>rows</key><array>
    <dict><key>className</key><string>RMSSwitchCell</string><key>properties</key><dict>
    <key>labelText</key><string>Notify</string><key>keyPath</key><string>notify</string>
    <key>representedObject</key><string>:self</string></dict></dict>
    </array></dict></array></plist>
    """

    /// The output of converting `text` (as `from`) to `to`.
    static func convert(_ text: String, name: String, from: FormatID, to: FormatID) throws -> String {
        let r = Converter.convert(InputDocument(name: name, text: text), from: from, to: to)
        let out = try #require(r.output, "\(r.diagnostics.errors)")
        return String(decoding: out, as: UTF8.self)
    }

    @Test func rmsFormSwitchIsASwitchElsewhere() throws {
        let xl = try Self.convert(Self.rms, name: "S.plist", from: .rmsform, to: .xlform)
        #expect(xl.contains("\"rowType\": \"booleanSwitch\""), "\(xl)")
        let rows = try Self.convert(Self.rms, name: "S.plist", from: .rmsform, to: .json)
        #expect(rows.contains("\"type\": \"switch\""), "\(rows)")
        // And back to RMSForm without a presentation loss.
        let r = Converter.convert(InputDocument(name: "s.xlform.json", text: xl), from: .xlform, to: .rmsform)
        #expect(!(r.diagnostics.losses.contains { $0.id == "loss.field.presentation" }), "\(r.diagnostics.losses)")
    }

    @Test(arguments: [("booleanSwitch", "switch"), ("booleanCheck", "check")])
    func xlformAndRowSchemaKeepTheirBooleanRow(_ pair: (xlform: String, rows: String)) throws {
        let xl = #"{"formSections": [{"formRows": [{"tag": "b", "rowType": "\#(pair.xlform)"}]}]}"#
        let rows = try Self.convert(xl, name: "b.xlform.json", from: .xlform, to: .json)
        #expect(rows.contains("\"type\": \"\(pair.rows)\""), "\(rows)")
        let back = try Self.convert(rows, name: "b.json", from: .json, to: .xlform)
        #expect(back.contains("\"rowType\": \"\(pair.xlform)\""), "\(back)")
    }
}
