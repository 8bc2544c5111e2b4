import Foundation
import Testing
import FormConvTestSupport
// docs/library.md begin
import FormConvKit
import FormIR

/// Converts one file to JSON Schema; the losses by id, or the errors that stopped it.
func convertToJSONSchema(path: String) -> (schema: [UInt8]?, losses: [String: Int], errors: [String]) {
    // 1. Read: size limit, BOM and UTF-16/32 handled; positions stay those of the file.
    guard case .success(let loaded) = InputLoader().load(path) else { return (nil, [:], ["cannot read \(path)"]) }
    // 2. Detect the format from the name and the first bytes.
    guard let format = FormatDetector.detect(name: path, bytes: loaded.document.bytes) else {
        return (nil, [:], [FormatDetector.undetectedMessage(name: path)])
    }
    // 3. Convert: reader → IR → emitter. Never throws; problems are diagnostics.
    let result = Converter.convert(loaded.document, from: format, to: .jsonSchema)
    // 4. Collect: losses are diagnostics with a `loss` (feature, target) and a file:line:col.
    var losses: [String: Int] = [:]
    for d in result.diagnostics.losses { losses[d.id, default: 0] += 1 }
    let errors = result.diagnostics.errors.map { $0.formatted() }
    return (errors.isEmpty ? result.output : nil, losses, errors)
}
// docs/library.md end

/// docs/library.md shows the code between the markers above, verbatim; here it runs.
@Suite struct LibraryGuideTests {
    @Test func guideCodeIsThisCode() throws {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let begin = try #require(source.range(of: "// docs/library.md begin\n"))
        let end = try #require(source.range(of: "// docs/library.md end"))
        let snippet = String(source[begin.upperBound..<end.lowerBound])
        let guide = try String(contentsOf: TestPaths.repo.appendingPathComponent("docs/library.md"), encoding: .utf8)
        #expect(guide.contains("```swift\n" + snippet + "```\n"), "docs/library.md must show LibraryGuideTests' code verbatim")
    }

    @Test func guideCodeConvertsAndCollectsLosses() throws {
        let signup = TestPaths.examples.appendingPathComponent("signup.xml").path
        let (schema, losses, errors) = convertToJSONSchema(path: signup)
        #expect(errors.isEmpty, "\(errors)")
        let bytes = try #require(schema)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect((json["$schema"] as? String)?.contains("2020-12") == true)
        #expect(!losses.isEmpty && losses.keys.allSatisfy { $0.hasPrefix("loss.") }, "\(losses)")
        let missing = convertToJSONSchema(path: signup + ".missing")
        #expect(missing.schema == nil && missing.errors == ["cannot read \(signup).missing"])
    }

    /// The page's second example, "A whole run", with absolute paths.
    @Test func wholeRunExample() throws {
        let dir = try ScratchDirectory("library-run")
        defer { dir.remove() }
        try dir.write(String(contentsOf: TestPaths.examples.appendingPathComponent("signup.xml"), encoding: .utf8), to: "forms/signup.xml")
        let plan = try ConversionPlan.make(inputs: [dir.path("forms")], output: dir.path("out"), target: .json)
        let settings = ConversionSettings(to: .json, acceptedLosses: LossAcceptance([.init(id: "loss.layout.*")]))
        var report = RunReport(command: "convert", target: .json)
        let result = ConversionRun.execute(plan, settings: settings) { outcome in report.add(outcome) }
        #expect(RunSummary.text(result).hasSuffix("converted 1, failed 0, losses \(result.losses), accepted \(result.acceptedLosses)\n"))
        #expect(result.acceptedLosses > 0)
        let status = result.exitStatus(policy: FailurePolicy(strict: true))
        #expect(throws: Never.self) { try report.write(to: dir.path("run.json"), result, policy: FailurePolicy(strict: true), status: status).get() }
        #expect(FileManager.default.fileExists(atPath: dir.path("out/signup.json")))
    }
}
