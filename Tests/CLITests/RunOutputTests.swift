import Foundation
import Testing
import FormIR
@testable import FormConvKit

@Suite struct RunOutputTests {
    static let loss = Diagnostic(.warning, id: "loss.layout.position", "json cannot express the position upper_left",
                                 at: SourceLocation(file: "a.xml", line: 3, column: 5), path: "/pages/0/sections/0/fields/x",
                                 loss: Loss(feature: "layout.position", target: "json"))
    static let warning = Diagnostic(.warning, id: "mmxml.deprecated", "old spelling", at: SourceLocation(file: "a.xml", line: 1, column: 2))
    static let note = Diagnostic(.note, id: "x.note", "fyi")
    static let error = Diagnostic(.error, id: "input.not-found", "no such file: b.xml")

    @Test func policies() {
        let all = [Self.loss, Self.warning, Self.note]
        #expect(FailurePolicy().failing(all).isEmpty)
        #expect(FailurePolicy().failing([Self.error]) == [Self.error])
        #expect(FailurePolicy(failOn: .warning).failing(all) == [Self.loss, Self.warning])
        #expect(FailurePolicy(failOn: .loss).failing(all) == [Self.loss])
        #expect(FailurePolicy(strict: true).failing(all) == [Self.loss, Self.warning])
        var noteLoss = Self.loss
        noteLoss.severity = .note
        #expect(FailurePolicy(failOn: .loss).fails(on: noteLoss))
        #expect(!FailurePolicy(failOn: .warning).fails(on: noteLoss))
    }

