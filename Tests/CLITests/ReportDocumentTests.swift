import Foundation
import Testing
import FormConvTestSupport

/// `--report FILE` (docs/report.md): the document of a whole run, validated against
/// docs/report-v1.schema.json with python3 `jsonschema`, and its totals recomputed in Python from the
/// per-input diagnostics it holds.
@Suite struct ReportDocumentTests {
    static let schema = TestPaths.repo.appendingPathComponent("docs/report-v1.schema.json").path
    static let hasJSONSchema = (try? Subprocess.python("import jsonschema")) != nil

    /// Validates the report at `path` and checks that what it sums up adds up; prints `ok` or why not.
    static let check = """
    import json, sys, collections, jsonschema
    schema = json.load(open(sys.argv[1])); report = json.load(open(sys.argv[2]))
    jsonschema.Draft202012Validator(schema).validate(report)
    inputs = report["inputs"]
    assert report["failedInputs"] == [i["path"] for i in inputs if i["status"] == "failed"], "failedInputs"
    s = report["summary"]
    assert s["inputs"] == len(inputs) and s["failed"] == len(report["failedInputs"]) and s["ok"] + s["failed"] == s["inputs"]
    for i in inputs:
        c = i["counts"]; ds = i["diagnostics"]
        for sev in ("error", "warning", "note"):
            assert c[sev + "s"] == sum(1 for d in ds if d["severity"] == sev), (i["path"], sev)
        assert c["losses"] == sum(1 for d in ds if d.get("feature")), i["path"]
        assert c["acceptedLosses"] == len(i["accepted"]), i["path"]
    groups = collections.defaultdict(lambda: [0, set()])
    key = (lambda d: d["id"]) if report["command"] == "convert" else (lambda d: "loss." + d["feature"])
    for i in inputs:
        for accepted, ds in ((False, i["diagnostics"]), (True, i["accepted"])):
            for d in ds:
                if d.get("feature"):
                    g = groups[(key(d), accepted)]; g[0] += 1; g[1].add(i["path"])
    expected = {(k, a): (n, len(f)) for (k, a), (n, f) in groups.items()}
    got = {(g["id"], g["accepted"]): (g["count"], g["files"]) for g in report["losses"]}
    assert got == expected, (got, expected)
    counts = [g["count"] for g in report["losses"]]
    assert counts == sorted(counts, reverse=True), "most frequent first"
    print("ok", len(inputs), len(report["losses"]), len(report["threshold"]["trippedBy"]))
    """

    static func makeTree() throws -> ScratchDirectory {
        let dir = try ScratchDirectory("report")
        for name in ["signup.xml", "survey.xml", "merchant-application.xml", "expense-report.rows.yaml"] {
            try dir.write(String(contentsOf: TestPaths.examples.appendingPathComponent(name), encoding: .utf8), to: "forms/\(name)")
        }
        try dir.write("<form><page>", to: "forms/broken.xml")
        try dir.write("just notes", to: "forms/legacy/unknown.json")
        return dir
    }

