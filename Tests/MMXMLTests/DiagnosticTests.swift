import Foundation
import Testing
import FormIR
import MMXML

/// Each diagnostic id on a small bad document, with its exact line and column.
@Suite struct MMXMLDiagnosticTests {
    /// `line:col id` of every diagnostic reading `xml` reports.
    private func found(_ xml: String) throws -> [String] { Support.summary(try Support.read(xml).1) }

    private func failure(_ xml: String) -> Diagnostic? {
        do { _ = try Support.read(xml); return nil } catch let f as ReadFailure { return f.diagnostic } catch { return nil }
    }

    @Test func malformedXMLThrowsWithPosition() {
        let d = failure("<form>\n  <page name=\"p\">\n    <item name=\"x\" type=\"label\"></itm>\n</form>")
        #expect(d?.id == "mmxml.malformed")
        #expect(d?.location?.line == 3)
        #expect(d?.location?.column == 39)
    }

    @Test func rootMustBeForm() {
        let d = failure("<page name=\"p\"/>")
        #expect(d?.id == "mmxml.not-a-form")
        #expect(d?.location?.line == 1 && d?.location?.column == 1)
    }

    @Test func missingNameAndType() throws {
        let xml = """
        <form><page name="p"><group name="g">
          <item type="label"/>
            <item name="x"/>
        </group></page></form>
        """
        let r = try found(xml)
        #expect(r == ["2:3 mmxml.missing-name", "3:5 mmxml.missing-type"])
        #expect(try Support.read(xml).0.allFields.isEmpty)
    }

    @Test func duplicateNamesGiveBothPositions() throws {
        let xml = """
        <form><page name="p">
          <group name="x">
            <item name="a" type="label"/>
            <item name="a" type="label"/>
          </group>
          <group name="p"/>
        </page></form>
        """
        let ds = try Support.read(xml).1
        #expect(Support.summary(ds) == ["4:5 mmxml.duplicate-name", "6:3 mmxml.duplicate-name"])
        #expect(ds[0].message.contains("t.xml:3:5"))
        #expect(ds[1].message.contains("t.xml:1:7"))
    }

