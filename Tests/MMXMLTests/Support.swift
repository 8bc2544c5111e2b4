import Foundation
import FormIR
import MMXML
import Emitters

/// Paths and helpers shared by the MM XML tests.
enum Support {
    /// The repository root, found from this file's path.
    static let root: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let fixtures = root.appendingPathComponent("Tests/MMXMLTests/Fixtures")
    static let examples = root.appendingPathComponent("examples")

    static func bytes(_ url: URL) throws -> [UInt8] { Array(try Data(contentsOf: url)) }

    /// Reads MM XML text given inline; the file name in locations is `name`.
    static func read(_ text: String, name: String = "t.xml") throws -> (Form, [Diagnostic]) {
        var d = Diagnostics()
        let form = try MMXMLReader().read(InputDocument(name: name, text: text), diagnostics: &d)
        return (form, d.items)
    }

    static func read(file url: URL) throws -> (Form, [Diagnostic]) {
        var d = Diagnostics()
        let form = try MMXMLReader().read(InputDocument(name: url.lastPathComponent, bytes: try bytes(url)), diagnostics: &d)
        return (form, d.items)
    }

    /// Writes `form` as MM XML: schema-valid, or as read with `keepLegacy` (`--keep-legacy`).
    static func emit(_ form: Form, keepLegacy: Bool = false) throws -> (String, [Diagnostic]) {
        var d = Diagnostics()
        let bytes = try MMXMLEmitter(keepLegacy: keepLegacy).emit(form, options: EmitOptions(), diagnostics: &d)
        return (String(decoding: bytes, as: UTF8.self), d.items)
    }

    /// `file:line:col id` of each diagnostic, for compact expectations.
    static func summary(_ ds: [Diagnostic]) -> [String] {
        ds.map { "\($0.location.map { "\($0.line):\($0.column)" } ?? "-") \($0.id)" }
    }

    /// Wraps items in a form/page/group.
    static func doc(_ items: String, relationships: String = "") -> String {
        """
        <form name="f">
          <page name="p">
            <group name="g">
        \(items)
            </group>
          </page>
          <relationships>
        \(relationships)
          </relationships>
        </form>
        """
    }

    /// Whether golden files should be rewritten (`FORMCONV_RECORD=1`); the test still fails.
    static var recording: Bool { ProcessInfo.processInfo.environment["FORMCONV_RECORD"] == "1" }
}
