import Foundation
import Testing
import FormConvKit
import FormConvTestSupport

/// Issue 38: what formconv writes never replaces what it reads, every read is bounded before it
/// happens, and hostile patterns, attributes, keys and object graphs stay linear. Each test runs the
/// built binary as a user would. Time is bounded by the subprocess timeout (a run that hangs or is
/// exponential fails), never asserted as a duration.
@Suite struct WorkflowBoundsTests {
    static let signup = (try? String(contentsOf: TestPaths.repo.appendingPathComponent("examples/signup.xml"), encoding: .utf8)) ?? ""

    static func folder(_ label: String) throws -> ScratchDirectory {
        let dir = try ScratchDirectory(label)
        _ = try dir.write(signup, to: "forms/form.xml")
        return dir
    }

    // MARK: No output of a run is one of its inputs

    @Test(arguments: [["--write-baseline", "forms/form.xml"], ["--report", "forms/form.xml"],
                      ["--report", "./forms/../forms/form.xml"]])
    func lintOutputsNeverReplaceAForm(_ output: [String]) throws {
        let dir = try Self.folder("bounds-lint-output")
        defer { dir.remove() }
        let before = try Data(contentsOf: URL(fileURLWithPath: dir.path("forms/form.xml")))
        let r = try TestPaths.runFormconv(["lint", "forms"] + output, in: dir.url, timeout: 30)
        #expect(r.status == 73, "\(r.stderr)")
        #expect(r.stderr.contains("is the input forms/form.xml: formconv never writes over an input"), "\(r.stderr)")
        #expect(r.stderr.contains("[output.is-input]"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir.path("forms/form.xml"))) == before)
    }

    /// A report over the baseline or the configuration the run reads would destroy them too.
    @Test func reportNeverReplacesTheBaselineOrTheConfiguration() throws {
        let dir = try Self.folder("bounds-lint-baseline")
        defer { dir.remove() }
        let write = try TestPaths.runFormconv(["lint", "forms", "--write-baseline", "base.json"], in: dir.url, timeout: 30)
        #expect(write.status == 0, "\(write.stderr)")
        let baseline = try Data(contentsOf: URL(fileURLWithPath: dir.path("base.json")))
        let r = try TestPaths.runFormconv(["lint", "forms", "--baseline", "base.json", "--report", "base.json"], in: dir.url, timeout: 30)
        #expect(r.status == 73, "\(r.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir.path("base.json"))) == baseline)
        _ = try dir.write("rules: {}\n", to: ".formconv.yml")
        let c = try TestPaths.runFormconv(["forms/form.xml", "--to", "json", "-o", "out.json", "--report", ".formconv.yml"], in: dir.url, timeout: 30)
        #expect(c.status == 73, "\(c.stderr)")
        #expect(try String(contentsOf: URL(fileURLWithPath: dir.path(".formconv.yml")), encoding: .utf8) == "rules: {}\n")
        // Rewriting the baseline it was given is what --write-baseline is for.
        let update = try TestPaths.runFormconv(["lint", "forms", "--baseline", "base.json", "--write-baseline", "base.json"], in: dir.url, timeout: 30)
        #expect(update.status == 0, "\(update.stderr)")
    }

