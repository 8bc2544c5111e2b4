import Foundation
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
        let expected = try? String(contentsOf: url, encoding: .utf8)
        if ProcessInfo.processInfo.environment["FORMCONV_RECORD"] == "1" {
            try? actual.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("recorded \(url.lastPathComponent)", sourceLocation: sourceLocation)
            return
        }
        guard let expected else {
            Issue.record("missing golden file \(url.lastPathComponent) (run with FORMCONV_RECORD=1)", sourceLocation: sourceLocation)
            return
        }
        #expect(actual == expected, "golden mismatch: \(url.lastPathComponent)", sourceLocation: sourceLocation)
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
/// Input and output go through temporary files, not pipes, so no read can be interrupted (EINTR).
func python(_ script: String, input: String) -> String? {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rowschema-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let inURL = dir.appendingPathComponent("in"), outURL = dir.appendingPathComponent("out")
    guard (try? Data(input.utf8).write(to: inURL)) != nil,
          FileManager.default.createFile(atPath: outURL.path, contents: nil),
          let inHandle = try? FileHandle(forReadingFrom: inURL),
          let outHandle = try? FileHandle(forWritingTo: outURL) else { return nil }
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.arguments = ["python3", "-c", script]
    p.standardInput = inHandle
    p.standardOutput = outHandle
    p.standardError = FileHandle.nullDevice
    do { try p.run() } catch { return nil }
    p.waitUntilExit()
    try? inHandle.close()
    try? outHandle.close()
    guard p.terminationStatus == 0, let out = try? Data(contentsOf: outURL) else { return nil }
    return String(decoding: out, as: UTF8.self)
}
