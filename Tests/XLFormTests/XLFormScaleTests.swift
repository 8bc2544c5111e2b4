import Foundation
import Testing
import FormIR
import FormConvKit

/// Large descriptors (2,000 rows with options and predicates) read and write whole, with every row and
/// rule kept. How their time grows is the benchmark's to measure (bench/), not a timed test's.
@Suite struct XLFormScaleTests {
    static func descriptor(rows: Int) -> String {
        var sections: [String] = []
        for s in 0..<(rows / 50) {
            var items: [String] = []
            for r in 0..<50 {
                let n = s * 50 + r
                let hidden = n == 0 ? "" : ", \"hidden\": \"$r\(n - 1).value == 'x'\""
                items.append("""
                {"tag": "r\(n)", "rowType": "selectorPush", "title": "Row \(n)", "value": {"value": 1, "displayText": "One"},
                 "selectorOptions": [{"value": 1, "displayText": "One"}, {"value": 2, "displayText": "Two"}]\(hidden),
                 "cellConfigAtConfigure": {"textLabel.numberOfLines": 2}}
                """)
            }
            sections.append("{\"title\": \"Section \(s)\", \"formRows\": [\(items.joined(separator: ","))]}")
        }
        return "{\"title\": \"Big\", \"formSections\": [\(sections.joined(separator: ","))]}"
    }

    @Test func twoThousandRows() throws {
        let text = Self.descriptor(rows: 2000)
        var d = Diagnostics()
        let f = try Support.read(text: text, diagnostics: &d)
        #expect(f.allFields.count == 2000 && f.rules.count == 1999)
        for format in [FormatID.xlform, .xlformPlist, .xlformSwift, .xlformObjc] {
            let out = try Support.emit(f, as: format, diagnostics: &d)
            #expect(!out.isEmpty, "\(format) wrote nothing")
        }
        // The descriptor written back reads as the same 2,000 rows and 1,999 rules.
        var again = Diagnostics()
        let back = try Support.read(text: String(decoding: try Support.emit(f, as: .xlform, diagnostics: &d), as: UTF8.self),
                                    diagnostics: &again)
        #expect(back.allFields.map(\.id) == f.allFields.map(\.id) && back.rules.count == 1999)
        #expect(d.losses.isEmpty)
    }
}
