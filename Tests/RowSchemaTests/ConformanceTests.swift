import Foundation
import FormConvTestSupport
import Testing
import FormIR
import FormConvKit

/// Row-schema output conforms to the document (specs/row-schema.md): hex colour strings, options rows
/// with an `options` array of unique strings. Fixtures/schema/row-schema.schema.json states those
/// rules as a JSON Schema (none is published) and python3's `jsonschema` checks every output with it.
@Suite struct RowSchemaConformanceTests {
    static let hasValidator = (try? Subprocess.python("import jsonschema, yaml")) != nil
    static let schema = Fixtures.root.appendingPathComponent("schema/row-schema.schema.json")

    static func form(_ fields: [Field]) -> Form {
        Form(pages: [Page(sections: [Section(fields: fields)], isImplicit: true)])
    }

    /// The only row of a JSON output, as JSON values.
    static func row(_ json: String) throws -> [String: Any] {
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return try #require(((doc["sections"] as? [[String: Any]])?.first?["items"] as? [[String: Any]])?.first)
    }

    /// Validates documents (JSON or YAML text) against the schema; returns one line per failure.
    static func violations(_ documents: [(name: String, text: String, yaml: Bool)]) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rowschema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var paths: [String] = []
        for (i, d) in documents.enumerated() {
            let url = dir.appendingPathComponent("\(i).\(d.yaml ? "yaml" : "json")")
            try d.text.write(to: url, atomically: true, encoding: .utf8)
            paths.append(url.path + "\t" + d.name)
        }
        let script = """
        import json, sys, yaml, jsonschema
        schema = json.load(open(sys.argv[1]))
        jsonschema.Draft202012Validator.check_schema(schema)
        v = jsonschema.Draft202012Validator(schema)
        for line in sys.stdin.read().splitlines():
            path, name = line.split("\\t", 1)
            text = open(path, encoding="utf-8").read()
            doc = yaml.safe_load(text) if path.endswith(".yaml") else json.loads(text)
            for e in v.iter_errors(doc):
                print(name, "/".join(map(str, e.absolute_path)), e.message[:160])
        """
        return try Subprocess.python(script, [schema.path], stdin: paths.joined(separator: "\n"))
    }

    /// Every example and fixture formconv reads, written as row-schema JSON and YAML, is valid.
    @Test(.enabled(if: hasValidator, "needs python3 with jsonschema and PyYAML (./scripts/test installs them)"))
    func everyOutputIsValidAgainstTheSpecSchema() throws {
        var documents: [(name: String, text: String, yaml: Bool)] = []
        let roots = [Fixtures.examples, Fixtures.root.deletingLastPathComponent().deletingLastPathComponent()]
        for root in roots {
            let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
            while let url = walk?.nextObject() as? URL {
                guard root == roots[0] || url.path.contains("/Fixtures/"),
                      let bytes = try? [UInt8](Data(contentsOf: url)),
                      let format = FormatDetector.detect(name: url.lastPathComponent, bytes: bytes) else { continue }
                for (target, yaml) in [(FormatID.json, false), (.yaml, true)] {
                    let r = Converter.convert(InputDocument(name: url.lastPathComponent, bytes: bytes), from: format, to: target)
                    guard !r.diagnostics.hasErrors, let out = r.output else { continue }
                    documents.append(("\(url.lastPathComponent) → \(target)", String(decoding: out, as: UTF8.self), yaml))
                }
            }
        }
        #expect(documents.count > 40)
        let failures = try Self.violations(documents)
        #expect(failures.isEmpty, "\(failures)")
    }

    /// MM XML colour names (NOTES.md) are mapped to hex; `clear` has no opaque `#RRGGBB` form and an
    /// unknown name none at all: both are reported, not written.
    @Test func coloursAreHexStrings() throws {
        let at = SourceLocation(file: "in.xml", line: 3, column: 1)
        var style = Style()
        style.textColor = "black"
        style.backgroundColor = "clear"
        style.detailTextColor = "#a0b1c2"
        style.placeholderColor = "mauve"
        let (json, d) = RowSchema.emit(Self.form([Field(id: "c", kind: .text, style: style, location: at)]))
        let row = try Self.row(json)
        #expect(row["color.text"] as? String == "#000000")
        #expect(row["color.text.detail"] as? String == "#A0B1C2")
        #expect(row["color.background"] == nil && row["color.placeholder"] == nil)
        let lost = d.losses.filter { $0.id == "loss.style.colors" }
        #expect(lost.count == 2 && lost.allSatisfy { $0.location == at }, "\(d.losses)")
        #expect(lost.contains { $0.message.contains("'clear'") } && lost.contains { $0.message.contains("'mauve'") })
    }

    /// Option values are strings: numbers are written as their text, and that is reported once.
    @Test func optionValuesAreStrings() throws {
        let f = Field(id: "n", kind: .singleChoice, options: [Option(value: .int(5), label: "Five"), Option(value: .int(15))])
        let (json, d) = RowSchema.emit(Self.form([f]))
        let row = try Self.row(json)
        #expect(row["options"] as? [String] == ["5", "15"])
        #expect(row["options.display"] as? [String: String] == ["5": "Five"])
        #expect(d.losses.filter { $0.id == "loss.options" }.count == 1, "\(d.losses)")
    }

    /// Option values are unique: a repeated value is listed once, and that is reported.
    @Test func optionValuesAreUnique() throws {
        let f = Field(id: "u", kind: .singleChoice, options: [Option(value: .string("a")), Option(value: .string("b")),
                                                               Option(value: .string("a"))])
        let (json, d) = RowSchema.emit(Self.form([f]))
        #expect(try Self.row(json)["options"] as? [String] == ["a", "b"])
        #expect(d.losses.contains { $0.id == "loss.options" && $0.message.contains("'a'") }, "\(d.losses)")
    }

    /// An options row always has its (required) `options` array, and formconv reads it back; a file
    /// without one (a drop-down filled at run time) is read with a warning, not refused.
    @Test func optionsRowsWithoutOptionsReadBack() throws {
        let f = Field(id: "filled", kind: .singleChoice, presentation: .dropDown)
        let (json, _) = RowSchema.emit(Self.form([f]))
        #expect(try Self.row(json)["options"] as? [String] == [])
        let (back, d) = RowSchema.read(json)
        #expect(!d.hasErrors && back?.allFields.first?.kind == .singleChoice, "\(d.items)")
        let bare = #"{"sections": [{"type": "static", "items": [{"type": "options", "id": "x"}]}]}"#
        let (form, e) = RowSchema.read(bare)
        #expect(form != nil && !e.hasErrors && e.items.map(\.id) == ["rowschema.missing-key"], "\(e.items)")
    }
}
