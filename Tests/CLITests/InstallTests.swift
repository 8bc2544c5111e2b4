import Foundation
import Testing
import FormConvTestSupport

/// `scripts/install` puts formconv on the PATH with completions and a manual page generated from the
/// command definitions. The release build it makes by default is not run here (debug builds only on
/// this machine): `--binary` installs the binary the tests built.
@Suite struct InstallTests {
    static let script = TestPaths.repo.appendingPathComponent("scripts/install").path
    static let manualTool: String? = {
        let build = TestPaths.repo.appendingPathComponent(".build")
        let platforms = (try? FileManager.default.contentsOfDirectory(atPath: build.path)) ?? []
        return platforms.map { build.appendingPathComponent("\($0)/debug/generate-manual-tool").path }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Completes `line` (its last word) with the installed bash completion; the candidates.
    static func complete(_ line: String, prefix: ScratchDirectory) throws -> [String] {
        let words = line.split(separator: " ").map(String.init)
        let script = """
        source '\(prefix.path("share/bash-completion/completions/formconv"))'
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
        #expect(try Self.complete("formconv li", prefix: prefix) == ["lint"])
        #expect(try Self.complete("formconv convert a.xml --to js", prefix: prefix) == ["json", "json-schema", "jsonforms"])
        #expect(try Self.complete("formconv convert a.xml --to ht", prefix: prefix) == ["html"])
        #expect(try Self.complete("formconv lint --format sa", prefix: prefix) == ["sarif"])
        #expect(try Self.complete("formconv lint --fail-on w", prefix: prefix) == ["warning"])
        let bad = try Subprocess.run(Self.script, ["--prefx", prefix.path])
        #expect(bad.status == 64 && bad.stderr.contains("unknown argument"))
    }

    @Test(.enabled(if: manualTool != nil, "needs the argument parser's generate-manual tool built (swift package plugin generate-manual)"))
    func installsTheManualPage() throws {
        let prefix = try ScratchDirectory("install-man")
        defer { prefix.remove() }
        let r = try Subprocess.run(Self.script, ["--prefix", prefix.path, "--binary", TestPaths.formconv.path])
        #expect(r.status == 0, "\(r.output)")
        let page = try String(contentsOfFile: prefix.path("share/man/man1/formconv.1"), encoding: .utf8)
        #expect(page.contains(".Dt FORMCONV 1"))
        for option in ["baseline", "max-input-size", "report", "fail-on"] {
            #expect(page.contains(option), "\(option)")
        }
    }
}
