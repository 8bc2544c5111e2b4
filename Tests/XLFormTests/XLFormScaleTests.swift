import Foundation
import Testing
import FormIR
import FormConvKit

/// Large descriptors (2,000 rows with options and predicates) read and write in linear time.
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
        let clock = ContinuousClock()
        var d = Diagnostics()
        var form: Form?
        let readTime = try clock.measure { form = try Support.read(text: text, diagnostics: &d) }
        let f = try #require(form)
        #expect(f.allFields.count == 2000 && f.rules.count == 1999)
        var timings = ["read \(readTime)"]
        for format in [FormatID.xlform, .xlformPlist, .xlformSwift, .xlformObjc] {
            var out: [UInt8] = []
            let t = try clock.measure { out = try Support.emit(f, as: format, diagnostics: &d) }
            #expect(!out.isEmpty)
            #expect(t < .seconds(10), "\(format) took \(t)")
            timings.append("\(format) \(t)")
        }
        #expect(readTime < .seconds(10))
        #expect(d.losses.isEmpty)
        print("XLForm 2,000 rows: " + timings.joined(separator: ", "))
    }
}
