import Foundation
import Testing
import FormIR
import Emitters

/// Nothing in an MM XML form changes without a diagnostic (issue 35): names, evaluate expressions,
/// texts set by effects and misspelt attributes, as seen on real forms.
@Suite struct SilentChangeTests {
    @Test func anItemNameWithATrailingSpaceIsReportedWithItsNewKey() throws {
        let (form, ds) = try Support.read(Support.doc(#"<item name="email " type="textField"/>"#))
        #expect(form.allFields.map(\.id) == ["email"])
        let said = ds.filter { $0.id == "mmxml.name-trimmed" }
        #expect(said.count == 1)
        #expect(said.first?.message.contains("'email '") == true && said.first?.message.contains("submission key") == true)
    }

    @Test(arguments: ["A.-B", "A.- B", "A. B", "A.  B", "A./B", "A+B", "A + B", "A-B", "+655565"])
    func evaluateIsWrittenBackAsWritten(_ text: String) throws {
        let xml = Support.doc(#"<item name="A" type="textField"/><item name="B" type="textField"/><item name="C" type="textField"/>"#,
                              relationships: #"<relationship object="item::C"><condition>A != ""</condition><if><evaluate>\#(text)</evaluate></if></relationship>"#)
        let (form, _) = try Support.read(xml)
        for keepLegacy in [false, true] {
            let (out, _) = try Support.emit(form, keepLegacy: keepLegacy)
            #expect(out.contains("<evaluate>\(text)</evaluate>"), "\(text) became: \(out.components(separatedBy: "\n").filter { $0.contains("evaluate") })")
        }
    }

    @Test func anEffectSettingASpaceKeepsTheSpace() throws {
        let xml = Support.doc(#"<item name="A" type="checkbox"/><item name="L" type="label"><text>Hello</text></item>"#,
                              relationships: #"<relationship object="item::L"><condition>A == "1"</condition><if><text> </text></if></relationship>"#)
        let (form, _) = try Support.read(xml)
        guard case .setText(let t)? = form.rules.first?.then.first else {
            Issue.record("no text effect: \(form.rules)")
            return
        }
        #expect(t.defaultText == " ")
        let (out, _) = try Support.emit(form)
        let (back, _) = try Support.read(out)
        #expect(back.rules.first?.then == form.rules.first?.then)
    }

    @Test func aMisspeltAttributeIsWarnedWithASuggestion() throws {
        let (_, ds) = try Support.read(Support.doc(#"<item name="a" type="label"><label langauge="FR_CA">Nom</label></item>"#))
        let said = ds.filter { $0.id == "mmxml.unknown-attribute" }
        #expect(said.count == 1)
        #expect(said.first?.message.contains("did you mean 'language'") == true)
    }
}
