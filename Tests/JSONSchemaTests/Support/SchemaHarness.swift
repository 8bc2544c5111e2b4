import Emitters
import FormIR
import Foundation
import FormConvTestSupport
import Testing

/// Emits schemas and checks them with python3's `jsonschema`, an implementation independent of formconv.
enum SchemaHarness {
    struct Emitted {
        var text: String
        var diagnostics: Diagnostics
        /// The schema parsed back (to inspect structure in tests).
        var json: [String: Any]
        var lossIDs: [String] { diagnostics.losses.map(\.id) }
    }

    static func emit(_ form: Form, draft: String = "2020-12") throws -> Emitted {
        var d = Diagnostics()
        let bytes = try JSONSchemaEmitter(draft: draft).emit(form, options: EmitOptions(), diagnostics: &d)
        let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] ?? [:]
        return Emitted(text: String(decoding: bytes, as: UTF8.self), diagnostics: d, json: object)
    }

    /// What python's `jsonschema` says: the metaschema error (nil when the schema is valid), the
    /// validator class `$schema` selects, and each payload's error messages (empty when it validates).
    struct Verdict: Decodable {
        var metaschema: String?
        var validator: String
        var errors: [[String]]
    }

    static let script = """
    import json, sys, jsonschema
    spec = json.load(open(sys.argv[1], encoding="utf-8"))
    schema = json.loads(spec["schema"])
    cls = jsonschema.Draft202012Validator if spec["draft"] == "2020-12" else jsonschema.Draft7Validator
    out = {"metaschema": None, "validator": jsonschema.validators.validator_for(schema).__name__, "errors": []}
    try:
        cls.check_schema(schema)
    except jsonschema.SchemaError as e:
        out["metaschema"] = e.message
    v = cls(schema, format_checker=cls.FORMAT_CHECKER)
    for p in spec["payloads"]:
        out["errors"].append(sorted(e.message for e in v.iter_errors(json.loads(p))))
    print(json.dumps(out))
    """

    /// Runs python3 on `schema` and `payloads` (JSON texts).
    static func check(_ schema: String, draft: String = "2020-12", payloads: [String]) throws -> Verdict {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("formconv-jschema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let scriptURL = dir.appendingPathComponent("check.py"), specURL = dir.appendingPathComponent("spec.json")
        try script.write(to: scriptURL, atomically: true, encoding: .utf8)
        let spec: [String: Any] = ["schema": schema, "draft": draft, "payloads": payloads]
        try JSONSerialization.data(withJSONObject: spec).write(to: specURL)
        let r = try Subprocess.run("python3", [scriptURL.path, specURL.path])
        guard r.status == 0 else {
            throw HarnessError(message: "python3 failed: \(r.stderr)")
        }
        let data = Data(r.stdout.utf8)
        return try JSONDecoder().decode(Verdict.self, from: data)
    }

    /// Checks `schema` against the metaschema of `draft`, then that every `valid` payload validates and
    /// every `invalid` one does not.
    static func expect(_ emitted: Emitted, draft: String = "2020-12", valid: [String] = [], invalid: [String] = [],
                       sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let v = try check(emitted.text, draft: draft, payloads: valid + invalid)
        #expect(v.metaschema == nil, "metaschema: \(v.metaschema ?? "")", sourceLocation: sourceLocation)
        #expect(v.validator == (draft == "2020-12" ? "Draft202012Validator" : "Draft7Validator"),
                sourceLocation: sourceLocation)
        if let bad = try ecmaPatternErrors(emitted.text) {
            #expect(bad.isEmpty, "not ECMA-262 (u): \(bad)", sourceLocation: sourceLocation)
        }
        for (i, payload) in valid.enumerated() {
            #expect(v.errors[i].isEmpty, "should validate: \(payload) — \(v.errors[i])", sourceLocation: sourceLocation)
        }
        for (i, payload) in invalid.enumerated() {
            #expect(!v.errors[valid.count + i].isEmpty, "should not validate: \(payload)", sourceLocation: sourceLocation)
        }
    }

    /// Every `pattern` in `schema` that node's ECMA-262 engine rejects in Unicode mode (as Ajv compiles
    /// them); empty when all compile. `nil` when node is not installed.
    static func ecmaPatternErrors(_ schema: String) throws -> [String]? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/node") else { return nil }
        let js = """
        const s = JSON.parse(require('fs').readFileSync(0, 'utf8')); const bad = [];
        (function walk(n) { if (Array.isArray(n)) n.forEach(walk); else if (n && typeof n === 'object')
          for (const [k, v] of Object.entries(n)) { if (k === 'pattern' && typeof v === 'string')
            { try { new RegExp(v, 'u'); } catch (e) { bad.push(v + ': ' + e.message); } } else walk(v); } })(s);
        console.log(JSON.stringify(bad));
        """
        let r = try Subprocess.run("/usr/bin/node", ["-e", js], stdin: Array(schema.utf8))
        guard r.status == 0 else { throw HarnessError(message: "node failed: \(r.stderr)") }
        let data = Data(r.stdout.utf8)
        return try JSONDecoder().decode([String].self, from: data)
    }

    struct HarnessError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
