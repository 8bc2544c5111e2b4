import Foundation
import Testing
import FormIR
@testable import MMXML
@testable import DocumentTree

/// The reader's small parsers and mappings.
@Suite struct MMXMLReaderTests {
    @Test func evaluations() {
        #expect(ReadSession.parseEvaluation("a.- b") == .concatenate("a", connector: "-", "b"))
        #expect(ReadSession.parseEvaluation("a./b") == .concatenate("a", connector: "/", "b"))
        #expect(ReadSession.parseEvaluation("a. b") == .concatenate("a", connector: "", "b"))
        #expect(ReadSession.parseEvaluation("a.  b") == .concatenate("a", connector: " ", "b"))
        #expect(ReadSession.parseEvaluation("a+b") == .add("a", "b"))
        #expect(ReadSession.parseEvaluation("a - b") == .subtract("a", "b"))
        #expect(ReadSession.parseEvaluation("+655565") == .dateOffset(655565))
        #expect(ReadSession.parseEvaluation("-10") == .dateOffset(-10))
        #expect(ReadSession.parseEvaluation("a * b") == nil)
    }

    /// A relationship's `object` splits as Swift's generic `split(separator: "::")` splits it, the
    /// independent implementation here, whether the object is ASCII or not.
    @Test func relationshipObjectsSplitAsTheGenericSplit() {
        let objects = ["item::a", "item::", "::a", "::", "item", "", "a:::b", "a::::b", "a::b::c", ":a::b:", "item :: x y",
                       "page::caf\u{E9}", "gr\u{F6}up::x", "item:\u{301}:x", "item::\u{301}x", "\r\n::x", "item::a\r\n"]
        for object in objects {
            let parts = object.split(separator: "::", omittingEmptySubsequences: false).map(String.init)
            let expected = parts.count == 2 ? [parts[0], parts[1]] : nil
            #expect(ReadSession.objectParts(object).map { [$0.kind, $0.name] } == expected, "\(object.debugDescription)")
        }
        #expect(ReadSession.target(" Item ::  x ")?.name == "x")
        #expect(ReadSession.target("page::p")?.kind == .page)
        #expect(ReadSession.target("field::p") == nil)
    }

    @Test func buttonPositions() {
        #expect(ButtonPosition.normalise("default")?.position == "up_left")
        #expect(ButtonPosition.normalise("up left")?.position == "up_left")
        #expect(ButtonPosition.normalise("low_right")?.position == "low_right")
        #expect(ButtonPosition.normalise("upperleft")! == ("up_left", true))
        #expect(ButtonPosition.normalise("bottom left")! == ("low_left", true))
        #expect(ButtonPosition.normalise("middle") == nil)
    }

    @Test func countries() {
        #expect(Country.normalise(" united states") == "USA")
        #expect(Country.normalise("mx") == "MEXICO")
        #expect(Country.normalise("CA") == "CANADA")
        #expect(Country.normalise("QC") == "QUEBEC")
        #expect(Country.normalise("FRA") == "FRANCE")
        #expect(Country.normalise("Germany") == nil)
    }

    @Test func rangesAndSums() {
        #expect(ReadSession.range("10-15")! == (10, 15))
        #expect(ReadSession.range("-5 - 5")! == (-5, 5))
        #expect(ReadSession.range("ten") == nil)
        let s = ReadSession.sumItems("MAXMIN::100,50::owner1Percent,owner2Percent")
        #expect(s?.mode == "MAXMIN" && s?.bounds == [100, 50] && s?.fields == ["owner1Percent", "owner2Percent"] && s?.autofill == nil)
        #expect(ReadSession.sumItems("EQ::100::a,b::YES")?.autofill == true)
        #expect(ReadSession.sumItems("EQ::100,2::a") == nil)
    }

    @Test func typesAreCaseInsensitiveAndLegacyIsCapitalised() {
        #expect(MMItemType.lookup("multilinelabel")! == (.multilineLabel, false))
        #expect(MMItemType.lookup("TextField")! == (.textField, true))
        #expect(MMItemType.lookup("UKBankPinger")! == (.ukBankPinger, false))
        #expect(MMItemType.lookup("ukbankpinger")! == (.ukBankPinger, false))
        #expect(MMItemType.lookup("slider") == nil)
    }

    @Test func windows1252() {
        #expect(Windows1252.decode([0x4E, 0xFA, 0x80, 0x93]) == "Nú€“")
    }

    @Test func decimalsAreKeptOutsideLegacyDocuments() throws {
        let (form, ds) = try Support.read(Support.doc("<item name=\"i\" type=\"zipImage\"><width>10.5</width><path>a_zip.png</path></item>"))
        #expect(ds.isEmpty)
        #expect(form.field("i")?.layout.width == 10.5)
        #expect(form.field("i")?.defaultValue == .string("a_zip.png"))
    }

    @Test func textFieldKinds() throws {
        let (form, _) = try Support.read(Support.doc("""
            <item name="a" type="textField"><validation>email</validation></item>
            <item name="b" type="textField" password="YES"><validation>email</validation></item>
            <item name="c" type="textField"><validation>usphonenumber</validation></item>
            <item name="d" type="textField"><validation>numericOnly</validation></item>
            <item name="e" type="textField"><validation>numericWithPeriods</validation></item>
            <item name="f" type="textField"><validation>names</validation></item>
            """))
        #expect(["a", "b", "c", "d", "e", "f"].map { form.field($0)!.kind } == [.email, .password, .phone, .integer, .decimal, .text])
        #expect(form.field("a")?.validation.named == [.email])
    }