    @Test func printedLines() {
        let plain = DiagnosticPrinter()
        #expect(plain.line(for: Self.loss) == "a.xml:3:5: warning: json cannot express the position upper_left [loss.layout.position]")
        #expect(plain.line(for: Self.error, file: "b.xml") == "b.xml: error: no such file: b.xml [input.not-found]")
        let colored = DiagnosticPrinter(color: true).line(for: Self.error, file: "b.xml")
        #expect(colored.contains("\u{1B}[1;31merror\u{1B}[0m"))
        #expect(colored.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
                == plain.line(for: Self.error, file: "b.xml"))
        let quiet = DiagnosticPrinter(quiet: true)
        #expect(quiet.text(for: [Self.loss, Self.warning, Self.note, Self.error], file: "b.xml")
                == "b.xml: error: no such file: b.xml [input.not-found]\n")
    }

    /// The plain lines are each diagnostic's `formatted(defaultFile:)` and a newline, for every shape
    /// of diagnostic; `quiet` keeps the errors.
    @Test func plainLines() {
        let all = [Self.loss, Self.warning, Self.note, Self.error,
                   Diagnostic(.warning, id: "x.wide", "né à Zürich — 日本 '\u{1F600}'",
                              at: SourceLocation(file: "dir/é f.xml", line: 1_234_567, column: 89)),
                   Diagnostic(.error, id: "x.big", "", at: SourceLocation(file: "", line: Int(UInt32.max), column: 0))]
        for file in [nil, "b.xml"] {
            #expect(DiagnosticPrinter().text(for: all, file: file)
                    == all.map { $0.formatted(defaultFile: file) + "\n" }.joined())
            #expect(DiagnosticPrinter(quiet: true).text(for: all, file: file)
                    == all.filter { $0.severity == .error }.map { $0.formatted(defaultFile: file) + "\n" }.joined())
        }
        #expect(DiagnosticPrinter().text(for: []) == "")
    }

    @Test func colorModes() {
        #expect(ColorMode.always.enabled(environment: ["NO_COLOR": "1"]))
        #expect(!ColorMode.never.enabled(environment: [:]))
        #expect(!ColorMode.auto.enabled(environment: ["NO_COLOR": "1"]))
        #expect(!ColorMode.auto.enabled(for: -1, environment: [:]), "not a terminal")
    }

    /// Every input is in the report, those without findings too, with its diagnostics' documented keys.
    @Test func reportListsEveryInputWithItsDiagnostics() throws {
        var report = RunReport(command: "convert", target: .json)
        report.add(path: "a.xml", format: .mmxml, output: "out/a.json", status: .success, diagnostics: [])
        report.add(path: "b.xml", format: nil, output: "out/b.json", status: .failure, diagnostics: [Self.loss, Self.error])
        var result = RunResult()
        result.add(input: "a.xml", status: .success, diagnostics: [])
        result.add(input: "b.xml", status: .failure, diagnostics: [Self.loss, Self.error])
        let bytes = report.encoded(result, policy: FailurePolicy(), status: .failure)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(doc["formconv-report"] as? Int == 1)
        #expect(doc["failedInputs"] as? [String] == ["b.xml"])
        let inputs = try #require(doc["inputs"] as? [[String: Any]])
        #expect(inputs.map { $0["path"] as? String } == ["a.xml", "b.xml"])
        #expect(inputs[0]["status"] as? String == "ok" && inputs[1]["status"] as? String == "failed")
        let json = try #require(inputs[1]["diagnostics"] as? [[String: Any]])
        #expect(json.count == 2)
        #expect(json[0]["feature"] as? String == "layout.position")
        #expect(json[0]["target"] as? String == "json")
        #expect(json[0]["line"] as? Int == 3)
        #expect(json[0]["path"] as? String == "/pages/0/sections/0/fields/x")
        #expect(json[1]["file"] as? String == "b.xml")
        #expect(json[1]["line"] is NSNull)
        #expect(json[1]["feature"] == nil, "only losses carry feature and target")
        #expect(Set(json[1].keys) == ["severity", "id", "message", "file", "line", "column", "path"])
    }

    /// The end of a batch: failed inputs, losses by id (most frequent first, then by id; accepted apart),
    /// the summary; in colour the same text with escapes around it.
    @Test func runSummaryGroupsLossesByID() {
        var other = Self.loss
        other.id = "loss.kind.signature"
        other.loss = Loss(feature: "kind.signature", target: "json")
        var result = RunResult()
        result.add(input: "a.xml", status: .success, diagnostics: [Self.loss, Self.loss, other], accepted: [other])
        result.add(input: "b.xml", status: .success, diagnostics: [Self.loss])
        result.add(input: "c.xml", status: .failure, diagnostics: [Self.error])
        let plain = RunSummary.text(result)
        #expect(plain == """
        failed: c.xml
        loss.layout.position: 3 in 2 files
        loss.kind.signature: 1 in 1 file
        loss.kind.signature: 1 in 1 file (accepted)
        converted 2, failed 1, losses 4, accepted 1

        """)
        let colored = RunSummary.text(result, color: true)
        #expect(colored != plain)
        #expect(colored.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression) == plain)
        #expect(RunSummary.threshold(result, policy: FailurePolicy()) == nil)
        #expect(RunSummary.threshold(result, policy: FailurePolicy(failOn: .loss))
                == "--fail-on loss failed the run on: loss.layout.position (3 in 2 files), loss.kind.signature (1 in 1 file)")
        #expect(RunSummary.threshold(result, policy: FailurePolicy(failOn: .loss), shown: 1)
                == "--fail-on loss failed the run on: loss.layout.position (3 in 2 files), and 1 more id (--report lists them)")
    }

    @Test func exitStatusPrecedence() {
        func outcome(_ s: FormConvKit.ExitStatus, _ d: [Diagnostic] = []) -> FileOutcome {
            FileOutcome(input: "x", destination: .standardOutput, format: nil, status: s, diagnostics: d, standardOutput: nil)
        }
        #expect(RunResult(outcomes: []).exitStatus(policy: FailurePolicy()) == .success)
        #expect(RunResult(outcomes: [outcome(.success), outcome(.failure), outcome(.noInput)]).exitStatus(policy: FailurePolicy()) == .noInput)
        #expect(RunResult(outcomes: [outcome(.cannotCreate), outcome(.noInput)]).exitStatus(policy: FailurePolicy()) == .cannotCreate)
        #expect(RunResult(outcomes: [outcome(.cannotCreate), outcome(.internalError)]).exitStatus(policy: FailurePolicy()) == .internalError)
        let lossy = RunResult(outcomes: [outcome(.success, [Self.loss])])
        #expect(lossy.exitStatus(policy: FailurePolicy()) == .success)
        #expect(lossy.exitStatus(policy: FailurePolicy(failOn: .loss)) == .failure)
        #expect(lossy.summary == "converted 1, failed 0, losses 1")
    }

    /// The counts a run keeps of an input's diagnostics fail a policy exactly when one of them does.
    @Test func countsFailAPolicyAsTheirDiagnosticsDo() {
        let note = Diagnostic(.note, id: "output.renamed", "a.xml has the same stem")
        let warning = Diagnostic(.warning, id: "mmxml.deprecated", "legacy spelling")
        var noteLoss = Self.loss
        noteLoss.severity = .note
        var errorLoss = Self.loss
        errorLoss.severity = .error
        let kinds = [note, warning, Self.loss, noteLoss, errorLoss, Self.error]
        let policies = [FailurePolicy(), FailurePolicy(failOn: .warning), FailurePolicy(failOn: .loss), FailurePolicy(strict: true)]
        // Every subset of the kinds, under every policy.
        for mask in 0..<(1 << kinds.count) {
            let found = kinds.indices.filter { mask & (1 << $0) != 0 }.map { kinds[$0] }
            let counts = FindingCounts(found)
            #expect(counts.losses == found.filter { $0.loss != nil }.count)
            for policy in policies {
                #expect(policy.fails(on: counts) == found.contains(where: policy.fails(on:)), "\(found.map(\.id)) \(policy)")
            }
        }
    }

    @Test func atomicWriteLeavesOnlyTheFile() throws {
        let fm = FileManager.default
        let dir = fm.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)")
        defer { try? fm.removeItem(at: dir) }
        let target = dir.appendingPathComponent("a/b/out.json").path
        #expect(throws: Never.self) { try AtomicWriter.write(Array("one".utf8), to: target).get() }
        #expect(throws: Never.self) { try AtomicWriter.write(Array("two".utf8), to: target).get() }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "two")
        #expect(try fm.contentsOfDirectory(atPath: dir.appendingPathComponent("a/b").path) == ["out.json"])
        #expect(throws: OutputProblem.self) { try AtomicWriter.write([], to: target + "/below").get() }
        #expect(throws: OutputProblem.self) { try AtomicWriter.write([], to: dir.appendingPathComponent("a").path).get() }
    }

    @Test func inputLimitsAndProblems() throws {
        let fm = FileManager.default
        let path = fm.temporaryDirectory.appendingPathComponent("input-\(UUID().uuidString).json").path
        defer { try? fm.removeItem(atPath: path) }
        _ = fm.createFile(atPath: path, contents: Data(repeating: 0x20, count: 2048))
        #expect(throws: InputProblem.tooLarge(size: 2048, limit: 1024)) { try InputLoader(maxSize: 1024).load(path).get() }
        #expect(try InputLoader(maxSize: 2048).load(path).get().document.bytes.count == 2048)
        #expect(throws: InputProblem.notFound) { try InputLoader().load(path + ".missing").get() }
        #expect(throws: InputProblem.isDirectory) { try InputLoader().load(fm.temporaryDirectory.path).get() }
        #expect(InputProblem.notFound.exitStatus == .noInput)
        #expect(InputProblem.tooLarge(size: nil, limit: 1).exitStatus == .failure)
    }
}
