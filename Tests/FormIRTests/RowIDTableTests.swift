import Testing
import FormIR

/// The id table of `RowSchemaStates`: first ordinals by id, grown past its first size, and the
/// canonical equivalence Swift's `String` equality has for non-ASCII ids.
@Suite struct RowIDTableTests {
    @Test func firstOrdinalsAcrossGrowth() {
        var table = RowIDTable(capacity: 2)
        for i in 0..<500 { #expect(table.ordinal(of: "item\(i)", next: i) == i) }
        for i in 0..<500 { #expect(table.ordinal(of: "item\(i)", next: 1000 + i) == i) }
        #expect(table.ordinal(of: "item499") == 499)
        #expect(table.ordinal(of: "item500") == nil)
        #expect(table.ordinal(of: "") == nil)
        #expect(table.ordinal(of: "", next: 7) == 7)
        #expect(table.ordinal(of: "") == 7)
    }

    /// KELVIN SIGN equals `K` as a Swift string though their bytes differ: the table agrees with a
    /// dictionary, whichever is recorded first.
    @Test func canonicallyEquivalentIDs() {
        let kelvin = "\u{212A}"
        #expect(kelvin == "K")
        var ascii = RowIDTable(capacity: 4)
        #expect(ascii.ordinal(of: "K", next: 0) == 0)
        #expect(ascii.ordinal(of: kelvin) == 0)  // looked up in a table of ASCII ids
        #expect(ascii.ordinal(of: kelvin, next: 1) == 0)
        #expect(ascii.ordinal(of: "K") == 0)
        var other = RowIDTable(capacity: 4)
        #expect(other.ordinal(of: kelvin, next: 0) == 0)
        #expect(other.ordinal(of: "K", next: 1) == 0)
        #expect(other.ordinal(of: "e\u{301}", next: 2) == 2)
        #expect(other.ordinal(of: "\u{E9}", next: 3) == 2)
        #expect(other.ordinal(of: "x", next: 4) == 4)
        #expect(other.ordinal(of: "x") == 4)
    }
}
