import Emitters
import FormConvKit
import FormConvTestSupport
import FormIR
import Foundation
import Testing

/// No data schema formconv writes makes a web library show a picker between schemas.
///
/// A *picker* is an `anyOf` or `oneOf` in a property's schema whose alternatives are not all option
/// constants (`{"const": …}`): rjsf renders one as an "Option 1 / Option 2" select and JSON Forms as a
/// tab strip. Property schemas are those under `properties` at the root and under `properties` of an
/// `allOf` item's `then`/`else`, looked into through their `anyOf`, `oneOf`, `allOf`, `items` and
/// `not`. A `oneOf` of constants is an option list both render as one select; `anyOf` in an `if` (a
/// condition on other answers, which the library resolves itself) is no property schema.
@Suite struct SchemaPickerTests {
    /// The examples, the shared corpus and the browser tests' form shaped like production sign-up forms
    /// (two title lists sharing a key).
    static var inputs: [URL] {
        let corpus = TestPaths.shared.appendingPathComponent("corpus")
        var files = [TestPaths.examples, corpus].flatMap { dir -> [URL] in
            let walk = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil)
            return (walk?.allObjects as? [URL] ?? []).filter { !$0.hasDirectoryPath }
        }
        files.append(TestPaths.repo.appendingPathComponent("Tests/Browser/fixtures/shared-title.xml"))
        return files.filter { url in
            let bytes = (try? Data(contentsOf: url)).map(Array.init) ?? []
            return FormatDetector.detect(name: url.lastPathComponent, bytes: bytes).flatMap(FormatRegistry.reader(for:)) != nil
        }.sorted { $0.path < $1.path }
    }

    /// The paths of the pickers in `schema` (a parsed data schema).
    static func pickers(_ schema: [String: Any], at path: String = "#") -> [String] {
        var found: [String] = []
        func walk(_ node: Any?, _ at: String) {
            guard let o = node as? [String: Any] else { return }
            for k in ["anyOf", "oneOf"] {
                if let xs = o[k] as? [Any], !xs.allSatisfy({ ($0 as? [String: Any])?["const"] != nil }) { found.append("\(at)/\(k)") }
            }
            for k in ["anyOf", "oneOf", "allOf"] {
                for (i, x) in ((o[k] as? [Any]) ?? []).enumerated() { walk(x, "\(at)/\(k)/\(i)") }
            }
            for k in ["items", "not"] { walk(o[k], "\(at)/\(k)") }
        }
        for (key, property) in (schema["properties"] as? [String: Any]) ?? [:] { walk(property, "\(path)/properties/\(key)") }
        for (i, item) in ((schema["allOf"] as? [[String: Any]]) ?? []).enumerated() {
            for branch in ["then", "else"] {
                if let b = item[branch] as? [String: Any] { found += pickers(b, at: "\(path)/allOf/\(i)/\(branch)") }
            }
        }
        return found
    }

    @Test func theDefinitionFindsPickersAndOnlyThem() {
        let schema: [String: Any] = [
            "properties": ["a": ["anyOf": [["type": "integer"], ["enum": ["X"]]]],
                           "b": ["oneOf": [["const": "M", "title": "Male"], ["const": "F"]]],
                           "c": ["allOf": [["oneOf": [["type": "string"], ["const": 1]]]]]],
            "allOf": [["if": ["anyOf": [["required": ["a"]], ["required": ["b"]]]],
                       "then": ["properties": ["d": ["items": ["anyOf": [["minimum": 1], ["const": 0]]]]]]]],
        ]
        #expect(Self.pickers(schema).sorted() == ["#/allOf/0/then/properties/d/items/anyOf", "#/properties/a/anyOf",
                                                  "#/properties/c/allOf/0/oneOf"])
    }

    @Test func noWebOrSchemaOutputHasAPicker() throws {
        let files = Self.inputs
        #expect(files.count >= 10, "the examples and the corpus are found")
        for url in files {
            let bytes = Array(try Data(contentsOf: url))
            let format = try #require(FormatDetector.detect(name: url.lastPathComponent, bytes: bytes))
            var d = Diagnostics()
            let form = try #require(FormatRegistry.reader(for: format)).read(InputDocument(name: url.path, bytes: bytes), diagnostics: &d)
            for target in [FormatID.jsonSchema, .rjsf, .jsonforms] {
                let emitter = try #require(FormatRegistry.emitter(for: target))
                let out = try emitter.emit(form, options: EmitOptions(), diagnostics: &d)
                let json = try #require(try JSONSerialization.jsonObject(with: Data(out)) as? [String: Any])
                let schema = target == .jsonSchema ? json : try #require(json["schema"] as? [String: Any])
                #expect(Self.pickers(schema) == [], "\(url.lastPathComponent) → \(target)")
            }
        }
    }
}
