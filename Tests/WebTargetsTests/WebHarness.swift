import Foundation
import FormIR
@testable import Emitters

/// Emits a form with one of the web emitters and parses the JSON it writes.
struct WebOutput {
    var json: [String: Any]
    var diagnostics: Diagnostics

    init(_ form: Form, _ emitter: any FormEmitter) throws {
        var d = Diagnostics()
        let bytes = try emitter.emit(form, options: EmitOptions(), diagnostics: &d)
        json = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] ?? [:]
        diagnostics = d
    }

    var lossIDs: [String] { diagnostics.losses.map(\.id) }

    /// The losses reported for rule `i` (path `/rules/<i>`).
    func losses(forRule i: Int) -> [Diagnostic] { diagnostics.losses.filter { $0.path == "/rules/\(i)" } }

    /// Every SurveyJS element (panels and questions), depth first.
    var surveyElements: [[String: Any]] {
        func walk(_ items: [[String: Any]]) -> [[String: Any]] {
            items.flatMap { [$0] + walk($0["elements"] as? [[String: Any]] ?? []) }
        }
        return ((json["pages"] as? [[String: Any]]) ?? []).flatMap { walk($0["elements"] as? [[String: Any]] ?? []) }
    }

    func surveyElement(_ name: String) -> [String: Any]? {
        surveyElements.first { $0["name"] as? String == name }
            ?? (json["pages"] as? [[String: Any]])?.first { $0["name"] as? String == name }
    }

    /// Every JSON Forms UI schema element, depth first.
    var uiElements: [[String: Any]] {
        func walk(_ e: [String: Any]) -> [[String: Any]] {
            [e] + ((e["elements"] as? [[String: Any]]) ?? []).flatMap(walk)
        }
        return walk(json["uischema"] as? [String: Any] ?? [:])
    }
}

/// Small builders for test forms.
enum WebForms {
    static func at(_ line: Int) -> SourceLocation { SourceLocation(file: "test.xml", line: line, column: 3) }

    static func eq(_ id: String, _ s: String) -> FormIR.Expression { .compare(.field(FieldReference(id)), .equal, .literal(.string(s))) }

    static func form(_ fields: [Field], rules: [Rule] = [], pages: Int = 1) -> Form {
        let perPage = max(1, (fields.count + pages - 1) / pages)
        let chunks = stride(from: 0, to: fields.count, by: perPage).map { Array(fields[$0..<min($0 + perPage, fields.count)]) }
        return Form(id: "t", pages: chunks.enumerated().map { i, f in
            Page(id: "page\(i)", title: LocalizedText("Page \(i)"), sections: [Section(id: "group\(i)", title: LocalizedText("Group \(i)"), fields: f)])
        }, rules: rules)
    }
}
