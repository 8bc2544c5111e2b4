import Foundation
import Testing
import FormConvTestSupport

/// The GitHub Action (`action.yml`) and the pre-commit hooks (`.pre-commit-hooks.yaml`), run as far
/// as this machine allows: the action's definition is read with PyYAML and its own shell steps are
/// run as the runner would run them (GitHub's upload step cannot run here); the hooks run under the
/// real `pre-commit` when it is installed.
@Suite struct CIIntegrationTests {
    static let hasPyYAML = (try? Subprocess.python("import yaml")) != nil
    static let hasJSONSchema = (try? Subprocess.python("import jsonschema")) != nil
    static let hasPreCommit = Subprocess.which("pre-commit") && Subprocess.which("git")
    static let binDir = TestPaths.formconv.deletingLastPathComponent().path
    /// The built formconv first, then the test's own PATH (where python3, git and pre-commit are).
    static let path = binDir + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin")

    static func forms() throws -> ScratchDirectory {
        let dir = try ScratchDirectory("ci")
        let inputs = TestPaths.repo.appendingPathComponent("Tests/CLITests/Fixtures/inputs/lint")
        for name in ["bad.xml", "clean.xml"] {
            try dir.write(String(contentsOf: inputs.appendingPathComponent(name), encoding: .utf8), to: "forms/\(name)")
        }
        try dir.write("{\"name\": \"pkg\", \"version\": \"1.0.0\"}\n", to: "package.json")
        return dir
    }

    /// The steps of action.yml as JSON: name, run, env, uses, with, if.
    static func steps() throws -> [[String: Any]] {
        let json = try Subprocess.python("""
        import json, sys, yaml
        a = yaml.safe_load(open(sys.argv[1]))
        assert a["runs"]["using"] == "composite"
        assert set(a["inputs"]) >= {"paths", "args", "sarif-file", "upload", "fail"}, a["inputs"]
        print(json.dumps(a["runs"]["steps"]))
        """, [TestPaths.repo.appendingPathComponent("action.yml").path])
        return try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    }

    /// Runs a step's script as the runner does (`bash -e {0}`), with `env` and the runner's variables.
    static func run(_ step: [String: Any], env: [String: String], in dir: ScratchDirectory) throws -> Subprocess.Result {
        let script = try #require(step["run"] as? String)
        try dir.write(script, to: "step.sh")
        var environment = env
        environment["PATH"] = Self.path
        environment["RUNNER_TEMP"] = dir.path("runner-temp")
        environment["GITHUB_OUTPUT"] = dir.path("github-output")
        environment["GITHUB_PATH"] = dir.path("github-path")
        environment["GITHUB_ACTION_PATH"] = TestPaths.repo.path
        return try Subprocess.run("/bin/bash", ["--noprofile", "--norc", "-e", "-o", "pipefail", dir.path("step.sh")],
                                  in: dir.url, environment: environment)
    }

    @Test(.enabled(if: hasPyYAML && hasJSONSchema, "needs python3 with yaml and jsonschema"))
    func actionLintsAndWritesSARIFForTheUpload() throws {
        let dir = try Self.forms()
        defer { dir.remove() }
        let steps = try Self.steps()
        let names = steps.compactMap { $0["name"] as? String }
        #expect(names == ["Install formconv", "Lint", "Upload SARIF", "Fail on findings"])
        // formconv is on the PATH: the install step leaves it alone.
        let install = try Self.run(steps[0], env: [:], in: dir)
        #expect(install.status == 0, "\(install.output)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("github-path")))
        // The lint step, with the inputs as the runner passes them (`env:` of the step).
        let lint = try Self.run(steps[1], env: ["FORMCONV_PATHS": "forms package.json", "FORMCONV_ARGS": "--forms-only --target json",
                                                "FORMCONV_SARIF": "out.sarif"], in: dir)
        #expect(lint.status == 0, "the step records the status instead of failing: \(lint.output)")
        #expect(try String(contentsOfFile: dir.path("github-output"), encoding: .utf8) == "exit-status=1\n")
        // The upload step reads that file.
        let upload = steps[2]
        #expect(upload["uses"] as? String == "github/codeql-action/upload-sarif@v3")
        #expect((upload["with"] as? [String: Any])?["sarif_file"] as? String == "${{ inputs.sarif-file }}")
        let schema = TestPaths.shared.appendingPathComponent("schemas/sarif-schema-2.1.0.json").path
        let out = try Subprocess.python("""
        import json, sys, jsonschema
        log = json.load(open(sys.argv[2]))
        jsonschema.validate(log, json.load(open(sys.argv[1])))
        print(sorted({r["ruleId"] for r in log["runs"][0]["results"]}))
        """, [schema, dir.path("out.sarif")])
        #expect(out == "['conversion-loss', 'duplicate-name', 'empty-options']\n")
        // The last step fails the job with lint's status.
        let fail = try Self.run(steps[3], env: ["STATUS": "1"], in: dir)
        #expect(fail.status == 1)
        #expect((steps[3]["if"] as? String)?.contains("steps.lint.outputs.exit-status != '0'") == true)
    }

