import Foundation
import Testing
import FormIR
import Readers

/// Version 1 documents kept an XLForm row's `cellClass` as the extension `xlform.cellClass`; version 2
/// has it as `appBinding.cellClass` (docs/ir.md, AppBinding), as the XLForm reader reads it today.
/// A version 1 document reads with the class lifted, so targets report it as `app.cell-class`.
@Suite struct Version1CellClassTests {
    /// `Fixtures/v1/all-types.ir.json` with `xlform.cellClass` set on its first field, as version 1
    /// wrote an XLForm row's class (`{"string": {"_0": …}}`, the synthesized `Codable` of `Value`).
    static func document(cellClass: String) throws -> [UInt8] {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/v1/all-types.ir.json", withExtension: nil))
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var form = try #require(json["form"] as? [String: Any])
        var pages = try #require(form["pages"] as? [[String: Any]])
        var sections = try #require(pages[0]["sections"] as? [[String: Any]])
        var fields = try #require(sections[0]["fields"] as? [[String: Any]])
        var ext = fields[0]["extensions"] as? [String: Any] ?? [:]
        ext["xlform.cellClass"] = ["string": ["_0": cellClass]]
        fields[0]["extensions"] = ext
        sections[0]["fields"] = fields
        pages[0]["sections"] = sections
        form["pages"] = pages
        json["form"] = form
        return Array(try JSONSerialization.data(withJSONObject: json))
    }

    @Test func anXLFormCellClassIsLiftedIntoTheAppBinding() throws {
        let form = try IRReader.decode(try Self.document(cellClass: "MyRatingCell"), name: "old.ir.json")
        let field = try #require(form.allFields.first)
        #expect(field.appBinding.cellClass == "MyRatingCell")
        #expect(field.extensions["xlform.cellClass"] == nil)
        // The other fields are as the fixture has them.
        #expect(form.allFields.dropFirst().allSatisfy { $0.appBinding.cellClass == nil })
    }
}
