import Foundation
import FormConvTestSupport
import Testing
import FormIR
import Readers
import Emitters
import DocumentTree

/// Fixture locations and golden comparison (`FORMCONV_RECORD=1` rewrites the file and still fails).
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples")

    static func files(_ dir: String, suffix: String) -> [URL] {
        let d = root.appendingPathComponent(dir)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: d.path)) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted().map { d.appendingPathComponent($0) }
    }

    static func text(_ url: URL) -> String { (try? String(contentsOf: url, encoding: .utf8)) ?? "" }

    /// Compares `actual` with the golden file; records it when asked (and fails then too).
    static func golden(_ actual: String, _ url: URL, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        GoldenFile.expect(actual, matches: url, sourceLocation: sourceLocation)
    }
}

/// Reading and writing helpers shared by the tests.
enum RowSchema {
    static func read(_ text: String, syntax: DocumentSyntax = .json, name: String = "t.json") -> (Form?, Diagnostics) {
        var d = Diagnostics()
        let form = try? RowSchemaReader(syntax: syntax).read(InputDocument(name: name, text: text), diagnostics: &d)
        return (form, d)
    }

    static func emit(_ form: Form, syntax: DocumentSyntax = .json) -> (String, Diagnostics) {
        var d = Diagnostics()
        let bytes = (try? RowSchemaEmitter(syntax: syntax).emit(form, options: EmitOptions(), diagnostics: &d)) ?? []
        return (String(decoding: bytes, as: UTF8.self), d)
    }

    /// Diagnostics as golden lines: `line:col: severity: message [id]`, file name left out.
    static func lines(_ d: Diagnostics) -> String {
        d.items.map { item in
            var copy = item
            copy.location = nil
            let at = item.location.map { "\($0.line):\($0.column): " } ?? ""
            return at + copy.formatted()
        }.joined(separator: "\n") + (d.items.isEmpty ? "" : "\n")
    }

    /// The one diagnostic with `id`, as `line:col`.
    static func position(of id: String, in d: Diagnostics) -> String? {
        d.items.first { $0.id == id }.flatMap { $0.location.map { "\($0.line):\($0.column)" } }
    }
}

/// Runs python3 with a script, feeding `input` on stdin; returns stdout (nil when python fails).
func python(_ script: String, input: String) -> String? {
    try? Subprocess.python(script, stdin: input)
}
