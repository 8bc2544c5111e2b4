import Foundation
import FormConvTestSupport
import Testing
import FormIR
import FormConvKit

/// Paths and helpers shared by the XLForm tests.
enum Support {
    static let testsDir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let fixtures = testsDir.appendingPathComponent("Fixtures")
    static let repo = testsDir.deletingLastPathComponent().deletingLastPathComponent()
    static let examples = repo.appendingPathComponent("examples")

    static func bytes(_ url: URL) throws -> [UInt8] { Array(try Data(contentsOf: url)) }

    /// Reads `url` with `format`, failing the test on read errors.
    static func read(_ url: URL, as format: FormatID, diagnostics: inout Diagnostics) throws -> Form {
        let input = InputDocument(name: url.lastPathComponent, bytes: try bytes(url))
        guard let form = Converter.read(input, as: format, diagnostics: &diagnostics) else {
            throw TestFailure("could not read \(url.lastPathComponent): \(diagnostics.items.map { $0.formatted() })")
        }
        return form
    }

    static func read(text: String, name: String = "test.xlform.json", diagnostics: inout Diagnostics) throws -> Form {
        guard let form = Converter.read(InputDocument(name: name, text: text), as: .xlform, diagnostics: &diagnostics) else {
            throw TestFailure("could not read: \(diagnostics.items.map { $0.formatted() })")
        }
        return form
    }

    static func emit(_ form: Form, as format: FormatID, typeName: String? = nil, source: String? = nil,
                     diagnostics: inout Diagnostics) throws -> [UInt8] {
        guard let emitter = FormatRegistry.emitter(for: format, options: .init(typeName: typeName)) else {
            throw TestFailure("no emitter for \(format)")
        }
        return try emitter.emit(form, options: EmitOptions(sourceName: source), diagnostics: &diagnostics)
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// Compares `actual` with the golden file; `FORMCONV_RECORD=1` rewrites the file and still fails.
    static func golden(_ actual: String, _ relativePath: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        GoldenFile.expect(actual, matches: fixtures.appendingPathComponent(relativePath), sourceLocation: sourceLocation)
    }

    /// Losses and other diagnostics, one per line, as the golden `.losses.txt` files hold them.
    static func listing(_ diagnostics: Diagnostics) -> String {
        diagnostics.items.map { $0.formatted() }.joined(separator: "\n") + (diagnostics.items.isEmpty ? "" : "\n")
    }

    /// Runs a command; returns its exit status and combined output. Output goes through a temporary
    /// file, not a pipe, so no read can be interrupted.
    static func run(_ executable: String, _ arguments: [String], in directory: URL? = nil) throws -> (status: Int32, output: String) {
        let r = try Subprocess.run(executable, arguments, in: directory)
        return (r.status, r.output)
    }

    static func which(_ tool: String) -> Bool { Subprocess.which(tool) }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("xlform-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}
