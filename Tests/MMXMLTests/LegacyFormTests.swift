import Foundation
import Testing
import FormIR
import MMXML
import Emitters
import FormConvKit
import FormConvTestSupport

/// Forms in the shape of the 2014 charity and telecom sign-up forms (NOTES.md, "MM XML in real
/// forms"): repeated names, relationships that name nothing or a group, the whole 1.1 vocabulary.
/// Written from the language's rules: they convert with warnings that say what was done, and
/// `--strict` and lint refuse them.
@Suite struct MMXMLLegacyFormTests {
    /// A sign-up form as such forms are written: every form-level child in the schema's order, a
    /// repeated item name, a case-only mismatch, a condition on a group, a removed item.
    static let signup = """
    <?xml version="1.0" encoding="UTF-8"?>
    <form formPrefix="CHR" charityName="Save the Owls" presentationStyle="formSheet" pdfType="custom">
      <requireditemcolor>#FFE4C4</requireditemcolor>
      <optionalitemcolor>lightgray</optionalitemcolor>
      <leftFormMargin>20</leftFormMargin>
      <rightFormMargin>20</rightFormMargin>
      <pageWidth>678.0</pageWidth>
      <page name="page1" forceReceipt="YES">
        <bgcolor>white</bgcolor>
        <leftPageMargin>10</leftPageMargin>
        <rightPageMargin>12</rightPageMargin>
        <group name="sponsor" title="Sponsor" number="1" forceReceipt="NO">
          <item name="sponsor1Address" type="addressField" required="YES" submitsFlag="YES">
            <size>620</size>
            <validationService>QAS</validationService>
            <fontColor>black</fontColor>
          </item>
          <item name="firstName" type="textField" required="YES"><size>300</size></item>
          <item name="firstName" type="textField"><size>300</size><bgcolor>#FFFFFF</bgcolor></item>
          <item name="consent" type="radioControl" required="YES">
            <tag value="Y">Yes</tag>
            <tag value="N">No</tag>
            <requiredValue>Y</requiredValue>
          </item>
          <item name="signature" type="signatureBox"><legalText>I agree to the terms.</legalText></item>
          <item name="photo" type="photoCapture"><isColor>YES</isColor></item>
          <item name="pinger" type="emailPinger" submitsFlag="NO"/>
        </group>
        <group name="additionalInfo" title="More" number="2">
          <item name="notes" type="textField"/>
        </group>
      </page>
      <relationships>
        <relationship object="item::notes">
          <condition>additionalInfo == "true"</condition>
          <if><show>THIS</show></if>
        </relationship>
        <relationship object="item::sponsor1address">
          <condition>firstName == "x"</condition>
          <if><skip>THIS</skip></if>
          <else><force>THIS</force></else>
        </relationship>
        <relationship object="item::removedItem">
          <condition>consent == "Y"</condition>
          <if><submit>THIS</submit></if>
        </relationship>
      </relationships>
      <pdfInfo>
        <page><bgImage>receipt_zip.png</bgImage>
          <items><item name="firstName"><option><xCoordinate>10</xCoordinate><yCoordinate>20</yCoordinate><command>text</command></option></item></items>
        </page>
      </pdfInfo>
    </form>
    """

    static func diagnostics(_ ds: [Diagnostic], _ id: String) -> [Diagnostic] { ds.filter { $0.id == id } }

    @Test func repeatedNamesAreRenamedAndStillSubmitUnderTheirName() throws {
        let (form, ds) = try Support.read(Self.signup)
        let ids = form.allFields.map(\.id)
        #expect(ids.filter { $0.hasPrefix("firstName") } == ["firstName", "firstName_2"])
        #expect(form.field("firstName_2")?.submission.key == "firstName")
        #expect(form.field("firstName")?.submission.key == nil)
        let dup = Self.diagnostics(ds, "mmxml.duplicate-name")
        #expect(dup.count == 1)
        #expect(dup.first?.severity == .warning)
        #expect(Support.summary(dup) == ["19:7 mmxml.duplicate-name"])
        let message = dup.first?.message ?? ""
        #expect(message.contains("t.xml:18:7"), "the first position: \(message)")
        #expect(message.contains("renamed 'firstName_2'"), "\(message)")
        #expect(message.contains("references to 'firstName' resolve to the item at t.xml:18:7"), "\(message)")
        // The condition naming `firstName` resolves to the first item, so it is no unknown reference.
        #expect(!Self.diagnostics(ds, "mmxml.unknown-reference").contains { $0.message.contains("'firstName'") })
    }

