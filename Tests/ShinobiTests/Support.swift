import Foundation
import FormConvTestSupport
import Testing
import FormIR

/// Paths of fixtures and examples, found from this file's location.
enum Paths {
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let fixtures = tests.appendingPathComponent("Fixtures")
    static let repo = TestPaths.repo
    static let examples = TestPaths.examples
    static let schema = fixtures.appendingPathComponent("ShinobiForms.xsd")

    static func bytes(_ url: URL) throws -> [UInt8] { Array(try Data(contentsOf: url)) }
}

/// Compares `actual` with the golden file at `Fixtures/<name>`; with `FORMCONV_RECORD=1` rewrites it
/// and still fails.
func expectGolden(_ actual: String, _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    GoldenFile.expect(actual, matches: Paths.fixtures.appendingPathComponent(name), sourceLocation: sourceLocation)
}

/// Runs a program and returns its exit status and combined output.
func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let r = try Subprocess.run(program, arguments)
    return (r.status, r.output)
}

/// Validates `xml` against the ShinobiForms schema with xmllint (an independent implementation).
func expectSchemaValid(_ xml: [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("shinobi-\(UUID().uuidString).xml")
    try Data(xml).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try run("xmllint", ["--noout", "--schema", Paths.schema.path, file.path])
    #expect(result.status == 0, "xmllint: \(result.output)\n\(String(decoding: xml, as: UTF8.self))",
            sourceLocation: sourceLocation)
}

/// The diagnostics one per line, as `.losses.txt` files hold them.
func lines(_ diagnostics: [Diagnostic]) -> String {
    diagnostics.map { $0.formatted() + "\n" }.joined()
}

extension FormReader {
    func read(bytes: [UInt8], name: String) throws -> (Form, Diagnostics) {
        var d = Diagnostics()
        let form = try read(InputDocument(name: name, bytes: bytes), diagnostics: &d)
        return (form, d)
    }
    func read(text: String, name: String = "t.xml") throws -> (Form, Diagnostics) {
        try read(bytes: Array(text.utf8), name: name)
    }
}

extension FormEmitter {
    func emit(_ form: Form) throws -> ([UInt8], Diagnostics) {
        var d = Diagnostics()
        let bytes = try emit(form, options: EmitOptions(), diagnostics: &d)
        return (bytes, d)
    }
}
