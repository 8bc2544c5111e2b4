import Foundation
import Testing
import FormConvTestSupport

/// `scripts/install` puts formconv on the PATH with completions and a manual page generated from the
/// command definitions. The release build it makes by default is not run here (debug builds only on
/// this machine): `--binary` installs the binary the tests built.
@Suite struct InstallTests {
    static let script = TestPaths.repo.appendingPathComponent("scripts/install").path
    /// The clean-clone install runs a release build (some 25 minutes on this 2-core machine): scripts/test
    /// runs it once, with FORMCONV_TEST_CLEAN_INSTALL=1.
    static let cleanInstall = ProcessInfo.processInfo.environment["FORMCONV_TEST_CLEAN_INSTALL"] == "1"
    static let hasMan = Subprocess.which("man") && Subprocess.which("git")

    /// Completes `line` (its last word) with the installed bash completion; the candidates.
    static func complete(_ line: String, prefix: String) throws -> [String] {
        let words = line.split(separator: " ").map(String.init)
        let script = """
        source '\(prefix)/share/bash-completion/completions/formconv'
        COMP_WORDS=(\(words.map { "'\($0)'" }.joined(separator: " "))); COMP_CWORD=\(words.count - 1)
        COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}
        _formconv formconv '\(words.last!)' '\(words[words.count - 2])'
        printf '%s\\n' "${COMPREPLY[@]}"
        """
        let r = try Subprocess.run("/bin/bash", ["-c", script])
        return r.stdout.split(separator: "\n").map(String.init)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash"), "needs bash"))
    func installsBinaryAndCompletions() throws {
        let prefix = try ScratchDirectory("install")
        defer { prefix.remove() }
        let r = try Subprocess.run(Self.script, ["--prefix", prefix.path, "--binary", TestPaths.formconv.path, "--no-manual"])
        #expect(r.status == 0, "\(r.output)")
        let installed = try Subprocess.run(prefix.path("bin/formconv"), ["--version"])
        #expect(installed.status == 0 && !installed.stdout.isEmpty)
        for file in ["share/zsh/site-functions/_formconv", "share/fish/vendor_completions.d/formconv.fish"] {
            #expect(try String(contentsOfFile: prefix.path(file), encoding: .utf8).contains("json-schema"), "\(file)")
        }
        // The completions know the subcommands, the format names and lint's output formats.
        #expect(try Self.complete("formconv li", prefix: prefix.path) == ["lint"])
        #expect(try Self.complete("formconv convert a.xml --to js", prefix: prefix.path) == ["json", "json-schema", "jsonforms"])
        #expect(try Self.complete("formconv convert a.xml --to ht", prefix: prefix.path) == ["html"])
        #expect(try Self.complete("formconv lint --format sa", prefix: prefix.path) == ["sarif"])
        #expect(try Self.complete("formconv lint --fail-on w", prefix: prefix.path) == ["warning"])
        let bad = try Subprocess.run(Self.script, ["--prefx", prefix.path])
        #expect(bad.status == 64 && bad.stderr.contains("unknown argument"))
    }

    @Test(.timeLimit(.minutes(30)))
    func installsTheManualPage() throws {
        let prefix = try ScratchDirectory("install-man")
        defer { prefix.remove() }
        let r = try Subprocess.run(Self.script, ["--prefix", prefix.path, "--binary", TestPaths.formconv.path], timeout: 1200)
        #expect(r.status == 0, "\(r.output)")
        let page = try String(contentsOfFile: prefix.path("share/man/man1/formconv.1"), encoding: .utf8)
        #expect(page.contains(".Dt FORMCONV 1"))
        for option in ["baseline", "max-input-size", "report", "fail-on"] {
            #expect(page.contains(option), "\(option)")
        }
        // Every subcommand and every long option the command definitions declare (read from the binary,
        // not from a hand list) is in the manual page and the bash completion: they are generated.
        let dump = try Subprocess.run(TestPaths.formconv.path, ["--experimental-dump-help"])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let bash = try Subprocess.run(TestPaths.formconv.path, ["--generate-completion-script", "bash"]).stdout
        var commands: [[String: Any]] = [try #require(root["command"] as? [String: Any])]
        var checked = 0
        while let command = commands.popLast() {
            let subcommands = command["subcommands"] as? [[String: Any]] ?? []
            commands += subcommands
            for sub in subcommands {
                let name = try #require(sub["commandName"] as? String)
                #expect(page.contains(name) && bash.contains(name), "subcommand \(name)")
            }
            for argument in command["arguments"] as? [[String: Any]] ?? [] where argument["shouldDisplay"] as? Bool ?? true {
                for n in argument["names"] as? [[String: Any]] ?? [] where n["kind"] as? String == "long" {
                    let name = try #require(n["name"] as? String)
                    checked += 1
                    #expect(page.contains("-\(name)") && bash.contains("--\(name)"), "option --\(name)")
                }
            }
        }
        #expect(checked > 40, "the command definitions were read: \(checked) options")
    }

    /// A newcomer's install: a fresh clone of the repository (its committed state) with nothing built,
    /// `scripts/install --prefix DIR`, then the binary without the toolchain, the manual and completions.
    @Test(.enabled(if: cleanInstall && hasMan, "a release build from a clean clone: scripts/test runs it (FORMCONV_TEST_CLEAN_INSTALL=1, needs man and git)"))
    func installsFromACleanClone() throws {
        let dir = try ScratchDirectory("clean-install")
        defer { dir.remove() }
        let clone = try Subprocess.run("git", ["clone", "-q", TestPaths.repo.path, dir.path("repo")])
        try #require(clone.status == 0, "\(clone.output)")
        let r = try Subprocess.run(dir.path("repo/scripts/install"), ["--prefix", dir.path("prefix")], timeout: 3600)
        try #require(r.status == 0, "\(r.output)")
        let bin = dir.path("prefix/bin/formconv"), page = dir.path("prefix/share/man/man1/formconv.1")
        #expect(r.stderr.contains(page) && r.stderr.contains(bin))
        // Runs without the toolchain: no Swift library on the path, none linked dynamically.
        let version = try Subprocess.run("/usr/bin/env", ["-i", "PATH=/usr/bin:/bin", bin, "--version"])
        #expect(version.status == 0 && !version.stdout.isEmpty, "\(version.output)")
        let ldd = try Subprocess.run("ldd", [bin])
        #expect(!ldd.stdout.contains("libswift") && !ldd.stdout.contains("libFoundation") && !ldd.stdout.contains("not found"),
                "\(ldd.stdout)")
        // The manual renders, and names the subcommands.
        let man = try Subprocess.run("/usr/bin/env", ["MANPAGER=cat", "MANWIDTH=100", "man", "-l", page])
        #expect(man.status == 0, "\(man.output)")
        for name in ["convert", "lint", "formats", "max-input-size"] {
            #expect(man.stdout.contains(name), "\(name)")
        }
        #expect(try Self.complete("formconv convert a.xml --to json-s", prefix: dir.path("prefix")).contains("json-schema"))
    }
}
