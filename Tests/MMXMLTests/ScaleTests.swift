import Foundation
import Testing
import FormIR

/// A large generated form reads, writes and round-trips.
@Suite struct MMXMLLargeFormTests {
    static func bigForm(items: Int) -> String {
        var xml = "<form name=\"big\">\n"
        for p in 0..<(items / 100) {
            xml += "  <page name=\"page\(p)\">\n    <group name=\"group\(p)\">\n"
            for i in 0..<100 {
                let n = p * 100 + i
                switch n % 4 {
                case 0: xml += "      <item name=\"f\(n)\" type=\"textField\" required=\"YES\"><size>620</size><label language=\"EN_US\">Field \(n)</label><label language=\"FR_CA\">Champ \(n)</label><validation>email</validation></item>\n"
                case 1: xml += "      <item name=\"f\(n)\" type=\"dropDown\"><option value=\"a\">A</option><option value=\"b\">B</option></item>\n"
                case 2: xml += "      <item name=\"f\(n)\" type=\"dateField\"><prefix>d\(n)</prefix></item>\n"
                default: xml += "      <item name=\"f\(n)\" type=\"checkbox\" isChecked=\"YES\"/>\n"
                }
            }
            xml += "    </group>\n  </page>\n"
        }
        xml += "  <relationships>\n"
        for r in 0..<(items / 4) {
            xml += "    <relationship object=\"item::f\(r * 4)\"><condition>f\(r * 4 + 1) == \"a\" AND f\(r * 4 + 3) == \"1\"</condition><if><show>YES</show></if><else><hide>YES</hide></else></relationship>\n"
        }
        return xml + "  </relationships>\n</form>\n"
    }

    @Test func twoThousandItems() throws {
        let xml = Self.bigForm(items: 2000)
        let (form, ds) = try Support.read(xml, name: "big.xml")
        let (out, losses) = try Support.emit(form, keepLegacy: true)
        let (back, _) = try Support.read(out, name: "big-out.xml")
        #expect(ds.isEmpty && losses.allSatisfy { $0.id == "mmxml.not-schema-valid" })
        #expect(form.allFields.count == 2000 && form.rules.count == 500)
        #expect(back == form)
    }
}