    @Test func repeatComparesWithTheRepeatedItem() throws {
        let (form, _) = try Support.read(Support.doc("""
            <item name="creditCard" type="textField"/>
            <item name="repeatCreditCard" type="textField"><validation>repeat</validation></item>
            """))
        #expect(form.field("repeatCreditCard")?.validation.comparisons.first?.otherField == "creditCard")
    }

    @Test func relationshipsAnywhereKeepSourceOrder() throws {
        let xml = """
        <form name="f">
          <relationship object="item::b"><condition>a == "1"</condition><if><hide>YES</hide></if></relationship>
          <page name="p">
            <relationship object="item::a"><condition>b == "1"</condition><if><show>YES</show></if></relationship>
            <group name="g">
              <item name="a" type="checkbox"/><item name="b" type="checkbox"/>
              <relationships><relationship object="group::g"><if><show>YES</show></if></relationship></relationships>
            </group>
          </page>
        </form>
        """
        let (form, ds) = try Support.read(xml)
        #expect(ds.isEmpty)
        #expect(form.rules.map(\.target) == [.field("b"), .field("a"), .section("g")])
        #expect(form.rules[2].condition == nil)
        #expect(form.rules[0].condition == .compare(.field(FieldReference("a")), .equal, .literal(.string("1"))))
    }

    @Test func localizedOptionsJoinByValue() throws {
        let (form, _) = try Support.read(Support.doc("""
            <item name="g" type="radioControl">
              <tag value="M" language="EN_US">Male</tag><tag value="F" language="EN_US">Female</tag>
              <tag value="M" language="FR_CA">Homme</tag><tag value="F" language="FR_CA">Femme</tag>
            </item>
            """))
        let options = try #require(form.field("g")?.options)
        #expect(options.count == 2)
        #expect(options[0].label?.text(for: "FR_CA") == "Homme")
        #expect(options[1].label?.text(for: "EN_US") == "Female")
    }
}

extension MMXMLReaderTests {
    @Test func doubleHyphensInCommentsAreTolerated() throws {
        let xml = "<form>\n<!-- formconv-disable-next-line mmxml.unknown-tag -- legacy tag -->\n<page name=\"p\"><group name=\"g\"><item name=\"a\" type=\"label\"/></group></page></form>"
        let (form, ds) = try Support.read(xml)
        #expect(ds.isEmpty)
        #expect(form.field("a") != nil)
        #expect(XMLCommentRepair.repair(Array("<a><!-- x -- y --></a><![CDATA[--]]>".utf8)) == Array("<a><!-- x -  y --></a><![CDATA[--]]>".utf8))
    }
}

extension MMXMLReaderTests {
    /// Tags in places their item type does not expect still round-trip exactly.
    @Test func oddPlacementsRoundTrip() throws {
        let xml = Support.doc("""
            <item name="c" type="checkbox"><defaultValue>1</defaultValue></item>
            <item name="d" type="dateField"><defaultValue>281062800</defaultValue></item>
            <item name="dd" type="dropDown"><image value="x">x.png</image><option value="y">Y</option></item>
            <item name="ip" type="imagePicker"><tag value="t">Text option</tag><image value="i">i.png</image></item>
            <item name="twice" type="label"><label>One</label><label>Two</label><text language="EN_US">A</text><text language="EN_US">B</text></item>
            """)
        let (first, _) = try Support.read(xml)
        let (out, _) = try Support.emit(first, keepLegacy: true)
        let (second, _) = try Support.read(out)
        RoundTrip.compare(first, second, name: "odd placements")
        #expect(out.contains("<label>Two</label>") && out.contains("<text language=\"EN_US\">B</text>"))
    }
}

extension MMXMLReaderTests {
    @Test func latin1DocumentsReadWithTheirDeclaredEncoding() throws {
        var bytes = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<form><page name=\"p\"><group name=\"g\"><item name=\"a\" type=\"label\"><text>Caf".utf8)
        bytes += [0xE9]
        bytes += Array("</text></item>\n<item name=\"a\" type=\"label\"/></group></page></form>".utf8)
        var d = Diagnostics()
        let form = try MMXMLReader().read(InputDocument(name: "latin1.xml", bytes: bytes), diagnostics: &d)
        #expect(form.field("a")?.texts.body?.defaultText == "Café")
        #expect(Support.summary(d.items) == ["3:1 mmxml.duplicate-name"])
    }
}

extension MMXMLReaderTests {
    @Test func byteOrderMarksDoNotMovePositions() throws {
        let body = "<form><page name=\"p\"><group name=\"g\"><item name=\"a\" type=\"label\"/><item name=\"a\" type=\"label\"/></group></page></form>"
        let utf8 = [0xEF, 0xBB, 0xBF] + Array(body.utf8)
        var le: [UInt8] = [0xFF, 0xFE]
        for u in body.utf16 { le += [UInt8(u & 0xFF), UInt8(u >> 8)] }
        for bytes in [utf8, le] {
            var d = Diagnostics()
            _ = try MMXMLReader().read(InputDocument(name: "bom.xml", bytes: bytes), diagnostics: &d)
            #expect(Support.summary(d.items) == ["1:67 mmxml.duplicate-name"])
        }
    }
}