    @Test(.enabled(if: hasJSONSchema, "needs python3 with jsonschema"))
    func convertReportValidatesAndAddsUp() throws {
        let dir = try Self.makeTree()
        defer { dir.remove() }
        try dir.write("accept-losses:\n  - loss.layout.*\n  - id: loss.field.default-value\n    paths: [\"forms/signup.xml\"]\n",
                      to: ".formconv.yml")
        let r = try TestPaths.runFormconv(["forms", "--to", "json", "-o", "out", "--report", "run.json", "--strict", "-q"], in: dir.url)
        #expect(r.status == 1, "\(r.stderr)")
        let out = try Subprocess.python(Self.check, [Self.schema, dir.path("run.json")])
        #expect(out.hasPrefix("ok 6 "), "\(out)")
        let report = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: dir.url.appendingPathComponent("run.json"))) as? [String: Any])
        let failed = Set(try #require(report["failedInputs"] as? [String]))
        #expect(failed.isSuperset(of: ["forms/broken.xml", "forms/legacy/unknown.json"]), "\(failed)")
        // --strict writes nothing for an input it fails: an input is failed exactly when its output is missing.
        for input in try #require(report["inputs"] as? [[String: Any]]) {
            let path = try #require(input["path"] as? String), output = try #require(input["output"] as? String)
            #expect(FileManager.default.fileExists(atPath: dir.path(output)) == !failed.contains(path), "\(path) → \(output)")
        }
        #expect(failed.count < 6, "some inputs have only accepted losses and pass --strict: \(failed)")
        let losses = try #require(report["losses"] as? [[String: Any]])
        #expect(losses.contains { ($0["id"] as? String)?.hasPrefix("loss.layout.") == true && $0["accepted"] as? Bool == true })
        #expect(!losses.contains { ($0["id"] as? String)?.hasPrefix("loss.layout.") == true && $0["accepted"] as? Bool == false },
                "every layout loss is accepted")
        let threshold = try #require(report["threshold"] as? [String: Any])
        let tripped = try #require(threshold["trippedBy"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        #expect(threshold["policy"] as? String == "--strict")
        #expect(!tripped.isEmpty && !tripped.contains { $0.hasPrefix("loss.layout.") }, "\(tripped)")
        // The end of the run on standard error, --quiet or not: the failed inputs, one line per loss id, the summary.
        let lines = r.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains("failed: forms/broken.xml") && lines.contains("failed: forms/legacy/unknown.json"))
        for g in losses {
            let id = g["id"] as! String, n = g["count"] as! Int, files = g["files"] as! Int
            let accepted = g["accepted"] as! Bool ? " (accepted)" : ""
            #expect(lines.contains("\(id): \(n) in \(files) \(files == 1 ? "file" : "files")\(accepted)"), "\(id)")
        }
        #expect(lines.contains { $0.hasPrefix("formconv: error: --strict failed the run on: \(tripped[0]) (") })
        #expect(!r.stderr.contains("[loss.layout."), "accepted losses are not printed one by one")
    }

    @Test(.enabled(if: hasJSONSchema, "needs python3 with jsonschema"))
    func acceptingEveryLossPassesStrict() throws {
        let dir = try Self.makeTree()
        defer { dir.remove() }
        try FileManager.default.removeItem(atPath: dir.path("forms/broken.xml"))
        try FileManager.default.removeItem(atPath: dir.path("forms/legacy"))
        try dir.write("accept-losses: [\"loss.*\"]\n", to: "accept.yml")
        let r = try TestPaths.runFormconv(["forms", "--to", "xlform", "-o", "out", "--report", "run.json", "--fail-on", "loss",
                                           "--config", "accept.yml"], in: dir.url)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stderr.contains("[loss."), "\(r.stderr)")
        let out = try Subprocess.python(Self.check, [Self.schema, dir.path("run.json")])
        #expect(out.hasPrefix("ok 4 ") && out.hasSuffix(" 0\n"), "\(out)")
    }

    @Test(.enabled(if: hasJSONSchema, "needs python3 with jsonschema"))
    func lintReportValidates() throws {
        let dir = try Self.makeTree()
        defer { dir.remove() }
        let r = try TestPaths.runFormconv(["lint", "forms", "--target", "json", "--report", "lint.json"], in: dir.url)
        #expect(r.status == 1, "broken.xml is a parse error: \(r.stderr)")
        let out = try Subprocess.python(Self.check, [Self.schema, dir.path("lint.json")])
        #expect(out.hasPrefix("ok "), "\(out)")
        let report = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: dir.url.appendingPathComponent("lint.json"))) as? [String: Any])
        #expect(report["command"] as? String == "lint" && report["target"] as? String == "json")
        #expect((report["failedInputs"] as? [String])?.contains("forms/broken.xml") == true)
    }
}
