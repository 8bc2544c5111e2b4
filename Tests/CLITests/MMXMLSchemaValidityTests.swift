import Foundation
import Testing
import FormIR
import FormConvKit
import FormConvTestSupport

/// MM XML out is valid against the language's XML schema (issue 35): every input of the read-back
/// matrix (examples, every test fixture of every readable format, the shared corpus) written as MM XML
/// validates against Tests/MMXMLTests/Fixtures/schema/mmxml-form.xsd, an XSD 1.1 schema written from
/// NOTES.md's facts about the language's schema, checked by an independent XSD 1.1 processor (python
/// `xmlschema`'s XMLSchema11). `--keep-legacy` output keeps what the schema rejects, and says so.
@Suite(.enabled(if: (try? Subprocess.python("import xmlschema")) != nil, "needs python3 with xmlschema (scripts/test installs it)"))
struct MMXMLSchemaValidityTests {
    static let schema = TestPaths.repo.appendingPathComponent("Tests/MMXMLTests/Fixtures/schema/mmxml-form.xsd")

    /// Validates each file in `directory`; prints `name: first error` for each invalid one.
    static let validator = """
    import sys, os, xmlschema
    s = xmlschema.XMLSchema11(sys.argv[1])
    d = sys.argv[2]
    for n in sorted(os.listdir(d)):
        errs = list(s.iter_errors(os.path.join(d, n)))
        if errs:
            print(n + ": " + str(len(errs)) + " error(s), first: " + errs[0].reason + " at " + str(errs[0].path))
        else:
            print(n + ": valid")
    """

