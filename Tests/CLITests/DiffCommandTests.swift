import Foundation
import Testing
import FormConvKit
import FormConvTestSupport

/// `formconv diff` through the command line, on forms written for the purpose
/// (Fixtures/inputs/diff): each pair changes a form once per change kind, and the expected changes
/// below are what those edits mean by docs/diff.md's rules, written down by hand.
@Suite struct DiffCommandTests {
    static let fixtures = TranscriptRunner.fixtures.appendingPathComponent("inputs/diff")
    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }
    static let hasJSONSchema = (try? Subprocess.python("import jsonschema")) != nil
    static let hasGit = Subprocess.which("git")

    /// One expected change: id, level and the field it names.
    struct Expected: Hashable, CustomStringConvertible {
        var id: String
        var level: String
        var field: String
        init(_ id: String, _ level: String, _ field: String) { self.id = id; self.level = level; self.field = field }
        var description: String { "\(id) \(level) \(field)" }
    }

    /// order-v1.xml → order-v2.xml: renumbered option values, a tightened limit, new and dropped
    /// requirements, a group moved to another page, a removed decoration, a relabelled item, a renamed
    /// field, a moved field, a kind change.
    static let expectedOrder: [Expected] = [
        Expected("layout.changed", "info", "form"),                     // pageWidth 678 → 700
        Expected("section.moved", "info", "delivery"),                  // group moved to customerPage
        Expected("decoration.removed", "info", "promo"),
        Expected("field.removed", "breaking", "quantity"),
        Expected("translation.added", "info", "fullName"),              // ES_MX label
        Expected("validation.stricter", "breaking", "initials"),        // maxlength 2 → 1
        Expected("required.added", "breaking", "email"),
        Expected("required.removed", "warning", "phone"),
        Expected("field.kind-changed", "breaking", "newsletter"),       // checkbox → segmentedControl
        Expected("field.moved", "info", "zip"),                         // customer → delivery
        Expected("validation.changed", "breaking", "zip"),              // regex replaced
        Expected("option.value-renamed", "breaking", "cleaner"),        // 159 Ajax → 1
        Expected("option.value-renamed", "breaking", "cleaner"),        // 160 Comet → 2
        Expected("option.value-removed", "breaking", "cleaner"),        // 161 Bon Ami
        Expected("option.value-added", "warning", "cleaner"),           // 4
        Expected("default.changed", "warning", "giftWrap"),             // isChecked
        Expected("field.renamed", "breaking", "giftMessage"),           // giftNote → giftMessage
        Expected("text.changed", "info", "comments"),                   // relabelled
        Expected("field.added", "warning", "couponCode"),
        Expected("required.conditional-added", "breaking", "comments"),
    ]

    /// profile-v1.xml → profile-v2.xml: submission, visibility, conditions, options order, texts, style.
    static let expectedProfile: [Expected] = [
        Expected("page.removed", "info", "extrasPage"),
        Expected("page.added", "info", "reviewPage"),
        Expected("section.removed", "info", "extras"),
        Expected("section.added", "info", "review"),
        Expected("decoration.removed", "info", "extrasNote"),
        Expected("visibility.changed", "breaking", "nickname"),         // hidden: no longer submitted
        Expected("validation.looser", "warning", "bio"),                // minlength removed
        Expected("translation.removed", "info", "bio"),                 // FR_CA label
        Expected("key.renamed", "breaking", "birthDate"),               // prefix dob → birth
        Expected("formatting.changed", "info", "birthDate"),
        Expected("value.type-changed", "breaking", "startDate"),        // components → Unix time
        Expected("key.added", "warning", "account"),                    // partClone
        Expected("editable.changed", "warning", "account"),
        Expected("submission.stopped", "breaking", "internalCode"),     // skipSubmit
        Expected("submission.started", "warning", "referrer"),
        Expected("style.changed", "info", "referrer"),
        Expected("option.relabelled", "info", "color"),
        Expected("option.reordered", "info", "color"),
        Expected("option.reordered", "breaking", "days"),               // bitmask of positions
        Expected("presentation.changed", "info", "size"),
        Expected("actions.changed", "warning", "help"),
        Expected("decoration.added", "info", "thanks"),
        Expected("decoration.added", "info", "reviewNote"),
        Expected("field.reordered", "info", "city"),
        Expected("condition.changed", "warning", "petName"),
        Expected("condition.removed", "warning", "city"),
        Expected("required.conditional-removed", "warning", "account"),
        Expected("condition.added", "warning", "pet"),
        Expected("key.removed", "breaking", "pet"),                     // partClone dropped
    ]

    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil) throws -> Subprocess.Result {
        var env = environment ?? ProcessInfo.processInfo.environment
        env.removeValue(forKey: "GITHUB_ACTIONS")
        return try TestPaths.runFormconv(["diff"] + arguments, in: directory, environment: env)
    }

    static func changes(_ json: String) throws -> [[String: Any]] {
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return try #require(doc["changes"] as? [[String: Any]])
    }

    static func expected(_ changes: [[String: Any]]) -> [Expected] {
        changes.map { Expected($0["id"] as? String ?? "", $0["level"] as? String ?? "", $0["field"] as? String ?? "") }
    }

    @Test(arguments: [("order", expectedOrder), ("profile", expectedProfile)])
    func oneChangePerRealDifference(_ name: String, _ want: [Expected]) throws {
        let r = try Self.run([Self.fixture("\(name)-v1.xml"), Self.fixture("\(name)-v2.xml"), "--format", "json", "--fail-on", "none"])
        #expect(r.status == 0, "\(r.stderr)")
        let changes = try Self.changes(r.stdout)
        let got = Self.expected(changes)
        #expect(got.sorted { $0.description < $1.description } == want.sorted { $0.description < $1.description },
                "missing: \(want.filter { !got.contains($0) }), unexpected: \(got.filter { !want.contains($0) })")
        // No remove+add pair for a renamed or moved field.
        let removed = Set(got.filter { $0.id == "field.removed" }.map(\.field))
        #expect(!removed.contains("giftNote") && !removed.contains("zip"))
        for c in changes {
            #expect(c["old_location"] is [String: Any] || c["new_location"] is [String: Any], "\(c) names no place")
        }
    }

    @Test func everyChangeKindIsCovered() {
        let covered = Set((Self.expectedOrder + Self.expectedProfile).map(\.id))
        // Kinds MM XML cannot express are covered by the row-schema pair (sectionsRepeatAndGroups).
        // validation.groups-changed needs ShinobiForms fieldGroups: no fixture shows it yet.
        let elsewhere: Set<String> = ["section.repeat-changed", "validation.groups-changed", "decoration.renamed"]
        let missing = DiffChangeKinds.all.map(\.id).filter { !covered.contains($0) && !elsewhere.contains($0) }
        #expect(missing.isEmpty, "change kinds no fixture shows: \(missing)")
    }

    @Test func docsListEveryChangeKind() throws {
        let docs = try String(contentsOf: TestPaths.repo.appendingPathComponent("docs/diff.md"), encoding: .utf8)
        let schema = try String(contentsOf: TestPaths.repo.appendingPathComponent("docs/diff-v1.schema.json"), encoding: .utf8)
        for k in DiffChangeKinds.all {
            #expect(docs.contains("| `\(k.id)` | \(k.level.rawValue) |"), "docs/diff.md does not list \(k.id)")
            #expect(schema.contains("\"\(k.id)\""), "docs/diff-v1.schema.json does not list \(k.id)")
        }
    }

    @Test func rowSchemaPairCoversTheRest() throws {
        let r = try Self.run([Self.fixture("rows-v1.yaml"), Self.fixture("rows-v2.json"), "--format", "json", "--fail-on", "none"])
        #expect(r.status == 0, "\(r.stderr)")
        let got = Set(try Self.expected(Self.changes(r.stdout)))
        #expect(got == [Expected("section.repeat-changed", "warning", "page 1 section 2"),
                        Expected("decoration.renamed", "info", "taxNotice")],
                "\(got)")
    }

    @Test func identicalFormsAndRoundTripsPrintNoChanges() throws {
        let v1 = Self.fixture("order-v1.xml")
        let same = try Self.run([v1, v1])
        #expect(same.status == 0)
        #expect(same.stdout.isEmpty)
        #expect(same.stderr.contains("No changes between"))
        let dir = try TranscriptRunner.makeWorkDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for target in ["ir", "mmxml"] {
            let out = dir.appendingPathComponent("back.\(target == "ir" ? "ir.json" : "xml")").path
            let c = try TestPaths.runFormconv([v1, "--to", target, "-o", out] + (target == "mmxml" ? ["--keep-legacy"] : []))
            #expect(c.status == 0, "\(c.stderr)")
            let r = try Self.run([v1, out, "--fail-on", "info"])
            #expect(r.status == 0 && r.stdout.isEmpty, "\(target): \(r.stdout)\(r.stderr)")
        }
    }

    /// Every reader's format as OLD or NEW, mixed: v1 converted to one format, v2 to the next. The
    /// changes every format can carry (field keys and option values) are found whatever the pair.
    @Test func everyReadableFormatAsOldOrNew() throws {
        let dir = try TranscriptRunner.makeWorkDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let formats = FormatRegistry.readable.filter { FormatRegistry.writable.contains($0) }
        #expect(formats.count >= 8)
        var files: [String: (String, String)] = [:]
        for f in formats {
            let a = dir.appendingPathComponent("old-\(f.rawValue).form").path, b = dir.appendingPathComponent("new-\(f.rawValue).form").path
            for (src, dst) in [("order-v1.xml", a), ("order-v2.xml", b)] {
                let c = try TestPaths.runFormconv([Self.fixture(src), "--to", f.rawValue, "-o", dst])
                #expect(c.status == 0, "\(src) → \(f): \(c.stderr)")
            }
            files[f.rawValue] = (a, b)
        }
        let core: Set<Expected> = [Expected("field.removed", "breaking", "quantity"), Expected("field.added", "warning", "couponCode"),
                                   Expected("field.renamed", "breaking", "giftMessage")]
        for (i, old) in formats.enumerated() {
            let new = formats[(i + 1) % formats.count]
            let r = try Self.run([files[old.rawValue]!.0, files[new.rawValue]!.1, "--from-old", old.rawValue,
                                  "--from-new", new.rawValue, "--format", "json"])
            #expect(r.status == 1, "\(old) → \(new): breaking changes must fail the run\n\(r.stderr)")
            let changes = try Self.changes(r.stdout)
            let got = Set(Self.expected(changes))
            #expect(core.isSubset(of: got), "\(old) → \(new): missing \(core.subtracting(got))")
            // Every value OLD's cleaner options submitted is reported gone: renumbered where both
            // formats keep the option labels that tell it, removed where one does not.
            for value in ["159 Ajax", "160 Comet", "161 Bon Ami"] {
                #expect(changes.contains { ["option.value-renamed", "option.value-removed"].contains($0["id"] as? String)
                                           && $0["field"] as? String == "cleaner" && $0["old"] as? String == value },
                        "\(old) → \(new): option value \(value) not reported")
            }
        }
    }

    @Test func failOnStatuses() throws {
        let v1 = Self.fixture("order-v1.xml"), v2 = Self.fixture("order-v2.xml"), relabel = Self.fixture("order-v1-relabelled.xml")
        for (args, status) in [([v1, v2], 1), ([v1, v2, "--fail-on", "breaking"], 1), ([v1, v2, "--fail-on", "none"], 0),
                               ([v1, relabel], 0), ([v1, relabel, "--fail-on", "warning"], 0),
                               ([v1, relabel, "--fail-on", "info"], 1), ([v1, relabel, "--fail-on", "none"], 0)] as [([String], Int32)] {
            let r = try Self.run(args)
            #expect(r.status == status, "\(args.suffix(2)): exit \(r.status), expected \(status)\n\(r.stderr)")
        }
        #expect(try Self.run([v1]).status == 64)
        #expect(try Self.run([v1, v2, "--fail-on", "sometimes"]).status == 64)
        #expect(try Self.run([v1, v2, "--format", "pdf"]).status == 64)
        #expect(try Self.run([v1, Self.fixture("missing.xml")]).status == 66)
    }

    @Test(.enabled(if: hasJSONSchema, "needs python3 with jsonschema"))
    func jsonValidatesAgainstSchema() throws {
        let schema = TestPaths.repo.appendingPathComponent("docs/diff-v1.schema.json").path
        for name in ["order", "profile"] {
            let r = try Self.run([Self.fixture("\(name)-v1.xml"), Self.fixture("\(name)-v2.xml"), "--format", "json"])
            let out = try Subprocess.python("""
            import json, sys, collections, jsonschema
            schema = json.load(open(sys.argv[1])); doc = json.load(sys.stdin)
            jsonschema.Draft202012Validator(schema).validate(doc)
            n = collections.Counter(c["level"] for c in doc["changes"])
            s = doc["summary"]
            assert (s["breaking"], s["warning"], s["info"], s["total"]) == (n["breaking"], n["warning"], n["info"], len(doc["changes"])), s
            print("ok", len(doc["changes"]))
            """, [schema], stdin: r.stdout)
            #expect(out.hasPrefix("ok"), "\(out)")
        }
    }

    /// The Markdown is a GFM table: a header, a delimiter row, and one row per change, each with the
    /// header's number of cells (pipes inside cells escaped).
    @Test func markdownIsATable() throws {
        let r = try Self.run([Self.fixture("order-v1.xml"), Self.fixture("order-v2.xml"), "--format", "markdown"])
        let out = try Subprocess.python("""
        import re, sys
        rows = [l for l in sys.stdin.read().splitlines() if l.startswith("|")]
        cells = lambda l: [c for c in re.split(r"(?<!\\\\)\\|", l)[1:-1]]
        header = cells(rows[0])
        assert all(re.fullmatch(r"-{3,}", c) for c in cells(rows[1])), rows[1]
        assert all(len(cells(r)) == len(header) for r in rows), [r for r in rows if len(cells(r)) != len(header)]
        print(len(rows) - 2)
        """, stdin: r.stdout)
        #expect(out.trimmingCharacters(in: .whitespacesAndNewlines) == "\(Self.expectedOrder.count)")
        #expect(r.stdout.contains("formconv diff:"))
    }

    @Test func sarifAndGithubNameNEW() throws {
        let v1 = Self.fixture("order-v1.xml"), v2 = Self.fixture("order-v2.xml")
        let sarif = try Self.run([v1, v2, "--format", "sarif", "--fail-on", "none"])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        #expect(doc["version"] as? String == "2.1.0")
        let run = try #require((doc["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == Self.expectedOrder.count)
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        let ruleIDs = Set(rules.compactMap { $0["id"] as? String })
        #expect(results.allSatisfy { ruleIDs.contains($0["ruleId"] as? String ?? "") })
        let github = try Self.run([v1, v2, "--format", "github", "--fail-on", "none"])
        let lines = github.stdout.split(separator: "\n")
        #expect(lines.count == Self.expectedOrder.count)
        #expect(lines.allSatisfy { $0.hasPrefix("::error file=") || $0.hasPrefix("::warning file=") || $0.hasPrefix("::notice file=") })
        #expect(lines.filter { $0.hasPrefix("::error") }.count == Self.expectedOrder.filter { $0.level == "breaking" }.count)
        #expect(lines.allSatisfy { $0.contains("order-v2.xml") }, "annotations go on NEW")
    }

    @Test func textGroupsByLevelWithSummaryOnStandardError() throws {
        let r = try Self.run([Self.fixture("order-v1.xml"), Self.fixture("order-v2.xml"), "--color", "never"])
        let lines = r.stdout.split(separator: "\n").map(String.init)
        let headers = lines.filter { !$0.hasPrefix(" ") }
        #expect(headers == ["Breaking (10):", "Warning (4):", "Info (6):"])
        #expect(r.stderr.contains("10 breaking, 4 warning, 6 info changes between"))
        #expect(!r.stdout.contains("changes between"))
    }

    @Test(.enabled(if: hasGit, "needs git"))
    func gitRevisionAgainstWorkingTree() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("formconv-diff-git-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("forms"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        func git(_ args: String...) throws {
            let r = try Subprocess.run("git", ["-c", "user.name=t", "-c", "user.email=t@example.com"] + args, in: dir)
            #expect(r.status == 0, "git \(args): \(r.stderr)")
        }
        let fm = FileManager.default
        try fm.copyItem(atPath: Self.fixture("order-v1.xml"), toPath: dir.appendingPathComponent("forms/order.xml").path)
        try fm.copyItem(atPath: Self.fixture("profile-v1.xml"), toPath: dir.appendingPathComponent("forms/profile.xml").path)
        try Data("{\"name\": \"not a form\"}".utf8).write(to: dir.appendingPathComponent("package.json"))
        try git("init", "-q")
        try git("add", ".")
        try git("commit", "-qm", "v1")
        try fm.removeItem(at: dir.appendingPathComponent("forms/order.xml"))
        try fm.copyItem(atPath: Self.fixture("order-v2.xml"), toPath: dir.appendingPathComponent("forms/order.xml").path)
        try fm.removeItem(at: dir.appendingPathComponent("forms/profile.xml"))
        try Data("{\"name\": \"still not a form\"}".utf8).write(to: dir.appendingPathComponent("package.json"))
        let r = try Self.run(["--git", "HEAD", "--format", "json"], in: dir)
        #expect(r.status == 1, "\(r.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let pairs = try #require(doc["comparisons"] as? [[String: String]])
        #expect(pairs.map { $0["new"] ?? "" } == ["forms/order.xml", "forms/profile.xml"])
        let got = Self.expected(try Self.changes(r.stdout))
        #expect(Set(got.filter { $0.field != "extrasPage" }).isSuperset(of: Set(Self.expectedOrder)))
        // The deleted form: each of its value fields removed.
        #expect(got.contains(Expected("field.removed", "breaking", "nickname")))
        let clean = try Self.run(["--git", "HEAD", "forms/none"], in: dir)
        #expect(clean.status == 0 && clean.stdout.isEmpty, "\(clean.stderr)")
        #expect(try Self.run(["--git", "no-such-rev"], in: dir).status == 1)
    }
}
