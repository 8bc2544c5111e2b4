import Testing
import FormIR
@testable import MMXML

/// The item a diagnostic names (its path and the `item '…'` of its message) is the item as declared:
/// a renamed duplicate by its new name, a name with white space around it by its trimmed name. The
/// readers pass the item along as numbers (`ReadSession.ItemContext`), its name looked up only for a
/// diagnostic.
@Suite struct MMXMLItemContextPathTests {
    @Test func diagnosticsNameTheDeclaredItem() throws {
        let xml = Support.doc("""
                <item name="a" type="textField"><maxlength>x</maxlength></item>
                <item name="a" type="textField"><maxlength>y</maxlength><position>nowhere</position></item>
                <item name=" b " type="textField" password="YES"><maxlength>z</maxlength></item>
                <item name="c" type="label" multiple="YES"><action>SumItems</action></item>
        """)
        let (form, ds) = try Support.read(xml)
        let ids = form.pages[0].sections[0].fields.map(\.id)
        try #require(ids.count == 4)
        #expect(ids[0] == "a" && ids[1] != "a" && ids[2] == "b" && ids[3] == "c")
        let section = "/pages/0/sections/0/fields/"
        let invalid = ds.filter { $0.id == "mmxml.invalid-value" }
        #expect(invalid.map(\.path) == [section + ids[0], section + ids[1], section + ids[1], section + ids[2]])
        try #require(invalid.count == 4)
        #expect(invalid[0].message.contains("of item 'a'"))
        #expect(invalid[1].message.contains("of item '\(ids[1])'") && invalid[2].message.contains("of item '\(ids[1])'"))
        #expect(invalid[3].message.contains("of item 'b'"))
        // Attribute and action diagnostics name the item the same way.
        let unused = ds.filter { $0.message.contains("multiple") }
        #expect(unused.count == 1 && unused.first?.path == section + "c")
        let action = ds.filter { $0.id == "mmxml.bad-action-arg" }
        #expect(action.count == 1 && action.first?.path == section + "c" && action.first?.message.contains("item 'c'") == true)
        // The trimmed name is reported once, on the item whose name has white space around it.
        let trimmed = ds.filter { $0.id == "mmxml.name-trimmed" }
        #expect(trimmed.count == 1 && trimmed.first?.message.contains("item name ' b '") == true)
        #expect(trimmed.first?.path == "/pages/0/sections/0")
    }
}
