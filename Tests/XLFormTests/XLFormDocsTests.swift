import Foundation
import Testing
import FormIR
import FormConvKit

/// docs/xlform.md stays in step with the code: every diagnostic id the XLForm reader and emitters can
/// produce is documented, and so is every row type.
@Suite struct XLFormDocsTests {
    static let doc = (try? String(contentsOf: Support.repo.appendingPathComponent("docs/xlform.md"), encoding: .utf8)) ?? ""

    @Test func everyDiagnosticIdIsDocumented() throws {
        let dirs = ["Sources/Readers/XLForm", "Sources/Emitters/XLForm"].map { Support.repo.appendingPathComponent($0) }
        let pattern = try NSRegularExpression(pattern: #"\.(error|warning|note)\("(xlform\.[a-z-]+)""#)
        var ids = Set<String>()
        for dir in dirs {
            for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) where name.hasSuffix(".swift") {
                let text = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
                for m in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    ids.insert(String(text[Range(m.range(at: 2), in: text)!]))
                }
            }
        }
        #expect(ids.count >= 10)
        for id in ids.sorted() { #expect(Self.doc.contains("`\(id)`"), "\(id) is not in docs/xlform.md") }
    }

    @Test func everyRowTypeIsDocumented() {
        for rowType in ["text", "textView", "zipCode", "selectorPickerViewInline", "multipleSelectorPopover", "datetimeInline",
                        "countDownTimerInline", "datePicker", "picker", "stepCounter", "booleanSwitch", "image"] {
            #expect(Self.doc.contains("`\(rowType)`"), "\(rowType)")
        }
    }

    /// A date the generator cannot convert is written as text, with a warning.
    @Test func unreadableDateIsReported() throws {
        let field = Field(id: "d", kind: .date, defaultValue: .date("next Tuesday"))
        let form = Form(pages: [Page(sections: [Section(fields: [field])], isImplicit: true)])
        var d = Diagnostics()
        let out = Support.text(try Support.emit(form, as: .xlformSwift, diagnostics: &d))
        #expect(out.contains("row.value = \"next Tuesday\""))
        #expect(d.items.contains { $0.id == "xlform.code-value" })
    }
}
