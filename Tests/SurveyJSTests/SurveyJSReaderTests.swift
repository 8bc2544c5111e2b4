import Foundation
import Testing
import FormIR
import FormConvKit
import FormConvTestSupport

/// The SurveyJS reader: structure, kinds, logic as IR rules, and every messy case reported at its
/// position in the survey JSON (the positions are found in the fixture text, not copied from output).
@Suite struct SurveyJSReaderTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/surveys")
    static let messyURL = fixtures.appendingPathComponent("messy.survey.json")

    static func read(_ url: URL) throws -> (Form, [Diagnostic]) {
        let input = InputDocument(name: url.lastPathComponent, bytes: Array(try Data(contentsOf: url)))
        var d = Diagnostics()
        let form = try #require(Converter.read(input, as: .surveyjs, diagnostics: &d))
        return (form, d.items)
    }

    /// Line and column (1-based) of the first `needle` in `url`'s text, plus `offset` columns.
    static func position(of needle: String, in url: URL, offset: Int = 0) throws -> (Int, Int) {
        let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        for (i, line) in lines.enumerated() {
            if let r = line.range(of: needle) { return (i + 1, line.distance(from: line.startIndex, to: r.lowerBound) + 1 + offset) }
        }
        throw Subprocess.Failure("\(needle) not in \(url.lastPathComponent)")
    }

    @Test func detectedByContent() throws {
        let bytes = Array(try Data(contentsOf: Self.messyURL))
        #expect(FormatDetector.detect(name: "survey.json", bytes: bytes) == .surveyjs)
        #expect(FormatDetector.detect(name: "s.json", bytes: Array(#"{"elements": [{"type": "text", "name": "q"}]}"#.utf8)) == .surveyjs)
        #expect(FormatDetector.detect(name: "s.json", bytes: Array(#"{"sections": [{"rows": [{"type": "text", "name": "q"}]}]}"#.utf8)) == .json)
        #expect(FormatRegistry.readable.contains(.surveyjs))
    }

    /// intake.survey.json (written for the round-trip browser test, using every carried feature).
    @Test func intakeMapsStructureKindsAndLogic() throws {
        let (form, diagnostics) = try Self.read(Self.fixtures.appendingPathComponent("intake.survey.json"))
        #expect(diagnostics.filter { $0.severity != .note }.isEmpty, "\(diagnostics.map { $0.formatted() })")
        #expect(form.pages.map(\.id) == ["about", "needs"])
        #expect(form.title?.text(for: "fr") == "Accueil du client")
        let kinds = Dictionary(uniqueKeysWithValues: form.allFields.map { ($0.id, $0.kind) })
        #expect(kinds["email"] == .email && kinds["age"] == .number && kinds["hasPartner"] == .boolean)
        #expect(kinds["contact"] == .singleChoice && kinds["services"] == .multipleChoice && kinds["address"] == .multiline)
        // An html question showing one paragraph of plain text is a label holding that text.
        #expect(kinds["visitDate"] == .date && kinds["thanks"] == .label && kinds["conditions"] == .multipleChoice)
        #expect(form.field("thanks")?.texts.body?.defaultText == "Thank you.")
        let age = try #require(form.field("age"))
        #expect(age.validation.minValue == 16 && age.validation.maxValue == 120)
        let first = try #require(form.field("firstName"))
        #expect(first.validation.required && first.validation.minLength == 2 && first.texts.missingMessage?.defaultText == "Please tell us your name")
        // Nested panels: `medication` is its own section whose rule needs the enclosing panel's condition too.
        let sectionRule = try #require(form.rules.first { $0.target == .section("medication") })
        #expect(sectionRule.condition?.referencedFields == ["services", "conditions"])
        #expect(form.rules.contains { $0.target == .page("needs") && $0.then == [.show] })
        #expect(form.rules.contains { $0.target == .field("address") && $0.then == [.enable] })
        #expect(form.rules.contains { $0.target == .field("partnerName") && $0.then == [.setProperty(name: "required", value: .bool(true))] })
        #expect(form.rules.contains { $0.target == .field("contactCopy") && $0.then == [.copy([CopySource(field: "contact")])] })
        #expect(form.rules.contains { $0.target == .field("consent") && $0.then == [.setChecked(true)] })
        let choiceRule = try #require(form.rules.first { $0.target == .field("contact") })
        if case .setOptions(let shown) = choiceRule.otherwise.first { #expect(shown.map(\.value) == [.string("email"), .string("phone")]) }
        else { Issue.record("no option set on contact") }
        // A required yes/no question accepts either answer in SurveyJS: kept for SurveyJS only.
        #expect(form.field("consent")?.validation.required == false)
        #expect(form.field("consent")?.extensions["surveyjs.isRequired"] == .bool(true))
    }

    @Test func messyCasesAreReportedWithPositions() throws {
        let (form, diagnostics) = try Self.read(Self.messyURL)
        let url = Self.messyURL
        func expectAt(_ id: String, _ needle: String, offset: Int = 0, saying words: String) throws {
            let (line, column) = try Self.position(of: needle, in: url, offset: offset)
            let d = diagnostics.first { $0.id == id && $0.location?.line == line }
            #expect(d?.location?.column == column, "\(id) at \(line):\(column): \(diagnostics.map { $0.formatted() })")
            #expect(d?.message.contains(words) == true, "\(id): \(d?.message ?? "missing")")
        }
        try expectAt("surveyjs.legacy-spelling", "\"questions\"", offset: 13, saying: "'elements'")
        try expectAt("surveyjs.text-boolean", "\"true\"", saying: "read as true")
        try expectAt("surveyjs.duplicate-name", "\"age\", \"title\"", saying: "'age_2'")
        try expectAt("surveyjs.missing-name", "\"name\": \"\"", offset: 8, saying: "empty name")
        try expectAt("surveyjs.unknown-property", "\"enabledIf\"", saying: "did you mean 'enableIf'?")
        try expectAt("surveyjs.unknown-reference", "\"{maritalStatus}", saying: "{maritalStatus}")
        try expectAt("surveyjs.condition-syntax", "'maried\"", saying: "unterminated string")
        try expectAt("surveyjs.unknown-type", "\"textfield\"", saying: "'textfield'")
        try expectAt("surveyjs.missing-default-text", "{\"fr\"", saying: "no 'default' text")
        // Read as meant: the text "true" is required, the duplicate renamed, the empty name replaced.
        #expect(form.field("age")?.validation.required == true)
        #expect(form.field("age_2") != nil && form.field("question3") != nil)
        #expect(form.field("note").map { f in !form.rules.contains { $0.target == .field(f.id) } } == true)
    }

    @Test func lossesNameTheQuestionAndTheFeature() throws {
        let survey = #"""
        {"elements": [
          {"type": "matrix", "name": "grid", "columns": ["a"], "rows": ["r"]},
          {"type": "text", "name": "birth", "inputType": "date"},
          {"type": "text", "name": "adult", "visibleIf": "age({birth}) >= 18"},
          {"type": "dropdown", "name": "city", "choicesByUrl": {"url": "https://example.org/cities"}},
          {"type": "expression", "name": "total", "expression": "{a} + {b}"}
        ], "triggers": [{"type": "complete", "expression": "{birth} empty"}]}
        """#
        var d = Diagnostics()
        let form = try #require(Converter.read(InputDocument(name: "l.json", text: survey), as: .surveyjs, diagnostics: &d))
        let messages = d.items.map(\.message)
        #expect(messages.contains { $0.contains("'grid'") && $0.contains("matrix") })
        #expect(messages.contains { $0.contains("'adult'") && $0.contains("age()") })
        #expect(messages.contains { $0.contains("'city'") && $0.contains("choicesByUrl") })
        #expect(messages.contains { $0.contains("'total'") && $0.contains("expression") })
        #expect(messages.contains { $0.contains("triggers") })
        #expect(d.items.allSatisfy { $0.location != nil })
        #expect(form.fieldCount == 5)
    }

    @Test func expressionPositionsPointInsideTheString() throws {
        let survey = "{\"elements\": [{\"type\": \"text\", \"name\": \"a\", \"visibleIf\": \"{a} = 1 and\"}]}"
        var d = Diagnostics()
        _ = Converter.read(InputDocument(name: "p.json", text: survey), as: .surveyjs, diagnostics: &d)
        let syntax = try #require(d.items.first { $0.id == "surveyjs.condition-syntax" })
        // The string's opening quote is at column 59; the expression ends at its 12th character.
        let quote = survey.distance(from: survey.startIndex, to: survey.range(of: "\"{a} = 1 and")!.lowerBound) + 1
        #expect(syntax.location?.column == quote + 12)
    }
}
