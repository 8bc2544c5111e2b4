import Emitters
import FormConvTestSupport
import FormIR
import Foundation
import Testing

/// What the preview cannot show is reported like every emitter's losses (`loss.<feature>` with the
/// input's position) and listed, with the same positions, in the page's loss panel.
@Suite struct HTMLPreviewLossTests {
    static let form: Form = {
        let at = HTMLHarness.at
        let fields = [
            Field(id: "logo", kind: .image, defaultValue: .string("logo_zip.png"), location: at(3)),
            Field(id: "name", kind: .text, layout: Layout(position: "upper_left"), location: at(4)),
            Field(id: "total", kind: .text, location: at(5)),
            Field(id: "code", kind: .text, location: at(6)),
        ]
        let rules = [
            Rule(condition: nil, target: .field("total"), then: [.evaluate(.raw("a*b"))], location: at(10)),
            Rule(condition: nil, target: .field("name"), then: [.setProperty(name: "fontColor", value: .string("red"))], location: at(11)),
            Rule(condition: .compare(.field(FieldReference("code")), .matches, .literal(.string("a++"))),
                 target: .field("total"), then: [.hide], location: at(12)),
        ]
        return Form(pages: [Page(sections: [Section(fields: fields)])], rules: rules)
    }()

    @Test func lossesAreDiagnosticsWithPositions() throws {
        let d = try HTMLHarness.emit(Self.form).diagnostics
        let ids = Set(d.losses.map(\.id))
        #expect(ids.isSuperset(of: ["loss.field.image-file", "loss.layout.position", "loss.relationship.evaluate",
                                    "loss.relationship.set-property", "loss.condition"]), "\(ids)")
        #expect(d.losses.allSatisfy { $0.loss?.target == "html" && $0.location?.file == "form.xml" })
        #expect(d.losses.first { $0.id == "loss.field.image-file" }?.location?.line == 3)
        #expect(d.losses.first { $0.id == "loss.relationship.evaluate" }?.location?.line == 10)
    }

    @Test func thePanelListsEveryLossWithItsPosition() throws {
        let (html, d) = try HTMLHarness.emit(Self.form)
        let page = try PageOutline(html: html)
        #expect(page.lossItems.count == d.losses.count)
        for (item, loss) in zip(page.lossItems, d.losses) {
            #expect(item.contains(loss.location!.description) && item.contains(loss.message) && item.contains(loss.id))
        }
    }

    @Test func aConditionThePageCannotRunNeverHolds() throws {
        let page = try PageOutline(html: try HTMLHarness.emit(Self.form).html)
        let data = try JSONSerialization.jsonObject(with: Data(page.scripts[0].utf8)) as? [String: Any]
        let rules = try #require(data?["rules"] as? [[String: Any]])
        #expect(rules[2]["never"] as? Bool == true, "MATCHES a++ (possessive) has no JavaScript form")
        #expect((rules[1]["then"] as? [Any])?.isEmpty == true, "an unknown property is not set")
    }

    @Test func aFormWithoutLossesSaysSo() throws {
        let form = Form(pages: [Page(sections: [Section(fields: [Field(id: "a", kind: .text, texts: FieldTexts(label: "A"))])])])
        let (html, d) = try HTMLHarness.emit(form)
        #expect(d.losses.isEmpty)
        #expect(try PageOutline(html: html).text.contains("Everything in the input is shown."))
    }

    @Test func anEmptyFormIsStillAPage() throws {
        let page = try PageOutline(html: try HTMLHarness.emit(Form()).html)
        #expect(page.fields.isEmpty && page.scripts.count == 3)
    }

    @Test func oddLocalesStillMakeAPage() throws {
        for locale in ["_", "-", "", "en_", "ü_x y"] {
            var form = Form(defaultLocale: locale, pages: [Page(sections: [Section(fields: [Field(id: "a", kind: .text)])])])
            form.title = LocalizedText("T", locale: locale)
            #expect(try PageOutline(html: try HTMLHarness.emit(form).html).fields == ["a"], "locale '\(locale)'")
        }
    }

    @Test func severalLanguagesGetASwitch() throws {
        var label = LocalizedText("Name", locale: "EN_US")
        label.set("Nom", locale: "FR_CA")
        let two = Form(pages: [Page(sections: [Section(fields: [Field(id: "a", kind: .text, texts: FieldTexts(label: label))])])])
        #expect(try PageOutline(html: try HTMLHarness.emit(two).html).languages == ["EN_US", "FR_CA"])
        #expect(try PageOutline(html: try HTMLHarness.emit(HTMLPreviewStructureTests.form).html).languages.isEmpty)
    }
}
