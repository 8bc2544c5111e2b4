import Foundation
import Testing
import FormConvTestSupport
@testable import FormConvKit

/// A batch runs its jobs on several workers (`ConversionRun.execute(_:settings:workers:onOutcome:)`);
/// the outcomes come back in the plan's order and everything is what one worker makes: the same
/// outcomes, diagnostics and statuses, the same files written.
@Suite struct BatchRunTests {
    /// A folder of every example and the readers' fixtures (some of which fail to convert), a file that is not
    /// a form, a malformed one, and the same names again in a subfolder.
    static func makeInputs(in root: URL) throws -> URL {
        let fm = FileManager.default
        let inputs = root.appendingPathComponent("in")
        let sub = inputs.appendingPathComponent("sub")
        try fm.createDirectory(at: sub, withIntermediateDirectories: true)
        var sources = try fm.contentsOfDirectory(at: TestPaths.examples, includingPropertiesForKeys: nil)
        for suite in ["MMXMLTests", "RowSchemaTests", "XLFormTests", "ShinobiTests", "RMSFormTests"] {
            let fixtures = TestPaths.repo.appendingPathComponent("Tests/\(suite)/Fixtures")
            let walker = fm.enumerator(at: fixtures, includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                if ["xml", "json", "yaml", "plist"].contains(url.pathExtension) { sources.append(url) }
            }
        }
        // Numbered, so that fixtures of the same name in different folders stay apart.
        for (i, source) in sources.enumerated() where !source.hasDirectoryPath {
            let data = try Data(contentsOf: source)
            let name = "\(i)-\(source.lastPathComponent)"
            try data.write(to: inputs.appendingPathComponent(name))
            if i % 5 == 0 { try data.write(to: sub.appendingPathComponent(name)) }
        }
        try Data("just some notes".utf8).write(to: inputs.appendingPathComponent("notes.xml"))
        try Data("<form><page>".utf8).write(to: sub.appendingPathComponent("broken.xml"))
        return inputs
    }

    /// Every file under `dir`, by its path from there.
    static func files(under dir: URL) throws -> [String: Data] {
        var found: [String: Data] = [:]
        let walker = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            guard !url.hasDirectoryPath else { continue }
            found[String(url.path.dropFirst(dir.path.count))] = try Data(contentsOf: url)
        }
        return found
    }

    struct Seen: Equatable {
        var input: String
        var status: FormConvKit.ExitStatus
        var format: FormatID?
        /// Each diagnostic printed, with its IR path.
        var diagnostics: [String]
    }

    @Test(arguments: [FormatID.json, .mmxml, .yaml])
    func everyWorkerCountMakesWhatOneMakes(target: FormatID) throws {
        let fm = FileManager.default
        let root = fm.temporaryDirectory.appendingPathComponent("batch-\(UUID().uuidString)")
        defer { try? fm.removeItem(at: root) }
        let inputs = try Self.makeInputs(in: root)
        let out = root.appendingPathComponent("out").path
        let plan = try ConversionPlan.make(inputs: [inputs.path], output: out + "/", target: target)
        #expect(plan.jobs.count > 40)

        var expected: (seen: [Seen], files: [String: Data], summary: String)?
        for workers in [1, 2, 4, 8] {
            try? fm.removeItem(atPath: out)
            var seen: [Seen] = []
            var handed: [FileResult] = []
            let result = ConversionRun.execute(plan, settings: ConversionSettings(to: target), workers: workers) { o in
                seen.append(Seen(input: o.input, status: o.status, format: o.format,
                                 diagnostics: o.diagnostics.map { $0.formatted() + " " + ($0.path ?? "-") }))
                handed.append(FileResult(o))
            }
            #expect(seen.map(\.input) == plan.jobs.map(\.input), "\(workers) workers: outcomes in the plan's order")
            // The run keeps each input's status and counts, not its diagnostics.
            #expect(result.files == handed, "\(workers) workers")
            #expect(result.losses > 0 && result.files.contains { $0.counts.errors > 0 }, "\(result.summary)")
            let files = try Self.files(under: URL(fileURLWithPath: out))
            if let expected {
                #expect(seen == expected.seen, "\(workers) workers")
                #expect(files == expected.files, "\(workers) workers")
                #expect(result.summary == expected.summary, "\(workers) workers")
            } else {
                #expect(result.converted > 10 && result.failed >= 2, "\(result.summary)")
                expected = (seen, files, result.summary)
            }
        }
    }
}
