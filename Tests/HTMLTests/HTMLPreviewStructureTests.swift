import Emitters
import FormConvKit
import FormConvTestSupport
import FormIR
import Foundation
import Testing

/// The preview is an ordinary HTML form: inputs named by the keys the legacy app submits (the same
/// keys `--to json-schema` describes), hidden fields hidden, nothing loaded from elsewhere, and input
/// text that stays text.
@Suite struct HTMLPreviewStructureTests {
    static let form: Form = {
        let fields = [
            Field(id: "intro", kind: .label, texts: FieldTexts(body: "Welcome")),
            Field(id: "firstName", kind: .text, texts: FieldTexts(label: "First name"), validation: Validation(required: true)),
            Field(id: "birth", kind: .date, submission: Submission(dateEncoding: .components, prefix: "birth")),
            Field(id: "home", kind: .address, submission: Submission(prefix: "myHouse")),
            Field(id: "agree", kind: .boolean, validation: Validation(required: true), submission: Submission(submitsValue: true)),
            Field(id: "days", kind: .multipleChoice, presentation: .radio,
                  options: [Option(value: .string("mon")), Option(value: .string("tue"))], allowsMultiple: true),
            Field(id: "tracking", kind: .text, submission: Submission(skip: true)),
            Field(id: "secret", kind: .text, isHidden: true),
            Field(id: "card", kind: .text, submission: Submission(key: "cardNumber", partClone: .init(count: 4, key: "first4"))),
            Field(id: "plan", kind: .singleChoice, presentation: .dropDown,
                  options: [Option(value: .int(1), label: "Basic"), Option(value: .int(2), label: "Plus")]),
        ]
        let rule = Rule(condition: .compare(.field(FieldReference("firstName")), .equal, .literal(.string("x"))),
                        target: .field("secret"), then: [.show], otherwise: [.hide])
        return Form(id: "loan", title: "Loan", pages: [Page(sections: [Section(title: "You", fields: fields)])], rules: [rule])
    }()

    @Test func inputNamesAreThePayloadKeysOfTheJSONSchema() throws {
        let page = try PageOutline(html: try HTMLHarness.emit(Self.form).html)
        #expect(Set(page.names) == (try HTMLHarness.schemaKeys(Self.form)))
        #expect(page.names.contains("birthDay") && page.names.contains("myHouseCity") && page.names.contains("first4"))
        #expect(page.names.filter { $0 == "days" }.count == 2, "one checkbox per option, all named by the key")
    }

    @Test func aFieldThatNeverSubmitsHasNoName() throws {
        let page = try PageOutline(html: try HTMLHarness.emit(Self.form).html)
        #expect(page.fields.contains("tracking"))
        #expect(!page.names.contains("tracking"), "skipSubmit with no rule that lifts it")
        #expect(!page.names.contains("intro"), "display-only items submit nothing")
    }

    @Test func hiddenFieldsAreHiddenNotGreyedOut() throws {
        let page = try PageOutline(html: try HTMLHarness.emit(Self.form).html)
        #expect(page.hiddenFields == ["secret"])
    }

    @Test func nothingIsLoadedFromElsewhere() throws {
        let page = try PageOutline(html: try HTMLHarness.emit(Self.form).html)
        #expect(page.sources.allSatisfy { $0.hasPrefix("data:") }, "\(page.sources)")
        #expect(page.links == 0 && page.scriptSources == 0)
        #expect(page.csp?.contains("default-src 'none'") == true, "the page forbids every fetch")
        #expect(page.scripts.count == 3, "data, condition functions, runtime")
    }

    @Test func inputTextStaysText() throws {
        let nasty = "</script><script>alert(1)</script> & <b>bold</b> <!--<script> -->"
        var form = Self.form
        form.pages[0].sections[0].fields[1].texts.label = LocalizedText(nasty)
        form.pages[0].sections[0].fields[5].options[0].value = .string(nasty)
        let page = try PageOutline(html: try HTMLHarness.emit(form).html)
        #expect(page.text.contains(nasty), "shown as written")
        #expect(page.scripts.count == 3, "no script element was opened or closed by the input")
        let data = try JSONSerialization.jsonObject(with: Data(page.scripts[0].utf8)) as? [String: Any]
        let texts = try #require(data?["texts"] as? [[String: String]])
        #expect(texts.contains { $0[""] == nasty })
    }

    @Test func conditionsAreJavaScriptWrittenOnceInSwift() throws {
        let page = try PageOutline(html: try HTMLHarness.emit(Self.form).html)
        #expect(page.scripts[1].contains(#"function (c) { return c.cmp("==", c.v("firstName"), "x", false, false); }"#))
        let data = try JSONSerialization.jsonObject(with: Data(page.scripts[0].utf8)) as? [String: Any]
        let rules = try #require(data?["rules"] as? [[String: Any]])
        #expect(rules.first?["when"] as? Int == 0)
    }

    @Test func everyExampleNamesItsInputsByTheSchemaKeys() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: TestPaths.examples.path).sorted()
        #expect(files.count >= 9)
        for name in files {
            let url = TestPaths.examples.appendingPathComponent(name)
            let bytes = Array(try Data(contentsOf: url))
            let format = try #require(FormatDetector.detect(name: name, bytes: bytes), "\(name)")
            var d = Diagnostics()
            let form = try #require(FormatRegistry.reader(for: format)).read(InputDocument(name: name, bytes: bytes), diagnostics: &d)
            let page = try PageOutline(html: try HTMLHarness.emit(form).html)
            #expect(Set(page.names) == (try HTMLHarness.schemaKeys(form)), "\(name)")
        }
    }
}
