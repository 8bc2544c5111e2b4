import Foundation
import Testing
import FormIR
import FormConvKit
import FormConvTestSupport

/// A SurveyJS survey converted to `xlform-swift` type-checks against the XLForm stub modules the XLForm
/// tests use (Tests/XLFormTests/Fixtures/stubs/swift: only API copied from XLForm's headers), warnings
/// as errors.
@Suite(.serialized) struct SurveyJSXLFormCodeTests {
    static let stubs = TestPaths.repo.appendingPathComponent("Tests/XLFormTests/Fixtures/stubs/swift")
    static let surveys = ["intake", "screening", "messy"].map {
        SurveyJSReaderTests.fixtures.appendingPathComponent("\($0).survey.json")
    }

    @Test(.enabled(if: Subprocess.which("swiftc"), "needs swiftc"))
    func swiftFromSurveysTypechecksAgainstXLForm() throws {
        let scratch = try ScratchDirectory("surveyjs-xlform")
        defer { scratch.remove() }
        let dir = scratch.url
        for module in ["UIKit", "XLForm"] {
            let r = try Subprocess.run("swiftc", ["-emit-module", "-parse-as-library", "-module-name", module, "-I", dir.path,
                                                  Self.stubs.appendingPathComponent("\(module).swift").path,
                                                  "-emit-module-path", dir.appendingPathComponent("\(module).swiftmodule").path])
            try #require(r.status == 0, "stub \(module): \(r.output)")
        }
        var files: [String] = []
        for (i, survey) in Self.surveys.enumerated() {
            let input = InputDocument(name: survey.lastPathComponent, bytes: Array(try Data(contentsOf: survey)))
            var options = FormatRegistry.FormatOptions()
            options.typeName = "Survey\(i)Form"
            let result = Converter.convert(input, from: .surveyjs, to: .xlformSwift, formatOptions: options)
            let code = try #require(result.output, "\(survey.lastPathComponent): \(result.diagnostics.errors.map { $0.formatted() })")
            let file = dir.appendingPathComponent("Survey\(i).swift")
            try Data(code).write(to: file)
            files.append(file.path)
        }
        let r = try Subprocess.run("swiftc", ["-typecheck", "-parse-as-library", "-warnings-as-errors", "-I", dir.path] + files)
        #expect(r.status == 0, "\(r.output)")
    }
}
