import Foundation
import FormConvTestSupport
import FormIR
@testable import DocumentTree

/// Helpers shared by the DocumentTree tests.
enum Support {
    static func json(_ text: String, limits: ParseLimits = ParseLimits()) throws -> (Node, Diagnostics) {
        var d = Diagnostics()
        let node = try JSONReader.parse(Array(text.utf8), name: "t.json", limits: limits, diagnostics: &d)
        return (node, d)
    }

    static func yaml(_ text: String, limits: ParseLimits = ParseLimits()) throws -> (Node, Diagnostics) {
        var d = Diagnostics()
        let node = try YAMLReader.parse(Array(text.utf8), name: "t.yaml", limits: limits, diagnostics: &d)
        return (node, d)
    }

    static func plist(_ bytes: [UInt8], limits: ParseLimits = ParseLimits()) throws -> (Node, Diagnostics) {
        var d = Diagnostics()
        let node = try PlistReader.parse(bytes, name: "t.plist", limits: limits, diagnostics: &d)
        return (node, d)
    }

    /// The failure a parse throws, as `id line:col`, or `nil` when it does not throw.
    static func failure(_ body: () throws -> Any) -> String? {
        do {
            _ = try body()
            return nil
        } catch let f as ReadFailure {
            let l = f.diagnostic.location
            return "\(f.diagnostic.id) \(l.map { "\($0.line):\($0.column)" } ?? "-")"
        } catch {
            return "unexpected \(error)"
        }
    }

    static func at(_ node: Node?) -> String {
        guard let l = node?.location else { return "-" }
        return "\(l.line):\(l.column)"
    }

    /// A tree exercising every kind the writers handle (no null, which plists cannot hold).
    static var sample: Node {
        .mapping([
            ("title", .string("Réglages \"avancés\" <&> \\ ✓ 😀")),
            ("count", .int(-42)),
            ("ratio", .double(0.1)),
            ("big", .double(1e-7)),
            ("whole", .double(3.0)),
            ("on", .bool(true)),
            ("off", .bool(false)),
            ("typedLooking", .array([.string("true"), .string("1"), .string("null"), .string(""), .string("1.5"),
                                     .string("yes"), .string("~"), .string("2024-01-01"), .string("0x1F"),
                                     .string("- dash"), .string("a: b"), .string("#hash"), .string(" pad ")])),
            ("multi", .string("line one\nline two\n")),
            ("control", .string("tab\there\u{1}")),
            ("nested", .mapping([("empty", .mapping([])), ("list", .array([])), ("deep", .array([.array([.int(1)])]))])),
            ("1", .string("numeric key")),
        ])
    }
}

/// Runs python3 with a script; returns stdout, or throws with stderr.
enum Python {
    struct Failure: Error, CustomStringConvertible { var description: String }

    static func run(_ script: String, input: [UInt8] = [], arguments: [String] = []) throws -> String {
        try Subprocess.python(script, arguments, input: input)
    }

    /// Writes `bytes` to a temporary file and returns its path.
    static func temporaryFile(_ bytes: [UInt8], suffix: String) throws -> String {
        let path = NSTemporaryDirectory() + "doctree-\(UUID().uuidString)\(suffix)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }
}
