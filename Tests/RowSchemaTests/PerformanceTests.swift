import Foundation
import Testing
import FormIR

/// A large form (5,000 rows with predicates and rules) reads and writes whole.
@Suite struct RowSchemaLargeFormTests {
    static func largeDocument(rows: Int) -> String {
        var items: [String] = []
        for i in 0..<rows {
            let hidden = i == 0 ? "false" : "\"$r\(i - 1) == 'x' OR $r0 != 'y'\""
            items.append(#"{"type":"text","id":"r\#(i)","title":"Row \#(i)","hidden":\#(hidden),"rules":[{"regexp":"^[a-z]+$","message":"letters"}]}"#)
        }
        return #"{"title":"big","sections":[{"type":"static","items":["# + items.joined(separator: ",") + "]}]}"
    }

    @Test func fiveThousandRows() throws {
        let text = Self.largeDocument(rows: 5000)
        let (form, d) = RowSchema.read(text)
        #expect(!d.hasErrors)
        let f = try #require(form)
        #expect(f.allFields.count == 5000 && f.rules.count == 4999)
        let (json, _) = RowSchema.emit(f)
        #expect(json.count > text.count / 2)
        let (back, backDiagnostics) = RowSchema.read(json)
        #expect(!backDiagnostics.hasErrors)
        #expect(back?.allFields.count == 5000 && back?.rules.count == 4999)
    }
}