    /// Writes `outputs` into a fresh directory and validates them; the validator's line per file.
    static func validate(_ outputs: [(name: String, bytes: [UInt8])]) throws -> [String: String] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mmxml-xsd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for o in outputs { try Data(o.bytes).write(to: dir.appendingPathComponent(o.name)) }
        let out = try Subprocess.python(validator, [schema.path, dir.path])
        var result: [String: String] = [:]
        for line in out.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            result[String(line[..<colon])] = String(line[line.index(colon, offsetBy: 2)...])
        }
        return result
    }

    @Test func theSchemaRejectsWhatTheLanguageForbids() throws {
        let valid = """
        <form formPrefix="ABC"><requireditemcolor>#FFDAB9</requireditemcolor><optionalitemcolor>blue</optionalitemcolor>\
        <leftFormMargin>20</leftFormMargin><rightFormMargin>20</rightFormMargin><pageWidth>678</pageWidth>\
        <page name="p"><group name="g"><item name="a" type="textField"><label>A</label></item></group></page></form>
        """
        let cases: [(String, String)] = [
            ("valid.xml", valid),
            ("language.xml", valid.replacingOccurrences(of: "<label>", with: "<label language=\"EN_US\">")),
            ("repeated.xml", valid.replacingOccurrences(of: "<label>A</label>", with: "<label>A</label><label>B</label>")),
            ("prefix.xml", valid.replacingOccurrences(of: "ABC", with: "Too long")),
            ("noprefix.xml", valid.replacingOccurrences(of: " formPrefix=\"ABC\"", with: "")),
            ("nocolor.xml", valid.replacingOccurrences(of: "<requireditemcolor>#FFDAB9</requireditemcolor>", with: "")),
            ("type.xml", valid.replacingOccurrences(of: "textField", with: "starRating")),
            ("pagename.xml", valid.replacingOccurrences(of: "<page name=\"p\">", with: "<page>")),
            ("duplicate.xml", valid.replacingOccurrences(of: "name=\"g\"", with: "name=\"a\"")),
            ("formname.xml", valid.replacingOccurrences(of: "<form ", with: "<form name=\"x\" ")),
        ]
        let result = try Self.validate(cases.map { ($0.0, Array($0.1.utf8)) })
        #expect(result["valid.xml"] == "valid")
        for (name, _) in cases.dropFirst() {
            #expect(result[name]?.hasPrefix("valid") == false, "\(name) should be rejected: \(result[name] ?? "no result")")
        }
    }

    @Test func everyMMXMLOutputOfTheMatrixIsSchemaValid() throws {
        var outputs: [(name: String, bytes: [UInt8])] = []
        var sources: [String: String] = [:]
        for (i, input) in ReadBackMatrixTests.inputs.enumerated() {
            let r = Converter.convert(input.document, from: input.format, to: .mmxml)
            guard let bytes = r.output else {
                Issue.record("\(input.path) → mmxml: no output")
                continue
            }
            let name = "\(i).xml"
            outputs.append((name, bytes))
            sources[name] = input.path
        }
        #expect(outputs.count >= 100)
        #expect(Set(ReadBackMatrixTests.inputs.map(\.format)).count >= 7)
        let result = try Self.validate(outputs)
        for (name, path) in sources.sorted(by: { $0.value < $1.value }) {
            #expect(result[name] == "valid", "\(path) → mmxml: \(result[name] ?? "not validated")")
        }
    }

    @Test func keepLegacyKeepsWhatTheSchemaRejectsAndSaysSo() throws {
        let xml = """
        <form name="legacy" formPrefix="Legacy form"><page name="p"><group name="g">
        <item name="a" type="textField"><label language="EN_US">Name</label><label language="FR_FR">Nom</label></item>
        </group></page></form>
        """
        let doc = InputDocument(name: "legacy.xml", bytes: Array(xml.utf8))
        let strict = Converter.convert(doc, from: .mmxml, to: .mmxml)
        let legacy = Converter.convert(doc, from: .mmxml, to: .mmxml,
                                       formatOptions: FormatRegistry.FormatOptions(keepLegacy: true))
        let result = try Self.validate([("strict.xml", strict.output ?? []), ("legacy.xml", legacy.output ?? [])])
        #expect(result["strict.xml"] == "valid")
        #expect(result["legacy.xml"]?.hasPrefix("valid") == false)
        let strictText = String(decoding: strict.output ?? [], as: UTF8.self)
        #expect(!strictText.contains("Nom") && strictText.contains("Name"))
        #expect(String(decoding: legacy.output ?? [], as: UTF8.self).contains("language=\"FR_FR\">Nom"))
        // Every drop is said: the French label, the languages, the form name, the shortened prefix.
        let said = strict.diagnostics.items.map { "\($0.id) \($0.message)" }
        #expect(said.contains { $0.hasPrefix("loss.text.localization a:") && $0.contains("FR_FR") })
        #expect(said.contains { $0.hasPrefix("mmxml.legacy-dropped form-level:") })
        #expect(said.contains { $0.hasPrefix("mmxml.not-in-schema form-level:") && $0.contains("name=\"legacy\"") })
        #expect(said.contains { $0.hasPrefix("loss.form.title form-level:") && $0.contains("\"Legac\"") })
        #expect(legacy.diagnostics.items.contains { $0.id == "mmxml.not-schema-valid" })
        #expect(!strict.diagnostics.items.contains { $0.id == "mmxml.not-schema-valid" })
    }

    @Test func aFormFromAnotherFormatGetsWhatTheSchemaRequiresEachReported() throws {
        let json = #"{"title": "Expense report", "sections": [{"rows": [{"tag": "amount", "type": "number", "title": "Amount"}]}]}"#
        let r = Converter.convert(InputDocument(name: "x.json", bytes: Array(json.utf8)), from: .json, to: .mmxml)
        let text = String(decoding: r.output ?? [], as: UTF8.self)
        #expect(text.contains("formPrefix=\"Expen\""))
        for element in ["requireditemcolor", "optionalitemcolor", "leftFormMargin", "rightFormMargin", "pageWidth"] {
            #expect(text.contains("<\(element)>"))
            #expect(r.diagnostics.items.contains { $0.id.hasPrefix("mmxml.generated-") && $0.message.contains("<\(element)>") })
        }
        #expect(r.diagnostics.items.contains { $0.id == "mmxml.generated" && $0.message.contains("group") })
        #expect(try Self.validate([("x.xml", r.output ?? [])])["x.xml"] == "valid")
    }
}
