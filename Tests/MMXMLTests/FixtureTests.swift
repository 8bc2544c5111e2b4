import Foundation
import FormConvTestSupport
import Testing
import FormIR
import Emitters
import Readers

/// Golden files: `Fixtures/<case>.xml` → `<case>.ir.json` (IREmitter), `<case>.out.xml` (emitter) and
/// `<case>.diagnostics.txt` (what reading reports, with positions).
@Suite struct FixtureTests {
    static let cases = ["all-types", "unknowns", "legacy", "encodings"]

    private func url(_ name: String) -> URL { Support.fixtures.appendingPathComponent(name) }

    @Test(arguments: cases)
    func irMatchesGolden(_ name: String) throws {
        let (form, _) = try Support.read(file: url("\(name).xml"))
        Golden.check(String(decoding: IREmitter.encode(form), as: UTF8.self), against: url("\(name).ir.json"))
    }

    @Test(arguments: cases)
    func outputMatchesGolden(_ name: String) throws {
        let (form, _) = try Support.read(file: url("\(name).xml"))
        let (xml, _) = try Support.emit(form)
        Golden.check(xml, against: url("\(name).out.xml"))
    }

    @Test(arguments: cases)
    func diagnosticsMatchGolden(_ name: String) throws {
        let (_, diagnostics) = try Support.read(file: url("\(name).xml"))
        let text = diagnostics.map { $0.formatted() }.joined(separator: "\n") + "\n"
        Golden.check(text, against: url("\(name).diagnostics.txt"))
    }

    @Test(arguments: cases)
    func roundTrips(_ name: String) throws {
        try RoundTrip.check(url("\(name).xml"))
    }

    @Test func irDocumentDecodesBack() throws {
        let (form, _) = try Support.read(file: url("all-types.xml"))
        let decoded = try IRReader.decode(IREmitter.encode(form), name: "all-types.ir.json")
        #expect(decoded == form)
    }

    /// The emitter's output is well-formed for an independent parser (xmllint), when installed.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/xmllint"), "needs xmllint"), arguments: cases)
    func outputIsWellFormedForXmllint(_ name: String) throws {
        let (form, _) = try Support.read(file: url("\(name).xml"))
        let (xml, _) = try Support.emit(form)
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("mmxml-\(name)-\(UUID().uuidString).xml")
        try xml.write(to: tmp, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: tmp) }
        let r = try Subprocess.run("/usr/bin/xmllint", ["--noout", tmp.path])
        #expect(r.status == 0, "xmllint: \(r.stderr)")
    }
}
