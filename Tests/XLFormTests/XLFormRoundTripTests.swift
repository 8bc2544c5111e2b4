import Foundation
import Testing
import FormIR
import FormConvKit
import Readers
import Emitters

/// JSON ↔ plist ↔ IR: one form carries the same structure in both encodings, and every trip is stable.
@Suite struct XLFormRoundTripTests {
    static let inputs = [Support.examples.appendingPathComponent("event.xlform.json"),
                         Support.fixtures.appendingPathComponent("xlform/kitchen-sink.xlform.json")]

    @Test(arguments: inputs)
    func jsonPlistIR(_ url: URL) throws {
        var d = Diagnostics()
        let fromJSON = try Support.read(url, as: .xlform, diagnostics: &d)
        let plist = try Support.emit(fromJSON, as: .xlformPlist, diagnostics: &d)
        let fromPlist = try Support.read(text: Support.text(plist), name: "t.xlform.plist", diagnostics: &d)
        #expect(fromPlist == fromJSON, "plist → IR differs from JSON → IR")
        let json = try Support.emit(fromPlist, as: .xlform, diagnostics: &d)
        #expect(json == (try Support.bytes(url)), "JSON → plist → JSON is not the identity")
        let plistAgain = try Support.emit(try Support.read(text: Support.text(json), diagnostics: &d), as: .xlformPlist, diagnostics: &d)
        #expect(plistAgain == plist, "plist output is not stable")
        #expect(d.losses.isEmpty, "XLForm → XLForm reported losses: \(d.losses.map { $0.formatted() })")
    }

    /// The IR's own JSON carries everything an XLForm descriptor holds.
    @Test(arguments: inputs)
    func throughIRDocument(_ url: URL) throws {
        var d = Diagnostics()
        let form = try Support.read(url, as: .xlform, diagnostics: &d)
        let decoded = try IRReader.decode(IREmitter.encode(form), name: "ir")
        #expect(decoded == form)
        #expect(try Support.emit(decoded, as: .xlform, diagnostics: &d) == (try Support.bytes(url)))
    }

    /// python's plistlib reads the plist as the same structure as python's json reads the JSON
    /// (dates compared as ISO text, the only type JSON lacks).
    @Test(.enabled(if: Support.which("python3"), "needs python3"), arguments: inputs)
    func plistlibAgreesWithJSON(_ url: URL) throws {
        var d = Diagnostics()
        let plist = try Support.emit(try Support.read(url, as: .xlform, diagnostics: &d), as: .xlformPlist, diagnostics: &d)
        let dir = try Support.temporaryDirectory()
        let plistURL = dir.appendingPathComponent("f.plist")
        try Data(plist).write(to: plistURL)
        let script = """
        import json, plistlib, sys, datetime
        def norm(v):
            if isinstance(v, datetime.datetime): return v.strftime('%Y-%m-%dT%H:%M:%SZ')
            if isinstance(v, dict): return {k: norm(x) for k, x in v.items()}
            if isinstance(v, list): return [norm(x) for x in v]
            return v
        p = norm(plistlib.load(open(sys.argv[1], 'rb')))
        j = json.load(open(sys.argv[2]))
        print('same' if p == j else 'different')
        """
        let result = try Support.run("python3", ["-c", script, plistURL.path, url.path])
        #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines) == "same", "\(result.output)")
    }

    /// Binary plists (as Xcode saves them) read like XML ones, value types included.
    @Test(.enabled(if: Support.which("python3"), "needs python3"))
    func binaryPlist() throws {
        let dir = try Support.temporaryDirectory()
        let out = dir.appendingPathComponent("event.bplist")
        let xml = Support.examples.appendingPathComponent("event.xlform.plist")
        let script = "import plistlib,sys; plistlib.dump(plistlib.load(open(sys.argv[1],'rb')), open(sys.argv[2],'wb'), fmt=plistlib.FMT_BINARY)"
        let r = try Support.run("python3", ["-c", script, xml.path, out.path])
        #expect(r.status == 0, "\(r.output)")
        var d = Diagnostics()
        let binary = try Support.read(out, as: .xlformPlist, diagnostics: &d)
        let fromXML = try Support.read(xml, as: .xlformPlist, diagnostics: &d)
        #expect(binary == fromXML)
        #expect(binary.field("starts")?.defaultValue == .date("2026-01-15T09:00:00Z"))
    }
}
