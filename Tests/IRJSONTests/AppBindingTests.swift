import Foundation
import Testing
import FormConvTestSupport
import FormIR
import FormConvKit

/// What the app supplies at run time (`AppBinding`, docs/ir.md): read from RMSForm substitutions and
/// XLForm's `cellClass`, written back by those formats with the same meaning, carried by the IR
/// document, and reported by every other target as its own `app.*` loss naming the field.
@Suite struct AppBindingTests {
    static let descriptor = """
    [{"className": "RMSRedSection", "enabled": ":showAccount", "properties": {"headerTitle": ":accountTitle"}, "rows": [
      {"className": "RMSArrayPickerCell", "enabled": ":genderEnabled",
       "properties": {"representedObject": ":self", "keyPath": "gender", "labelText": "Gender", "choices": ":genders"}},
      {"className": "RMSButtonCell", "properties": {"labelText": ":saveLabel", "backgroundColor": ":redColor",
       "target": ":self", "selectorString": "save:"}}
    ]}]
    """

    static func json(_ bytes: [UInt8]) throws -> NSObject {
        try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) as! NSObject
    }

    @Test func rmsformReadsSubstitutionsAsAppBindings() throws {
        var d = Diagnostics()
        let form = try #require(Converter.read(InputDocument(name: "a.json", text: Self.descriptor), as: .rmsform, diagnostics: &d))
        let section = form.pages[0].sections[0]
        #expect(section.appBinding == AppBinding(label: ":accountTitle", enabled: ":showAccount", cellClass: "RMSRedSection"))
        #expect(section.fields[0].appBinding == AppBinding(options: ":genders", enabled: ":genderEnabled"))
        #expect(section.fields[1].appBinding == AppBinding(label: ":saveLabel", properties: ["backgroundColor": ":redColor"]))
        #expect(section.fields[1].extensions["rmsform.properties"] == nil)
    }

    /// RMSForm → RMSForm (JSON and plist) and RMSForm → IR → RMSForm give the same descriptor, compared as
    /// parsed by Foundation's JSON reader, with no loss.
    @Test(arguments: [FormatID.rmsformJSON, .ir]) func rmsformWritesThemBack(_ via: FormatID) throws {
        let input = InputDocument(name: "a.json", text: Self.descriptor)
        var bytes = try #require(Converter.convert(input, from: .rmsform, to: via).output)
        if via == .ir {
            let back = Converter.convert(InputDocument(name: "a.ir.json", bytes: bytes), from: .ir, to: .rmsformJSON)
            #expect(back.diagnostics.losses.isEmpty, "\(back.diagnostics.losses.map { $0.formatted() })")
            bytes = try #require(back.output)
        }
        #expect(try Self.json(bytes) == Self.json(Array(Self.descriptor.utf8)))
    }

    @Test func theIRDocumentCarriesThem() throws {
        let out = try #require(Converter.convert(InputDocument(name: "a.json", text: Self.descriptor), from: .rmsform, to: .ir).output)
        let doc = try #require(try Self.json(out) as? [String: Any])
        let section = try #require(((doc["pages"] as? [[String: Any]])?.first?["sections"] as? [[String: Any]])?.first)
        let fields = try #require(section["fields"] as? [[String: Any]])
        #expect(section["appBinding"] as? [String: String] == ["label": ":accountTitle", "enabled": ":showAccount", "cellClass": "RMSRedSection"])
        #expect(fields[0]["appBinding"] as? [String: String] == ["options": ":genders", "enabled": ":genderEnabled"])
        let save = try #require(fields[1]["appBinding"] as? [String: Any])
        #expect(save["label"] as? String == ":saveLabel")
        #expect(save["properties"] as? [String: String] == ["backgroundColor": ":redColor"])
    }

    /// Every target without the concept reports each part with its own id, naming the field first.
    @Test(arguments: [FormatID.jsonSchema, .surveyjs, .html, .mmxml, .xlform, .json])
    func otherTargetsReportEachPartNamingTheField(_ target: FormatID) throws {
        let result = Converter.convert(InputDocument(name: "a.json", text: Self.descriptor), from: .rmsform, to: target)
        let app = result.diagnostics.items.filter { $0.id.hasPrefix("loss.app.") }.map { "\($0.id) \($0.message)" }
        let t = target.rawValue
        let instead = target == .jsonSchema ? "writes a free text answer" : "writes the choice with no options to pick from"
        #expect(app.contains("loss.app.options gender: the options come from the app at run time (:genders); \(t) \(instead)"))
        #expect(app.contains("loss.app.enabled gender: whether it can be used is decided by the app at run time (:genderEnabled); \(t) always lets the person use it"))
        #expect(app.contains("loss.app.label button1: the label comes from the app at run time (:saveLabel); \(t) shows it without that label"))
        #expect(app.contains("loss.app.property button1: its backgroundColor comes from the app at run time (:redColor); \(t) leaves it as it is by default"))
        #expect(app.contains { $0.hasPrefix("loss.app.label group '1': the label comes from the app at run time (:accountTitle)") })
        #expect(app.contains("loss.app.cell-class group '1': the app draws it with its own class RMSRedSection; \(t) draws it the ordinary way"))
        #expect(!result.diagnostics.items.contains { $0.id == "loss.extension" && $0.message.contains("rmsform.enabled") })
    }

    static let xlform = """
    {"formSections": [{"formRows": [
      {"tag": "rating", "rowType": "text", "title": "Rating", "cellClass": "XLFormRatingCell"}
    ]}]}
    """

    @Test func xlformKeepsACellClassAndOthersReportIt() throws {
        let input = InputDocument(name: "r.xlform.json", text: Self.xlform)
        var d = Diagnostics()
        let form = try #require(Converter.read(input, as: .xlform, diagnostics: &d))
        #expect(form.allFields.map(\.appBinding) == [AppBinding(cellClass: "XLFormRatingCell")], "\(d.items)")
        let back = Converter.convert(input, from: .xlform, to: .xlform)
        #expect(back.diagnostics.losses.isEmpty, "\(back.diagnostics.losses.map { $0.formatted() })")
        let written = try #require(back.output)
        let doc = try Self.json(written) as? [String: Any]
        let row = try #require(((doc?["formSections"] as? [[String: Any]])?.first?["formRows"] as? [[String: Any]])?.first)
        #expect(row["cellClass"] as? String == "XLFormRatingCell")
        for target in [FormatID.jsonSchema, .rmsform] {
            let result = Converter.convert(input, from: .xlform, to: target)
            let lost = result.diagnostics.items.filter { $0.id == "loss.app.cell-class" }
            #expect(lost.map(\.subject) == ["rating"], "\(target): \(result.diagnostics.losses.map { $0.formatted() })")
            #expect(lost.first?.message.hasPrefix("rating: the app draws it with its own class XLFormRatingCell; \(target.rawValue)") == true)
        }
    }
}
