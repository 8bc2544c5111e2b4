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
    /// Copies of the real descriptors in shared/corpus/rmsform (RMSTableViews, MIT licence beside them).
    static let corpus = fixtures.appendingPathComponent("corpus")

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

/// Checks with python3's own plistlib/json that `written` loads to the same descriptor as `original`.
func expectSameDescriptor(_ original: URL, _ written: [UInt8], json: Bool,
                          sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("rmsform-\(UUID().uuidString)")
    try Data(written).write(to: out)
    defer { try? FileManager.default.removeItem(at: out) }
    let loader = json ? "json.load" : "plistlib.load"
    let script = """
    import json, plistlib, sys
    a = \(loader)(open(sys.argv[1], 'rb'))
    b = \(loader)(open(sys.argv[2], 'rb'))
    if a != b:
        print(repr(a)); print(repr(b)); sys.exit(1)
    """
    let result = try run("python3", ["-c", script, original.path, out.path])
    #expect(result.status == 0, "\(original.lastPathComponent) differs after writing: \(result.output)",
            sourceLocation: sourceLocation)
}