    /// `mode: diff`: the same step compares the forms with the base revision and writes SARIF, with a
    /// Markdown table in the job summary; its status is diff's (1 on breaking changes).
    @Test(.enabled(if: hasPyYAML && hasJSONSchema && Subprocess.which("git"), "needs python3 with yaml and jsonschema, and git"))
    func actionDiffModeComparesWithTheBase() throws {
        let dir = try ScratchDirectory("ci-diff")
        defer { dir.remove() }
        let inputs = TestPaths.repo.appendingPathComponent("Tests/CLITests/Fixtures/inputs/diff")
        try dir.write(String(contentsOf: inputs.appendingPathComponent("order-v1.xml"), encoding: .utf8), to: "forms/order.xml")
        let env = ["PATH": Self.path, "HOME": dir.path("home"), "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
                   "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com"]
        for args in [["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "v1"]] {
            let git = try Subprocess.run("git", args, in: dir.url, environment: env)
            #expect(git.status == 0, "\(git.output)")
        }
        try dir.write(String(contentsOf: inputs.appendingPathComponent("order-v2.xml"), encoding: .utf8), to: "forms/order.xml")
        let steps = try Self.steps()
        let step = try Self.run(steps[1], env: ["FORMCONV_MODE": "diff", "FORMCONV_BASE": "HEAD", "FORMCONV_PATHS": "forms",
                                                "FORMCONV_ARGS": "", "FORMCONV_SARIF": "out.sarif",
                                                "GITHUB_STEP_SUMMARY": dir.path("summary.md")], in: dir)
        #expect(step.status == 0, "the step records the status instead of failing: \(step.output)")
        #expect(try String(contentsOfFile: dir.path("github-output"), encoding: .utf8) == "exit-status=1\n")
        let schema = TestPaths.shared.appendingPathComponent("schemas/sarif-schema-2.1.0.json").path
        let out = try Subprocess.python("""
        import json, sys, jsonschema
        log = json.load(open(sys.argv[2]))
        jsonschema.validate(log, json.load(open(sys.argv[1])))
        print(len(log["runs"][0]["results"]), "field.renamed" in {r["ruleId"][5:] for r in log["runs"][0]["results"]})
        """, [schema, dir.path("out.sarif")])
        #expect(out == "20 True\n")
        let summary = try String(contentsOfFile: dir.path("summary.md"), encoding: .utf8)
        #expect(summary.contains("| breaking | `field.renamed` | `giftMessage` |"), "\(summary)")
    }

    @Test(.enabled(if: hasPreCommit && hasPyYAML, "needs pre-commit, git and PyYAML"))
    func preCommitDiffHookFailsOnBreakingChanges() throws {
        let dir = try ScratchDirectory("ci-diff-hook")
        defer { dir.remove() }
        let inputs = TestPaths.repo.appendingPathComponent("Tests/CLITests/Fixtures/inputs/diff")
        try dir.write(String(contentsOf: inputs.appendingPathComponent("order-v1.xml"), encoding: .utf8), to: "forms/order.xml")
        try dir.write("{\"name\": \"pkg\"}\n", to: "package.json")
        let first = try Self.preCommit("formconv-diff", in: dir)
        #expect(first.status == 0, "nothing changed since HEAD: \(first.output)")
        try dir.write(String(contentsOf: inputs.appendingPathComponent("order-v2.xml"), encoding: .utf8), to: "forms/order.xml")
        try dir.write("{\"name\": \"pkg2\"}\n", to: "package.json")
        let env = ["PATH": Self.path, "HOME": dir.path("home"), "PRE_COMMIT_HOME": dir.path("pre-commit-home")]
        _ = try Subprocess.run("git", ["add", "-A"], in: dir.url, environment: env)
        let r = try Subprocess.run("pre-commit", ["run", "formconv-diff"], in: dir.url, environment: env, timeout: 120)
        #expect(r.status == 1, "\(r.output)")
        #expect(r.output.contains("field 'giftNote' was renamed to 'giftMessage'"), "\(r.output)")
        #expect(!r.output.contains("package.json"), "package.json is not a form: \(r.output)")
    }

    /// Writes a pre-commit configuration that takes `hook` from this repository, commits the forms, and
    /// runs `pre-commit run` on every file.
    static func preCommit(_ hook: String, in dir: ScratchDirectory) throws -> Subprocess.Result {
        let env = ["PATH": Self.path, "HOME": dir.path("home"), "PRE_COMMIT_HOME": dir.path("pre-commit-home"),
                   "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
                   "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com"]
        // `repo: local` with the hook definitions copied in is what `try-repo` would do without a commit of
        // this working tree: the definition is read from the file as it is.
        let out = try Subprocess.python("""
        import sys, yaml
        hooks = yaml.safe_load(open(sys.argv[1]))
        hook = [h for h in hooks if h["id"] == sys.argv[2]]
        print(yaml.safe_dump({"repos": [{"repo": "local", "hooks": hook}]}))
        """, [TestPaths.repo.appendingPathComponent(".pre-commit-hooks.yaml").path, hook])
        try dir.write(out, to: ".pre-commit-config.yaml")
        for args in [["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "forms"]] {
            let git = try Subprocess.run("git", args, in: dir.url, environment: env)
            #expect(git.status == 0, "\(git.output)")
        }
        return try Subprocess.run("pre-commit", ["run", hook, "--all-files"], in: dir.url, environment: env, timeout: 120)
    }

    @Test(.enabled(if: hasPreCommit && hasPyYAML, "needs pre-commit, git and PyYAML"))
    func preCommitHookFailsOnErrorsOnly() throws {
        let dir = try Self.forms()
        defer { dir.remove() }
        let r = try Self.preCommit("formconv-lint", in: dir)
        #expect(r.status == 1, "\(r.output)")
        #expect(r.output.contains("forms/bad.xml:8:7: error: item name 'email' is already used"), "\(r.output)")
        #expect(!r.output.contains("package.json:"), "package.json is not a form: \(r.output)")
        try FileManager.default.removeItem(atPath: dir.path("forms/bad.xml"))
        let git = try Subprocess.run("git", ["commit", "-qam", "fixed"], in: dir.url,
                                     environment: ["GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
                                                   "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com",
                                                   "HOME": dir.path("home")])
        #expect(git.status == 0, "\(git.output)")
        let clean = try Subprocess.run("pre-commit", ["run", "formconv-lint", "--all-files"], in: dir.url,
                                       environment: ["PATH": Self.path, "HOME": dir.path("home"),
                                                     "PRE_COMMIT_HOME": dir.path("pre-commit-home")], timeout: 120)
        #expect(clean.status == 0, "\(clean.output)")
    }

    @Test(.enabled(if: hasPreCommit && hasPyYAML, "needs pre-commit, git and PyYAML"))
    func preCommitFixHookRewritesLegacySpellings() throws {
        let dir = try ScratchDirectory("ci-fix")
        defer { dir.remove() }
        let legacy = try String(contentsOf: TestPaths.repo.appendingPathComponent("Tests/CLITests/Fixtures/inputs/legacy.xml"),
                                encoding: .utf8)
        try dir.write(legacy, to: "forms/legacy.xml")
        let r = try Self.preCommit("formconv-lint-fix", in: dir)
        // pre-commit fails a hook that changed files, so that the change is reviewed and staged.
        #expect(r.status == 1, "\(r.output)")
        #expect(r.output.contains("files were modified by this hook"), "\(r.output)")
        let fixed = try String(contentsOfFile: dir.path("forms/legacy.xml"), encoding: .utf8)
        #expect(fixed == legacy.replacingOccurrences(of: "type=\"TextField\"", with: "type=\"textField\""))
    }
}
