import Foundation
import Testing
import FormConvTestSupport
import FormIR
import Readers
import Emitters

/// Version 1 documents, as formconv wrote them before version 2, still read: each fixture under
/// `Fixtures/v1/` is the version 1 IR of a source elsewhere in the repository, and reads as the same
/// form, with the same locations, as the source does today.
@Suite struct Version1Tests {
    struct Case: CustomStringConvertible, Sendable {
        let fixture: String
        let source: String
        var description: String { fixture }
    }

    static let cases = [
        Case(fixture: "all-types.ir.json", source: "Tests/MMXMLTests/Fixtures/all-types.xml"),
        Case(fixture: "expense-report.rows.ir.json", source: "Tests/RowSchemaTests/Fixtures/json/expense-report.rows.json"),
        Case(fixture: "RMSProfileViewController.plist.ir.json", source: "Tests/RMSFormTests/Fixtures/corpus/RMSProfileViewController.plist"),
        Case(fixture: "payment.shinobi.ir.json", source: "examples/payment.shinobi.xml"),
    ]

    static func fixture(_ name: String) throws -> [UInt8] {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/v1/\(name)", withExtension: nil))
        return Array(try Data(contentsOf: url))
    }

    @Test(arguments: cases)
    func readsAsItsSourceReads(_ c: Case) throws {
        let v1 = try Self.fixture(c.fixture)
        #expect(String(decoding: v1.prefix(40), as: UTF8.self).contains("\"form\" : {"), "not a version 1 document")
        let form = try IRReader.decode(v1, name: c.fixture)
        let url = TestPaths.repo.appendingPathComponent(c.source)
        // The fixtures were written from the source read under its bare file name.
        let source = try #require(Inputs.read(url, name: url.lastPathComponent)?.form)
        #expect(form == source)
        #expect(Locations.all(in: form) == Locations.all(in: source))
        #expect(IREmitter.encode(form) == IREmitter.encode(source), "version 1 → version 2 differs from source → version 2")
    }

    @Test func nonFiniteNumbersRead() throws {
        let v1 = #"""
        {"formconv-ir": 1, "form": {"pages": [{"sections": [{"fields": [
          {"id": "a", "kind": "decimal", "defaultValue": {"array": {"_0": [{"double": {"_0": "+infinity"}},
                                                                         {"double": {"_0": "nan"}}, {"string": {"_0": "nan"}}]}},
           "options": [], "allowsMultiple": false, "validation": {"required": false, "patterns": [], "named": [],
           "predicates": [], "comparisons": []}, "isHidden": false, "isDisabled": false, "layout": {"size": "-infinity"},
           "style": {"platformColors": {}}, "formatting": {"formatters": []}, "actions": [],
           "submission": {"skip": false, "force": false, "overrides": []}, "extensions": {}, "texts": {}}],
          "isHidden": false, "style": {"platformColors": {}}, "extensions": {}}],
          "isHidden": false, "isImplicit": true, "extensions": {}}],
          "rules": [], "validationGroups": [], "isDisabled": false, "layout": {}, "extensions": {}}}
        """#
        let form = try IRReader.decode(Array(v1.utf8), name: "x.ir.json")
        let field = try #require(form.allFields.first)
        guard case .array(let items)? = field.defaultValue, items.count == 3 else { Issue.record("array lost"); return }
        #expect(items[0] == .double(.infinity))
        #expect(items[1].doubleValue?.isNaN == true)
        #expect(items[2] == .string("nan"))
        #expect(field.layout.size == -.infinity)
        #expect(Inputs.text(form).contains(#""defaultValue": [{"double": "+infinity"}, {"double": "nan"}, "nan"]"#))
    }

    /// A version 1 document still needs every key version 1 required, and its errors read as before.
    @Test func version1KeepsItsRules() {
        let bytes = Array(#"{"formconv-ir": 1, "form": {"id": "x"}}"#.utf8)
        #expect(throws: ReadFailure.self) { try IRReader.decode(bytes, name: "bad.ir.json") }
        var d = Diagnostics()
        do {
            _ = try IRReader().read(InputDocument(name: "bad.ir.json", bytes: bytes), diagnostics: &d)
        } catch let failure as ReadFailure {
            #expect(failure.diagnostic.formatted() == "bad.ir.json:1:28: error: missing key 'pages' at /form [ir.invalid]")
        } catch {
            Issue.record("\(error)")
        }
    }
}