    /// Convert's rule, from the same place: `-o` naming the input.
    @Test func convertRefusesItsInputAsOutput() throws {
        let dir = try Self.folder("bounds-convert-output")
        defer { dir.remove() }
        let r = try TestPaths.runFormconv(["forms/form.xml", "--to", "mmxml", "-o", "forms/form.xml"], in: dir.url, timeout: 30)
        #expect(r.status == 73)
        #expect(r.stderr.contains("forms/form.xml is the input forms/form.xml: formconv never writes over an input; choose another output [output.is-input]"),
                "\(r.stderr)")
        #expect(try String(contentsOf: URL(fileURLWithPath: dir.path("forms/form.xml")), encoding: .utf8) == Self.signup)
    }

    // MARK: Reads bounded before they happen

    /// A configuration that never ends (a FIFO fed forever would do; a file past the 1 MiB limit is the
    /// same check) is refused without being read whole.
    @Test func configurationOverItsLimitIsRefused() throws {
        let dir = try Self.folder("bounds-config")
        defer { dir.remove() }
        let big = "rules: {}\n" + String(repeating: "# padding\n", count: 110_000)  // 1.1 MB
        _ = try dir.write(big, to: "big.yml")
        let r = try TestPaths.runFormconv(["lint", "forms", "--config", "big.yml"], in: dir.url, timeout: 30)
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.contains("configuration file big.yml is over the limit of 1 MiB"), "\(r.stderr)")
        // At the limit exactly it is read.
        let atLimit = "rules: {}\n" + String(repeating: "#", count: (1 << 20) - 11) + "\n"
        #expect(atLimit.utf8.count == 1 << 20)
        _ = try dir.write(atLimit, to: "limit.yml")
        let ok = try TestPaths.runFormconv(["lint", "forms", "--config", "limit.yml"], in: dir.url, timeout: 30)
        #expect(ok.status == 0, "\(ok.stderr)")
    }

    @Test func baselinesAreBoundedAndMissingOnesSaySo() throws {
        let dir = try Self.folder("bounds-baseline")
        defer { dir.remove() }
        let missing = try TestPaths.runFormconv(["lint", "forms", "--baseline", "missing.json"], in: dir.url, timeout: 30)
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("no such file: missing.json"), "\(missing.stderr)")
        _ = try dir.write(String(repeating: " ", count: 2048), to: "huge.json")
        let huge = try TestPaths.runFormconv(["lint", "forms", "--baseline", "huge.json", "--max-input-size", "1K"], in: dir.url, timeout: 30)
        #expect(huge.status == 64)
        #expect(huge.stderr.contains("over the limit of 1 KiB"), "\(huge.stderr)")
        _ = try dir.write("{}", to: "other.json")
        let other = try TestPaths.runFormconv(["lint", "forms", "--baseline", "other.json"], in: dir.url, timeout: 30)
        #expect(other.stderr.contains("other.json is not a baseline written by --write-baseline"), "\(other.stderr)")
    }

    /// Lint checks the size with stat(2) before reading: a sparse 1.5 GB file is refused at once (it
    /// was read whole first: 1.5 GB of memory).
    @Test func lintRefusesAFileOverTheLimitUnread() throws {
        let dir = try Self.folder("bounds-lint-large")
        defer { dir.remove() }
        _ = try dir.write("<form name=\"x\">", to: "forms/huge.xml")
        #expect(truncate(dir.path("forms/huge.xml"), 1_500_000_000) == 0)
        let r = try TestPaths.runFormconv(["lint", "forms/huge.xml"], in: dir.url, timeout: 30)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout.contains("forms/huge.xml:1:1: error: input is 1500000000 bytes, over the limit of 64 MiB"), "\(r.stdout)")
    }

    /// `--max-input-size` at `Int.max` on standard input overflowed computing one byte past the limit.
    @Test func largestLimitOnStandardInput() throws {
        let r = try TestPaths.runFormconv(["-", "--from", "mmxml", "--to", "json", "--max-input-size", "9223372036854775807", "-q"],
                                          stdin: Array(Self.signup.utf8), timeout: 30)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\"firstName\""))
    }

    /// A walked file that cannot be read ends lint with 66, as docs/cli.md's table says.
    @Test func unreadableWalkedFileExits66() throws {
        let dir = try Self.folder("bounds-lint-fifo")
        defer { dir.remove() }
        #expect(mkfifo(dir.path("forms/pipe.xml"), 0o644) == 0)
        let r = try TestPaths.runFormconv(["lint", "forms"], in: dir.url, timeout: 30)
        #expect(r.status == 66, "\(r.stderr)")
        #expect(r.stdout.contains("forms/pipe.xml:1:1: error: cannot read forms/pipe.xml"), "\(r.stdout)")
    }

    // MARK: Graphs, patterns, attributes and keys

    /// A binary plist whose arrays share children: object 0 a 200-byte string, each next object an
    /// array of 14 references to the one before, four levels: 38,416 copies of the string (7.7 MB)
    /// from 314 bytes. Text counts against the same budget as YAML's aliases.
    static func sharedPlist(levels: Int, fan: Int, text: Int) -> [UInt8] {
        var objects: [[UInt8]] = [[0x5F, 0x11, UInt8(text >> 8), UInt8(text & 0xFF)] + Array(repeating: UInt8(ascii: "x"), count: text)]
        for k in 1..<levels { objects.append([0xA0 | UInt8(fan)] + Array(repeating: UInt8(k - 1), count: fan)) }
        var bytes = Array("bplist00".utf8), offsets: [Int] = []
        for o in objects { offsets.append(bytes.count); bytes += o }
        let table = bytes.count
        for o in offsets { bytes += [UInt8(o >> 8), UInt8(o & 0xFF)] }
        func be64(_ v: Int) -> [UInt8] { (0..<8).reversed().map { UInt8((v >> ($0 * 8)) & 0xFF) } }
        bytes += Array(repeating: 0, count: 6) + [2, 1] + be64(objects.count) + be64(objects.count - 1) + be64(table)
        return bytes
    }

    @Test func sharedPlistObjectsAreRefused() throws {
        let dir = try ScratchDirectory("bounds-plist")
        defer { dir.remove() }
        let bomb = Self.sharedPlist(levels: 5, fan: 14, text: 200)
        #expect(bomb.count < 400)
        _ = try dir.write(bomb, to: "bomb.plist")
        let r = try TestPaths.runFormconv(["bomb.plist", "--from", "rmsform", "--to", "json", "-o", "out.json"], in: dir.url, timeout: 30)
        #expect(r.status == 1)
        #expect(r.stderr.contains("bomb.plist:1:1: error: binary plist: shared objects expand beyond 100000 extra values [plist.invalid]"),
                "\(r.stderr.prefix(500))")
        // Two levels share the string 14 times: well within the budget, read.
        _ = try dir.write(Self.sharedPlist(levels: 2, fan: 14, text: 200), to: "small.plist")
        let small = try TestPaths.runFormconv(["small.plist", "--from", "rmsform", "--to", "json", "-o", "out.json"], in: dir.url, timeout: 30)
        #expect(!small.stderr.contains("plist.invalid"), "\(small.stderr.prefix(500))")
    }

    /// `loss.` and twenty `*`: backtracking took over 30 s for every convert.
    @Test func starPatternsAreLinear() throws {
        let dir = try Self.folder("bounds-glob")
        defer { dir.remove() }
        _ = try dir.write("accept-losses:\n  - \"loss.\(String(repeating: "*", count: 20))x\"\n  - loss.layout.*\nexclude:\n  - \"\(String(repeating: "*", count: 30))/old/**\"\n",
                          to: ".formconv.yml")
        let c = try TestPaths.runFormconv(["forms/form.xml", "--to", "json", "-o", "out.json", "--fail-on", "loss"], in: dir.url, timeout: 20)
        // loss.layout.* accepted the layout losses; the others still fail the run.
        #expect(!c.stderr.contains("[loss.layout.size]"), "\(c.stderr)")
        #expect(c.stderr.contains("[loss.submission.submits-value]"), "\(c.stderr)")
        let l = try TestPaths.runFormconv(["lint", "forms"], in: dir.url, timeout: 20)
        #expect(l.stderr.contains("Linted 1 file"), "\(l.stderr)")
    }

    // 100,000 attributes on one item: refused at the item since the bound on attributes per element
    // (1,000, docs/cli.md), in `AttributeBoundTests`.

    /// 300,000 unknown keys on one row are kept for round trips, and written back once each.
    @Test func manyUnknownRowKeys() throws {
        let dir = try ScratchDirectory("bounds-row-keys")
        defer { dir.remove() }
        let n = 300_000
        let keys = (0..<n).map { "\"k\($0)\": 1" }.joined(separator: ",")
        _ = try dir.write("{\"sections\":[{\"type\":\"static\",\"items\":[{\"type\":\"text\",\"id\":\"a\",\(keys)}]}]}", to: "keys.rows.json")
        let r = try TestPaths.runFormconv(["keys.rows.json", "--to", "json", "-o", "out.json", "-q"], in: dir.url, timeout: 180)
        #expect(r.status == 0, "\(r.stderr.prefix(300))")
        let out = try Data(contentsOf: URL(fileURLWithPath: dir.path("out.json")))
        let doc = try JSONSerialization.jsonObject(with: out) as? [String: Any]
        let row = ((doc?["sections"] as? [[String: Any]])?.first?["items"] as? [[String: Any]])?.first
        #expect(row?.keys.filter { $0.hasPrefix("k") }.count == n)
    }

    /// An unknown name of 1,000,000 characters (40,000 in XML: libxml2 refuses names over 50,000) is
    /// quoted to 80 (docs/fuzzing.md).
    @Test func longNamesAreQuotedTo80Characters() throws {
        let dir = try ScratchDirectory("bounds-quote")
        defer { dir.remove() }
        let name = String(repeating: "n", count: 1_000_000)
        _ = try dir.write("<form name=\"f\"><page name=\"p\"><group name=\"g\"><item name=\"i\" type=\"textField\" \(name.prefix(40_000))=\"1\"/></group></page></form>",
                          to: "long.xml")
        _ = try dir.write("{\"sections\":[{\"type\":\"static\",\"items\":[{\"type\":\"text\",\"id\":\"a\",\"\(name)\":1}]}]}", to: "long.rows.json")
        for file in ["long.xml", "long.rows.json"] {
            let r = try TestPaths.runFormconv([file, "--to", "ir", "-o", "out.ir.json"], in: dir.url, timeout: 60)
            #expect(r.status == 0, "\(r.stderr.prefix(300))")
            #expect(r.stderr.contains("unknown"), "\(file): \(r.stderr.prefix(300))")
            #expect(r.stderr.split(separator: "\n").allSatisfy { $0.utf8.count < 400 }, "\(file): a line of \(r.stderr.utf8.count) bytes")
        }
    }

    // MARK: Small ones

    @Test(arguments: ["XLFormViewController", "class", "9lives", "my-form"])
    func typeNamesThatCannotCompileAreRefused(_ name: String) throws {
        let dir = try Self.folder("bounds-type-name")
        defer { dir.remove() }
        let r = try TestPaths.runFormconv(["forms/form.xml", "--to", "xlform-swift", "--type-name", name, "-o", "out.swift"], in: dir.url, timeout: 30)
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.contains("--type-name:"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("out.swift")))
        let ok = try TestPaths.runFormconv(["forms/form.xml", "--to", "xlform-swift", "--type-name", "SignupController", "-o", "ok.swift", "-q"],
                                           in: dir.url, timeout: 30)
        #expect(ok.status == 0)
    }

    /// With four descriptors (three standard streams and one more) formconv starts, and converts.
    @Test func startsWithFourDescriptors() throws {
        let dir = try Self.folder("bounds-ulimit")
        defer { dir.remove() }
        let r = try Subprocess.run("/bin/sh", ["-c", "ulimit -n 4 && exec \"$0\" forms/form.xml --to json -q", TestPaths.formconv.path],
                                   in: dir.url, timeout: 30)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\"firstName\""))
    }
}

