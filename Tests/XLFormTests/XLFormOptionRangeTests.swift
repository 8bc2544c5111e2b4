import Foundation
import Testing
import FormIR
import FormConvKit
import Emitters

/// Generated option ranges (MM valuePicker `<options>1900-2010</options>`) in XLForm: listed value by
/// value up to `OptionRange.listingLimit`, reported as a loss beyond (found by fuzzing: a 6 KB MM
/// XML form with `9-2101200` became 43 MB of XLForm, and `1-2000000000` would not have finished).
@Suite struct XLFormOptionRangeTests {
    func rows(_ range: OptionRange, _ d: inout Diagnostics) throws -> [[String: Any]] {
        // A picker wheel (XLForm's own selectorPickerView): a drop-down would add its presentation loss.
        let field = Field(id: "year", kind: .singleChoice, presentation: .picker, optionRange: range)
        let form = Form(pages: [Page(sections: [Section(fields: [field])], isImplicit: true)])
        let bytes = try Support.emit(form, as: .xlform, diagnostics: &d)
        let json = try JSONSerialization.jsonObject(with: Data(bytes)) as! [String: Any]
        return (json["formSections"] as! [[String: Any]])[0]["formRows"] as! [[String: Any]]
    }

    @Test func smallRangesAreListedInTheirOrder() throws {
        var d = Diagnostics()
        let options = try rows(OptionRange(lower: 1, upper: 4, order: "descending"), &d)[0]["selectorOptions"] as? [Any]
        #expect(options?.count == 4)
        #expect(d.losses.isEmpty)
    }

    @Test func hugeRangesAreALossNotTwoBillionOptions() throws {
        var d = Diagnostics()
        let row = try rows(OptionRange(lower: 1, upper: 2_000_000_000), &d)[0]
        #expect((row["selectorOptions"] as? [Any] ?? []).isEmpty)
        #expect(d.losses.map(\.id) == ["loss.options.range"])
        #expect(d.losses.first?.message.contains("1-2000000000") == true)
    }

    @Test func theListingRuleIsTheIRs() {
        #expect(OptionRange(lower: 3, upper: 1).listedValues == nil)
        #expect(OptionRange(lower: Int.min, upper: Int.max).listedValues == nil)
        #expect(OptionRange(lower: 0, upper: OptionRange.listingLimit - 1).listedValues?.count == OptionRange.listingLimit)
        #expect(OptionRange(lower: 0, upper: OptionRange.listingLimit).listedValues == nil)
        #expect(OptionRange(lower: 1, upper: 3, order: "D").listedValues == [3, 2, 1])
        #expect(OptionRange(lower: 1, upper: 3, order: "ascending").listedValues == [1, 2, 3])
    }
}