    @Test func renamingSkipsNamesTheDocumentUses() throws {
        let xml = Support.doc("""
        <item name="a" type="label"/><item name="a" type="label"/><item name="a_2" type="label"/>
        <item name="a" type="label"/>
        """)
        let (form, ds) = try Support.read(xml)
        #expect(form.allFields.map(\.id) == ["a", "a_3", "a_2", "a_4"])
        #expect(Self.diagnostics(ds, "mmxml.duplicate-name").count == 2)
        #expect(ds.allSatisfy { $0.severity != .error })
    }

    @Test func repeatedGroupAndPageNamesAreRenamedToo() throws {
        let xml = """
        <form><page name="p"><group name="g"><item name="a" type="label"/></group>
        <group name="g"><item name="b" type="label"/></group></page><page name="p"/></form>
        """
        let (form, ds) = try Support.read(xml)
        #expect(form.pages.map(\.id) == ["p", "p_2"])
        #expect(form.pages[0].sections.map(\.id) == ["g", "g_2"])
        #expect(Support.summary(Self.diagnostics(ds, "mmxml.duplicate-name")) == ["2:1 mmxml.duplicate-name", "2:61 mmxml.duplicate-name"])
    }

    @Test func aCaseOnlyMismatchIsKeptAsWrittenWithADidYouMean() throws {
        let (form, ds) = try Support.read(Self.signup)
        let target = Self.diagnostics(ds, "mmxml.unknown-target")
        #expect(Support.summary(target) == ["38:19 mmxml.unknown-target", "43:19 mmxml.unknown-target"])
        #expect(target.allSatisfy { $0.severity == .warning })
        #expect(target[0].message.contains("did you mean 'sponsor1Address', the item at t.xml:13:7, which differs in letter case only"),
                "\(target[0].message)")
        #expect(target[0].message.contains("kept as written"))
        #expect(!target[1].message.contains("did you mean"), "nothing is near removedItem: \(target[1].message)")
        // Never a silent repair: the rule still names what the form wrote.
        #expect(form.rules.map(\.target) == [.field("notes"), .field("sponsor1address"), .field("removedItem")])
    }

    @Test func aMisspeltReferenceGetsTheNearestName() throws {
        let xml = Support.doc("""
        <item name="sponsorAddress" type="textField"/><item name="b" type="textField"><action>linksTo::sponsorAdress</action></item>
        """)
        let ds = try Support.read(xml).1
        let refs = Self.diagnostics(ds, "mmxml.unknown-reference")
        #expect(refs.count == 1)
        #expect(refs.first?.message.contains("did you mean 'sponsorAddress'") == true, "\(refs.first?.message ?? "")")
        #expect(refs.first?.message.contains("letter case") == false)
    }

    @Test func aConditionOnAGroupSaysWhatItMeans() throws {
        let (form, ds) = try Support.read(Self.signup)
        let refs = Self.diagnostics(ds, "mmxml.unknown-reference")
        #expect(Support.summary(refs) == ["35:18 mmxml.unknown-reference"])
        let message = refs.first?.message ?? ""
        #expect(message.contains("the group at t.xml:29:5"), "\(message)")
        #expect(message.contains("a group has no value"), "\(message)")
        #expect(form.rules[0].condition?.referencedFields == ["additionalInfo"])
    }

    @Test func theWholeVocabularyReadsWithoutUnknownWarnings() throws {
        let ds = try Support.read(Self.signup).1
        let unknown = ds.filter { $0.id == "mmxml.unknown-tag" || $0.id == "mmxml.unknown-attribute" || $0.id == "mmxml.invalid-value" }
        #expect(unknown.isEmpty, "\(unknown.map { $0.formatted() })")
    }

    @Test func theVocabularyLandsInTheIR() throws {
        let form = try Support.read(Self.signup).0
        #expect(form.field("consent")?.validation.requiredValue == .string("Y"))
        #expect(form.requiredItemColor == Color(red: 0xFF, green: 0xE4, blue: 0xC4))
        #expect(form.optionalItemColor == Color("lightgray"))
        #expect(form.optionalItemColor?.sameColor(as: Color(red: 170, green: 170, blue: 170)) == true)
        #expect(form.extensions["mmxml.charityName"] == .string("Save the Owls"))
        #expect(form.extensions["mmxml.pdfInfo"]?.objectValue?["name"] == .string("pdfInfo"))
        #expect(form.pages[0].backgroundColor == Color("white"))
        #expect(form.pages[0].extensions["mmxml.leftPageMargin"] == .string("10"))
        #expect(form.pages[0].extensions["mmxml.forceReceipt"] == .bool(true))
        #expect(form.pages[0].sections[0].extensions["mmxml.number"] == .string("1"))
        #expect(form.field("sponsor1Address")?.extensions["mmxml.submitsFlag"] == .bool(true))
        #expect(form.field("photo")?.extensions["mmxml.isColor"] == .bool(true))
        #expect(form.field("sponsor1Address")?.extensions["mmxml.fontColor"] == .string("black"))
    }

    @Test func aColourThatIsNoColourIsReported() throws {
        let xml = "<form><requireditemcolor>pinkish</requireditemcolor><optionalitemcolor>#12345G</optionalitemcolor></form>"
        let ds = try Support.read(xml).1
        #expect(Support.summary(ds) == ["1:7 mmxml.invalid-value", "1:53 mmxml.invalid-value"])
    }

    @Test func coloursMeanWhatTheLanguageSays() {
        #expect(Color("#FF8000") == Color(red: 255, green: 128, blue: 0))
        #expect(Color("orange")?.sameColor(as: Color(red: 255, green: 128, blue: 0)) == true)
        #expect(Color("#ff8000")?.hex == "#FF8000")
        #expect(Color("lightgray")?.sameColor(as: Color(red: 170, green: 170, blue: 170)) == true)
        #expect(Color("Light Gray") == Color("lightgray"))
        #expect(Color("lightgray")?.description == "lightgray")
        #expect(Color("#ffe4c4")?.description == "#FFE4C4")
        #expect(Color("clear")?.alpha == 0)
        for name in ["transparent", "clear", "red", "blue", "white", "black", "dark", "orange", "green", "yellow",
                     "brown", "darkgray", "lightgray"] {
            #expect(Color(name) != nil, "\(name)")
        }
        #expect(Color("#FFF") == nil)
        #expect(Color("pink") == nil)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/xmllint"), "needs xmllint"))
    func theWriterKeepsTheLanguagesOrderAndTHIS() throws {
        let (form, _) = try Support.read(Self.signup)
        let out = try Support.emit(form).0
        let formChildren = try Self.childNames(of: "/form", in: out)
        #expect(formChildren == ["requireditemcolor", "optionalitemcolor", "leftFormMargin", "rightFormMargin", "pageWidth",
                                 "page", "relationships", "pdfInfo"])
        #expect(try Self.childNames(of: "/form/page", in: out).prefix(4) == ["bgcolor", "leftPageMargin", "rightPageMargin", "group"])
        #expect(out.contains("<skip>THIS</skip>"))
        #expect(out.contains("<force>THIS</force>"))
        #expect(out.contains("<submit>THIS</submit>"))
        #expect(out.contains("<requiredValue>Y</requiredValue>"))
        #expect(out.contains("<legalText>I agree to the terms.</legalText>"))
        #expect(out.contains("<submitName>firstName</submitName>"))
    }

    @Test func aRoundTripKeepsEverything() throws {
        let (form, _) = try Support.read(Self.signup)
        let (out, losses) = try Support.emit(form)
        #expect(losses.filter { $0.loss != nil }.isEmpty, "\(losses.map { $0.formatted() })")
        let (again, ds) = try Support.read(out)
        #expect(again == form)
        // The renamed item is unique now; the relationships that name nothing are still there.
        #expect(Self.diagnostics(ds, "mmxml.duplicate-name").isEmpty)
        #expect(Self.diagnostics(ds, "mmxml.unknown-target").count == 2)
    }

    /// The IR document carries all of it: colours, the required value, the repairs, the relationships
    /// that name nothing (MM XML → IR JSON → IR is the same form).
    @Test func theIRDocumentKeepsEverything() throws {
        let (form, _) = try Support.read(Self.signup)
        let r = Converter.convert(InputDocument(name: "t.xml", text: Self.signup), from: .mmxml, to: .ir)
        let output = try #require(r.output)
        var d = Diagnostics()
        let back = try #require(Converter.read(InputDocument(name: "t.ir.json", bytes: output), as: .ir, diagnostics: &d))
        #expect(back == form)
        #expect(back.optionalItemColor?.description == "lightgray")
        #expect(back.pages[0].backgroundColor == Color("white"))
        #expect(!d.hasErrors)
    }

    /// Every target writes the form (exit 0 in the CLI); the relationships that name nothing are
    /// losses, left out, where the target cannot keep them as written, and kept in MM XML and the IR.
    @Test(arguments: FormatID.allCases.filter { FormatRegistry.emitter(for: $0) != nil })
    func everyTargetConverts(_ target: FormatID) throws {
        let r = Converter.convert(InputDocument(name: "t.xml", text: Self.signup), from: .mmxml, to: target)
        #expect(r.output != nil)
        #expect(!r.diagnostics.hasErrors, "\(r.diagnostics.errors.map { $0.formatted() })")
        let unresolved = r.diagnostics.items.filter { $0.id == "loss.relationship.unresolved" }
        let keeps = target == .mmxml || target == .ir
        #expect(unresolved.count == (keeps ? 0 : 3), "\(target)")
        // Left out where reported lost: no rule on the removed item, no test of the group's "value".
        let text = String(decoding: r.output ?? [], as: UTF8.self)
        #expect(text.contains("removedItem") == keeps, "\(target)")
        #expect(text.contains("additionalInfo ==") == keeps, "\(target)")
    }

    @Test func requiredValueIsAConstInJSONSchema() throws {
        let r = Converter.convert(InputDocument(name: "t.xml", text: Self.signup), from: .mmxml, to: .jsonSchema)
        let output = try #require(r.output)
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(output)) as? [String: Any])
        let consent = (schema["properties"] as? [String: Any])?["consent"] as? [String: Any]
        #expect(consent?["const"] as? String == "Y")
        #expect(!r.diagnostics.items.contains { $0.id == "loss.validation.required-value" })
    }

    @Test func lintStillJudgesTheseAsErrors() throws {
        let result = Linter.lint(InputDocument(name: "t.xml", text: Self.signup), format: .mmxml, options: LintOptions())
        let errors = Set(result.findings.filter { $0.severity == .error }.map(\.id))
        #expect(errors.isSuperset(of: ["duplicate-name", "missing-target", "unknown-reference"]), "\(errors)")
    }

    @Test func windows1252Base64TextsKeepTheirBytes() throws {
        // "Número “€”" in Windows-1252 (0x93, 0x80, 0x94 are “ € ”), beside a UTF-8 text.
        let cp1252: [UInt8] = [0x4E, 0xFA, 0x6D, 0x65, 0x72, 0x6F, 0x20, 0x93, 0x80, 0x94]
        let b64 = Data(cp1252).base64EncodedString(), utf8 = Data("Número".utf8).base64EncodedString()
        let xml = Support.doc("""
        <item name="a" type="label"><text encoding="base64">\(b64)</text><label encoding="base64">\(utf8)</label></item>
        """)
        let (form, ds) = try Support.read(xml)
        #expect(form.field("a")?.texts.body?.defaultText == "Número “€”")
        #expect(Support.summary(ds) == ["4:53 mmxml.text-not-utf8"])
        let out = try Support.emit(form, keepLegacy: true).0
        #expect(out.contains("<text encoding=\"base64\">\(b64)</text>"), "the Windows-1252 bytes come back: \(out)")
        #expect(out.contains("<label encoding=\"base64\">\(utf8)</label>"), "the UTF-8 bytes come back: \(out)")
        #expect(try Support.read(out).0 == form)
    }

    @Test func anISO88591FormConvertsWithItsAccents() throws {
        let text = Self.signup.replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"ISO-8859-1\"")
            .replacingOccurrences(of: "Save the Owls", with: "Sauvons les hiboux, Québec")
        let bytes = text.unicodeScalars.map { UInt8($0.value) }
        #expect(bytes.contains(0xE9))
        for target in [FormatID.mmxml, .ir, .jsonSchema] {
            let r = Converter.convert(InputDocument(name: "l.xml", bytes: bytes), from: .mmxml, to: target)
            #expect(r.output != nil)
            #expect(r.form?.extensions["mmxml.charityName"] == .string("Sauvons les hiboux, Québec"))
        }
    }

    @Test func aWindows1252DeclarationReadsTypographicQuotes() throws {
        let bytes = Array("<?xml version=\"1.0\" encoding=\"windows-1252\"?>\n<form><item name=\"a\" type=\"label\"><text>".utf8)
            + [0x93, 0x80, 0x94] + Array("</text></item></form>".utf8)
        var d = Diagnostics()
        let form = try MMXMLReader().read(InputDocument(name: "w.xml", bytes: bytes), diagnostics: &d)
        #expect(form.field("a")?.texts.body?.defaultText == "“€”")
    }

    @Test func abbreviatedOrdersAreTheLanguages() throws {
        let xml = Support.doc("""
        <item name="a" type="valuePicker"><options>1-28</options><order>asc</order></item>
        <item name="b" type="valuePicker"><options>1-28</options><order>desc</order></item>
        """)
        let (form, ds) = try Support.read(xml)
        #expect(ds.isEmpty)
        #expect(form.field("a")?.optionRange?.order == "ascending")
        #expect(form.field("b")?.optionRange?.order == "descending")
    }

    /// The element names under `path`, by xmllint's XPath (an independent parser).
    static func childNames(of path: String, in xml: String) throws -> [String] {
        var names: [String] = []
        var i = 1
        while true {
            let r = try Subprocess.run("/usr/bin/xmllint", ["--xpath", "name(\(path)/*[\(i)])", "-"], stdin: Array(xml.utf8))
            let name = r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            if r.status != 0 || name.isEmpty { return names }
            names.append(name)
            i += 1
        }
    }
}