/// The fuzz harness reads configurations and baselines too (`FuzzHarness.WorkflowFile`, picked by the
/// first byte after the formats); these inputs sit at the documented limits.
@Suite struct WorkflowFuzzTargetTests {
    @Test func fuzzOneReachesConfigurationsAndBaselines() {
        let n = FuzzHarness.formats.count
        let config = Array("exclude: [\"\(String(repeating: "*", count: 40))/legacy/**\"]\naccept-losses: [\"loss.\(String(repeating: "*", count: 40))\"]\n".utf8)
        // The pattern matches: the harness's path is under legacy/, and the id is a loss.
        #expect(FuzzHarness.exercise(config, as: .config) == 2)
        FuzzHarness.fuzzOne([UInt8(n)] + config)
        let baseline = Array(#"{"formconv-baseline": 1, "findings": [{"file": "forms/a.xml", "rule": "empty-options", "message": "fuzz", "count": 3}]}"#.utf8)
        // One finding of the three recorded is dropped; the baseline holds three.
        #expect(FuzzHarness.exercise(baseline, as: .baseline) == 4)
        FuzzHarness.fuzzOne([UInt8(n + 1)] + baseline)
    }

    /// A configuration of 1 MiB (the limit) of patterns, mutated: every run ends (the subprocess-free
    /// harness has no timeout, so an exponential glob would hang this test).
    @Test func mutatedConfigurationsAtTheLimit() {
        var text = "exclude:\n"
        while text.utf8.count < (1 << 20) - 64 { text += "  - \"**/\(String(repeating: "*?", count: 12))a/**\"\n" }
        var m = Mutator(seed: 38)
        let base = Array(text.utf8)
        for _ in 0..<3 { FuzzHarness.exercise(m.mutate(base, other: base), as: .config) }
    }

    /// Binary plists with shared objects at and past the budget, through the harness's readers.
    @Test func sharedPlistsThroughTheHarness() {
        let inside = WorkflowBoundsTests.sharedPlist(levels: 3, fan: 14, text: 200)
        let past = WorkflowBoundsTests.sharedPlist(levels: 5, fan: 14, text: 200)
        for format in [FormatID.rmsform, .xlformPlist] {
            FuzzHarness.exercise(inside, as: format)
            FuzzHarness.exercise(past, as: format)
        }
    }
}