    @Test func unknownTargetsAndReferences() throws {
        let xml = """
        <form><page name="p"><group name="g">
          <item name="a" type="textField"><action>linksTo::nope</action></item>
          <item name="b" type="textField"><action>SumItems:</action><actionArg>EQ::100::a,ghost</actionArg></item>
        </group></page>
        <relationships>
          <relationship object="item::missing"><condition>a == "1"</condition><if><show>YES</show></if></relationship>
          <relationship object="group::a"><if><show>YES</show></if></relationship>
          <relationship object="item::b"><condition>a == "1" OR  zed BT 3</condition><if><copy>a,other</copy></if></relationship>
          <relationship object="item::b"><if><evaluate>a+absent</evaluate></if></relationship>
        </relationships></form>
        """
        let r = try found(xml)
        #expect(r == [
            "6:17 mmxml.unknown-target", "7:17 mmxml.unknown-target", "8:58 mmxml.unknown-reference",
            "2:52 mmxml.unknown-reference", "3:83 mmxml.unknown-reference",
            "8:90 mmxml.unknown-reference", "9:50 mmxml.unknown-reference",
        ])
    }

    @Test func conditionSyntaxErrorAtTheCharacter() throws {
        let xml = """
        <form><page name="p"><group name="g">
          <item name="a" type="textField"/><item name="b" type="textField"/>
        </group></page>
        <relationship object="item::b">
          <condition>
            a == "x" AND
              (b == )
          </condition>
          <if><show>YES</show></if>
        </relationship></form>
        """
        let (form, ds) = try Support.read(xml)
        #expect(Support.summary(ds) == ["7:13 mmxml.condition-syntax"])
        #expect(form.rules.first?.condition == nil)
        #expect(form.rules.first?.source?.text.hasPrefix("a == \"x\" AND") == true)
    }

    @Test func conditionSyntaxErrorAfterEntities() throws {
        let xml = "<form><page name=\"p\"><group name=\"g\"><item name=\"a\" type=\"textField\"/></group></page>\n" +
            "<relationship object=\"item::a\"><condition>a == &quot;1&quot; ANDD a</condition></relationship></form>"
        let r = try found(xml)
        #expect(r == ["2:62 mmxml.condition-syntax"])
    }

    @Test func warningsOnItems() throws {
        let xml = """
        <form><page name="p"><group name="g">
          <item name="a" type="sliderThing" shape="round">
            <size>big</size>
            <label>One</label>
            <label>Two</label>
            <validation>zipcodes</validation>
            <mystery/>
          </item>
          <item name="d" type="dateField" required="maybe">
            <prefix>p</prefix>
            <posfix>q</posfix>
          </item>
          <item name="h" type="addressField"><country>Atlantis</country></item>
          <item name="s" type="textField"><action>SumItems:</action><actionArg>ABOUT::1</actionArg></item>
          <item name="m" type="textField"><onmissing><message>x</message><message>y</message></onmissing></item>
          <item name="q" type="label"><position>middle</position></item>
        </group></page></form>
        """
        let r = try found(xml)
        #expect(r == [
            "2:18 mmxml.unknown-type", "2:37 mmxml.unknown-attribute", "3:5 mmxml.invalid-value",
            "5:5 mmxml.repeated-tag", "6:17 mmxml.unknown-validation", "7:5 mmxml.unknown-tag",
            "11:5 mmxml.prefix-and-posfix", "13:47 mmxml.unknown-country",
            "14:61 mmxml.bad-action-arg", "15:66 mmxml.duplicate-message", "16:41 mmxml.invalid-value",
            // Requirement values are resolved once every item name is known (a list may name a later item).
            "9:35 mmxml.invalid-value",
        ])
    }

    @Test func relationshipWarnings() throws {
        let xml = """
        <form><page name="p"><group name="g">
          <item name="a" type="textField"/>
        </group></page>
        <relationship object="thing::a"/>
        <relationship><if/></relationship>
        <relationship object="group::g"><if><text>no</text></if></relationship>
        <relationship object="item::a"><if><evaluate>a * 2</evaluate></if></relationship>
        </form>
        """
        let r = try found(xml)
        #expect(r == [
            "4:15 mmxml.bad-object", "5:1 mmxml.bad-object", "6:37 mmxml.effect-not-allowed", "7:46 mmxml.unknown-evaluation",
        ])
    }

    @Test func textDecodingWarnings() throws {
        let xml = """
        <form><page name="p"><group name="g"><item name="a" type="label">
          <text encoding="base64">@@@</text>
          <label encoding="URLEncode">50%</label>
          <placeholder encoding="hex">41</placeholder>
          <detailLabel encoding="base64">6WzodmU=</detailLabel>
        </item></group></page></form>
        """
        let (form, ds) = try Support.read(xml)
        #expect(Support.summary(ds) == ["2:27 mmxml.bad-base64", "3:31 mmxml.bad-urlencode", "4:16 mmxml.unknown-encoding",
                                        "5:34 mmxml.text-not-utf8"])
        let f = try #require(form.field("a"))
        #expect(f.texts.body?.defaultText == "@@@")
        #expect(f.texts.label?.defaultText == "50%")
        #expect(f.texts.placeholder?.defaultText == "41")
        #expect(f.texts.detail?.defaultText == "élève")
    }

    @Test func entityWarnings() throws {
        let xml = """
        <?xml version="1.0"?>
        <!DOCTYPE form [
          <!ENTITY ext SYSTEM "file:///etc/passwd">
          <!ENTITY short "hello">
        ]>
        <form><page name="p"><group name="g"><item name="a" type="label"><text>x&short;y&ext;</text></item></group></page></form>
        """
        let (form, ds) = try Support.read(xml)
        #expect(Support.summary(ds) == ["3:3 mmxml.external-entity", "6:73 mmxml.entity-dropped", "6:81 mmxml.entity-dropped"])
        #expect(form.field("a")?.texts.body?.defaultText?.contains("root:") == false)
    }

    @Test func everyCatalogueIdIsDocumented() throws {
        let doc = try String(contentsOf: Support.root.appendingPathComponent("docs/mmxml.md"), encoding: .utf8)
        for entry in MMXMLDiagnostics.catalogue { #expect(doc.contains("`\(entry.id)`"), "\(entry.id)") }
    }
}
