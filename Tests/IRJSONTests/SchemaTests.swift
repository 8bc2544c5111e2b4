import Foundation
import Testing
import FormConvTestSupport
import FormIR
import Readers

/// docs/ir-v2.schema.json, checked by an independent validator (python3's `jsonschema`): every IR
/// document the test suite writes or keeps validates; documents that break the shape do not.
@Suite(.enabled(if: Python.hasJSONSchema, "needs python3 with jsonschema (./scripts/test installs it)"))
struct SchemaTests {
    static let schema = TestPaths.repo.appendingPathComponent("docs/ir-v2.schema.json")

    /// Validates every `*.json` file under the directory given; prints `name: message` per failure.
    static let validator = """
    import json, os, sys, jsonschema
    schema = json.load(open(sys.argv[1]))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    names = sorted(os.listdir(sys.argv[2]))
    for name in names:
        for error in validator.iter_errors(json.load(open(os.path.join(sys.argv[2], name)))):
            print(f"{name}: {error.message[:300]} at /{'/'.join(map(str, error.absolute_path))}")
    print(f"validated {len(names)}")
    """

    /// Failures of validating `documents` (name → text).
    static func validate(_ documents: [(String, String)]) throws -> [String] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ir-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (i, (name, text)) in documents.enumerated() {
            try text.write(to: dir.appendingPathComponent(String(format: "%04d-", i) + name.replacingOccurrences(of: "/", with: "_")),
                           atomically: false, encoding: .utf8)
        }
        let lines = try Subprocess.python(validator, [schema.path, dir.path]).split(separator: "\n").map(String.init)
        #expect(lines.last == "validated \(documents.count)")
        return lines.dropLast()
    }

    /// The version 2 IR files kept in the repository: golden files, CLI inputs, docs/ir.md's example.
    static var keptDocuments: [(String, String)] {
        var out: [(String, String)] = []
        let walker = FileManager.default.enumerator(at: TestPaths.repo.appendingPathComponent("Tests"), includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            guard url.lastPathComponent.hasSuffix(".ir.json"), let text = try? String(contentsOf: url, encoding: .utf8),
                  text.contains("\"formconv-ir\": 2") else { continue }
            out.append((String(url.path.dropFirst(TestPaths.repo.path.count + 1)), text))
        }
        let docs = (try? String(contentsOf: TestPaths.repo.appendingPathComponent("docs/ir.md"), encoding: .utf8)) ?? ""
        for block in docs.components(separatedBy: "```json\n").dropFirst().map({ $0.components(separatedBy: "\n```")[0] })
        where block.hasPrefix("{\n  \"formconv-ir\": 2") {
            out.append(("docs-ir.md.json", block))
        }
        return out
    }

    @Test func everyIRTheSuiteWritesValidates() throws {
        let written = Inputs.all.map { ($0.name + ".ir.json", Inputs.text($0.form)) }
        let kept = Self.keptDocuments
        #expect(kept.count >= 15, "the version 2 golden files and docs/ir.md's example")
        #expect(written.count >= 80)
        #expect(try Self.validate(written + kept) == [])
    }

    /// Each of these breaks the shape: the schema refuses it, and so does the reader (an error, or a
    /// warning for a key it does not know).
    static let broken: [String] = [
        #"{"formconv-ir": 1, "form": {}}"#,
        #"{"formconv-ir": 2, "pages": [{"sections": [{"fields": [{"id": "a"}]}]}]}"#,
        #"{"formconv-ir": 2, "pages": [{"isHiden": true}]}"#,
        #"{"formconv-ir": 2, "at": "nowhere"}"#,
        #"{"formconv-ir": 2, "title": {"EN_US": 3}}"#,
        #"{"formconv-ir": 2, "rules": [{"target": "form", "then": ["explode"]}]}"#,
        #"{"formconv-ir": 2, "rules": [{"target": {"field": "a", "page": "b"}}]}"#,
        #"{"formconv-ir": 2, "rules": [{"target": "form", "condition": {"==": [1, 2], "<": [1, 2]}}]}"#,
        #"{"formconv-ir": 2, "rules": [{"target": "form", "condition": {"==": [1]}}]}"#,
        #"{"formconv-ir": 2, "rules": [{"target": "form", "condition": {"field": "a", "caseInsensitive": true}}]}"#,
        #"{"formconv-ir": 2, "extensions": {"x": {"date": 3}}}"#,
        #"{"formconv-ir": 2, "layout": {"pageWidth": "wide"}}"#,
        #"{"formconv-ir": 2, "pages": [{"sections": [{"fields": [{"id": "a", "kind": "k", "actions": [{"notify": {}}]}]}]}]}"#,
        #"{"formconv-ir": 2, "pages": [{"sections": [{"fields": [{"id": "a", "kind": "k", "submission": {"dateEncoding": "unix"}}]}]}]}"#,
    ]

    @Test func brokenDocumentsAreRefused() throws {
        let failures = try Self.validate(Self.broken.enumerated().map { ("broken\($0.offset).json", $0.element) })
        let refused = Set(failures.compactMap { $0.split(separator: ":").first.map(String.init) })
        for (i, text) in Self.broken.enumerated() {
            #expect(refused.contains(String(format: "%04d-", i) + "broken\(i).json"), "the schema accepts \(text)")
            var d = Diagnostics()
            let read = try? IRReader().read(InputDocument(name: "t.ir.json", bytes: Array(text.utf8)), diagnostics: &d)
            #expect(read == nil || !d.items.isEmpty, "the reader accepts \(text)")
        }
    }
}

enum Python {
    static let hasJSONSchema = (try? Subprocess.python("import jsonschema")) != nil
}
