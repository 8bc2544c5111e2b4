import Emitters
import FormConvKit
import FormConvTestSupport
import FormIR
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// MM XML requirement lists (`required="homeNum|alternateNum"`, shared/specs/NOTES.md, "`required` is a
/// string") read into requirement groups and written back exactly as spelt, directly and through the
/// IR document; no example or shared corpus file loses a `required` value as an opaque attribute.
@Suite struct RequirementListTests {
    static func form(_ a: String, _ b: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <form name="contact" formPrefix="CONT"><page name="p"><group name="g">
        <item name="homeNum" type="textField" required="\(a)"/>
        <item name="alternateNum" type="textField" required="\(b)"/>
        <item name="email" type="textField" required="YES"/>
        <item name="note" type="textField" required="NO"/>
        </group></page></form>
        """
    }

    /// The `required` attribute of each item, as the output writes it (read by Foundation's XML parser).
    static func requiredAttributes(_ xml: String) throws -> [String: String] {
        final class Collector: NSObject, XMLParserDelegate {
            var out: [String: String] = [:]
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                        attributes: [String: String] = [:]) {
                if name == "item", let n = attributes["name"], let r = attributes["required"] { out[n] = r }
            }
        }
        let parser = XMLParser(data: Data(xml.utf8))
        let c = Collector()
        parser.delegate = c
        #expect(parser.parse())
        return c.out
    }

    static let spellings: [(String, String)] = [
        ("homeNum|alternateNum", "homeNum|alternateNum"), ("homeNum||alternateNum", "alternateNum || homeNum"),
        (" homeNum | alternateNum", "homeNum||alternateNum"),
    ]

    @Test(arguments: 0..<spellings.count)
    func mmxmlToMMXMLKeepsTheListAsSpelt(_ i: Int) throws {
        let (a, b) = Self.spellings[i]
        let (form, _) = try Support.read(Self.form(a, b))
        #expect(Set(form.requirementGroups.map { Set($0.fields) }) == [["homeNum", "alternateNum"]])
        #expect(!(form.field("homeNum")?.validation.required ?? true), "the group, not plain required, says it")
        let (xml, d) = try Support.emit(form)
        #expect(try Self.requiredAttributes(xml) == ["homeNum": a, "alternateNum": b, "email": "YES"])
        #expect(!d.contains { $0.id.hasPrefix("loss.validation") })
    }

    @Test(arguments: 0..<spellings.count)
    func mmxmlToIRToMMXMLKeepsTheListAsSpelt(_ i: Int) throws {
        let (a, b) = Self.spellings[i]
        let ir = Converter.convert(InputDocument(name: "t.xml", text: Self.form(a, b)), from: .mmxml, to: .ir)
        let irBytes = try #require(ir.output)
        let back = Converter.convert(InputDocument(name: "t.ir.json", bytes: irBytes), from: .ir, to: .mmxml)
        let xml = String(decoding: try #require(back.output), as: UTF8.self)
        #expect(try Self.requiredAttributes(xml) == ["homeNum": a, "alternateNum": b, "email": "YES"])
        #expect(back.form?.requirementGroups == ir.form?.requirementGroups)
    }

    @Test func aGroupWithoutSpellingIsWrittenWithBars() throws {
        var form = Form(pages: [Page(sections: [Section(id: "g", fields: [Field(id: "a", kind: .text), Field(id: "b", kind: .text)])])])
        form.requirementGroups = [RequirementGroup(fields: ["a", "b"])]
        let (xml, _) = try Support.emit(form)
        #expect(try Self.requiredAttributes(xml) == ["a": "a|b", "b": "a|b"])
    }

    @Test func aWordThatIsNoListIsReadAsRequiredAndWrittenBack() throws {
        let (form, d) = try Support.read(Self.form("maybe", "NO"))
        #expect(form.requirementGroups.map(\.fields) == [["homeNum"]])
        #expect(d.contains { $0.id == "mmxml.invalid-value" && $0.location?.line == 3 })
        let (xml, _) = try Support.emit(form)
        #expect(try Self.requiredAttributes(xml)["homeNum"] == "maybe")
    }

    /// Every MM XML file of examples/ and the shared corpus, converted to every target: no diagnostic
    /// says a `required` value has no place (it was kept as an opaque `mmxml.attributes` entry).
    @Test func noRequiredValueIsLeftAsAnOpaqueAttribute() throws {
        var files: [URL] = []
        for dir in [TestPaths.examples, TestPaths.shared.appendingPathComponent("corpus")] {
            let e = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil)
            while let u = e?.nextObject() as? URL {
                if u.pathExtension == "xml", !u.lastPathComponent.contains(".shinobi.") { files.append(u) }
            }
        }
        #expect(!files.isEmpty)
        for url in files {
            let input = InputDocument(name: url.lastPathComponent, bytes: Array(try Data(contentsOf: url)))
            for target in FormatID.allCases where FormatRegistry.emitter(for: target) != nil {
                let r = Converter.convert(input, from: .mmxml, to: target)
                let bad = r.diagnostics.items.filter { $0.message.contains("mmxml.attributes") && $0.message.contains("required") }
                #expect(bad.isEmpty, "\(url.lastPathComponent) → \(target): \(bad.map { $0.formatted() })")
                let form = try #require(r.form)
                let kept = form.allFields.flatMap { $0.extensions["mmxml.attributes"]?.arrayValue ?? [] }
                #expect(!kept.contains { $0.arrayValue?.first == .string("required") }, "\(url.lastPathComponent)")
            }
        }
    }
}
