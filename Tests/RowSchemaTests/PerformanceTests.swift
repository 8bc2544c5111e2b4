import Foundation
import Testing
import FormIR

/// A large form (5,000 rows with predicates and rules) reads and writes in well under a few seconds.
@Suite struct PerformanceTests {
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
        let start = Date()
        let (form, d) = RowSchema.read(text)
        let readTime = Date().timeIntervalSince(start)
        #expect(!d.hasErrors)
        let f = try #require(form)
        #expect(f.allFields.count == 5000 && f.rules.count == 4999)
        let emitStart = Date()
        let (json, _) = RowSchema.emit(f)
        let emitTime = Date().timeIntervalSince(emitStart)
        #expect(json.count > text.count / 2)
        #expect(readTime < 3 && emitTime < 3, "read \(readTime)s, emit \(emitTime)s")
        print("row schema, 5000 rows (\(text.utf8.count) bytes): read \(readTime)s, emit JSON \(emitTime)s")
    }
}
