import Foundation
import Testing
import FormIR
import Emitters

/// The emitter on IR built in code: layout, losses, and forms that come from other formats.
@Suite struct MMXMLEmitterTests {
    private func form(_ fields: [Field], rules: [Rule] = [], section: Section? = nil) -> Form {
        var s = section ?? Section(id: "g")
        s.fields = fields
        return Form(id: "f", pages: [Page(id: "p", sections: [s])], rules: rules)
    }

    private func losses(_ ds: [Diagnostic]) -> [String] { ds.compactMap { $0.loss?.feature }.sorted() }

    @Test func layoutIsStableAndIndented() throws {
        var name = Field(id: "name", kind: .text)
        name.validation.required = true
        name.texts.label = LocalizedText("Name")
        let rule = Rule(condition: .compare(.field(FieldReference("name")), .notEqual, .literal(.string(""))),
                        target: .field("name"), then: [.show], otherwise: [.hide])
        let (xml, ds) = try Support.emit(form([name], rules: [rule]))
        // What the language's schema requires of every form is generated, each said in a note naming
        // what was generated: the title prefix, the two colours, the page geometry.
        #expect(ds.map(\.id) == ["mmxml.generated-title", "mmxml.not-in-schema", "mmxml.generated-color",
                                 "mmxml.generated-color", "mmxml.generated-layout"])
        #expect(xml == """
            <?xml version="1.0" encoding="UTF-8"?>
            <form formPrefix="f">
              <requireditemcolor>#FFDAB9</requireditemcolor>
              <optionalitemcolor>blue</optionalitemcolor>
              <leftFormMargin>20</leftFormMargin>
              <rightFormMargin>20</rightFormMargin>
              <pageWidth>678</pageWidth>
              <page name="p">
                <group name="g">
                  <item name="name" type="textField" required="YES">
                    <label>Name</label>
                  </item>
                </group>
              </page>
              <relationships>
                <relationship object="item::name">
                  <condition>name != ""</condition>
                  <if>
                    <show>YES</show>
                  </if>
                  <else>
                    <hide>YES</hide>
                  </else>
                </relationship>
              </relationships>
            </form>

            """)
    }

    @Test func kindsWithoutAnMMTypeAreLosses() throws {
        let fields = [Field(id: "t", kind: .time), Field(id: "s", kind: .slider), Field(id: "u", kind: .url),
                      Field(id: "b", kind: .button)]
        let (xml, ds) = try Support.emit(form(fields))
        // The time, written as a dateField, is also submitted as day, month and year keys instead of one
        // ISO 8601 value: a second loss (found by formconv diff's migration sign-off).
        #expect(losses(ds) == ["kind.button", "kind.slider", "kind.time", "kind.url", "submission.date-encoding"])
        #expect(xml.contains("<item name=\"t\" type=\"dateField\"/>"))
        #expect(xml.contains("<item name=\"b\" type=\"infoButton\"/>"))
    }

    @Test func conditionsMMCannotSayAreLosses() throws {
        let a = Field(id: "a", kind: .integer)
        let rule = Rule(condition: .compare(.field(FieldReference("a")), .lessOrEqual, .literal(.number(3))),
                        source: ConditionSource(dialect: .rowPredicate, text: "$a <= 3"), target: .field("a"), then: [.hide])
        let (xml, ds) = try Support.emit(form([a], rules: [rule]))
        #expect(losses(ds) == ["condition"])
        #expect(ds.first { $0.loss?.feature == "condition" }?.message.contains("$a <= 3") == true)
        #expect(!xml.contains("<relationship "))
    }

    @Test func foreignKindsReadBackAsTheSameKind() throws {
        let fields = [Field(id: "e", kind: .email), Field(id: "i", kind: .integer), Field(id: "pw", kind: .password),
                      Field(id: "c", kind: .multipleChoice, presentation: .radio,
                            options: [Option(value: .string("x"), label: "X"), Option(value: .int(2))])]
        let (xml, _) = try Support.emit(form(fields))
        let (back, ds) = try Support.read(xml)
        #expect(ds.isEmpty)
        #expect(back.allFields.map(\.kind) == [.email, .integer, .password, .multipleChoice])
        #expect(back.field("c")?.options.map(\.value) == [.string("x"), .string("2")])
    }

    @Test func genericAndSpecificLosses() throws {
        var f = Field(id: "a", kind: .text)
        f.validation.patterns = [PatternRule(regex: "a"), PatternRule(regex: "b")]
        f.style.detailTextColor = "red"
        f.formatting.currencyStyle = "iso"
        f.actions = [.openURL("https://example.com")]
        f.validation.comparisons = [FieldComparison(otherField: "b", relation: .greaterThan)]
        var s = Section(id: "g", footer: "Footer")
        s.title = LocalizedText([.init(locale: "EN_US", text: "Title"), .init(locale: "FR_CA", text: "Titre")])
        let (_, ds) = try Support.emit(form([f], rules: [Rule(condition: nil, target: .form, then: [.disable])], section: s))
        #expect(losses(ds) == ["action.open-url", "formatting", "relationship.target", "structure.section-footer",
                               "style.colors", "text.localization", "validation.comparison", "validation.pattern"])
        #expect(ds.filter { $0.severity != .note }.allSatisfy { $0.loss?.target == "mmxml" })
    }

    @Test func unnamedGroupsAndPagesGetGeneratedNamesUnlessKeepLegacy() throws {
        let form = Form(pages: [Page(sections: [Section(fields: [Field(id: "a", kind: .label)])])])
        let (xml, ds) = try Support.emit(form)
        #expect(xml.contains("<page name=\"page1\">") && xml.contains("<group name=\"group1\">"))
        #expect(ds.filter { $0.id == "mmxml.generated" && $0.message.contains("is generated") }.count == 2) // page, group
        #expect(ds.contains { $0.id == "mmxml.generated-title" && $0.message.contains("formPrefix=\"FORM\"") })
        let (legacy, _) = try Support.emit(form, keepLegacy: true)
        #expect(legacy.contains("<page>") && legacy.contains("<group>"))
        let (back, _) = try Support.read(legacy)
        #expect(back.pages.first?.id == nil && back.pages.first?.sections.first?.id == nil)
    }

    @Test func textsThatNeedItAreBase64() throws {
        var f = Field(id: "a", kind: .label)
        f.texts.body = LocalizedText([.init(locale: "FR_CA", text: "Déjà"), .init(locale: "EN_US", text: " padded ")])
        let (xml, _) = try Support.emit(form([f]), keepLegacy: true)
        #expect(xml.contains("<text language=\"FR_CA\" encoding=\"base64\">RMOpasOg</text>"))
        let (back, _) = try Support.read(xml)
        #expect(back.field("a")?.texts.body == f.texts.body)
        // Schema-valid: one language, no language attribute, the other translation a loss naming the item.
        let (valid, ds) = try Support.emit(form([f]))
        #expect(valid.contains("<text encoding=\"base64\">RMOpasOg</text>") && !valid.contains("language="))
        #expect(ds.contains { $0.id == "loss.text.localization" && $0.message.hasPrefix("a: ") && $0.message.contains("EN_US") })
    }

    @Test func duplicateNamesFromOtherFormatsAreWarned() throws {
        let (_, ds) = try Support.emit(form([Field(id: "g", kind: .text), Field(id: "a", kind: .text), Field(id: "a", kind: .label)]))
        #expect(ds.map(\.id).filter { $0 == "mmxml.duplicate-name" }.count == 2)
        #expect(ds.first?.message.contains("names a group and an item") == true)
    }

    @Test func propertyNamesThatAreNotTagsAreLosses() throws {
        let rule = Rule(condition: nil, target: .field("a"), then: [.setProperty(name: "text color", value: .string("red")),
                                                                     .setProperty(name: "textColor", value: .string("red"))])
        let (xml, ds) = try Support.emit(form([Field(id: "a", kind: .text)], rules: [rule]))
        #expect(losses(ds) == ["relationship.set-property"])
        #expect(xml.contains("<textColor>red</textColor>"))
    }

    @Test func declaresWhatItWrites() {
        let e = MMXMLEmitter()
        #expect(e.formatID == "mmxml")
        #expect(e.supportedFeatures.contains(.ruleEvaluate))
        #expect(!e.supportedFeatures.contains(.sectionFooter))
    }
}
