import Foundation
import Testing
import FormIR
import DocumentTree
import Readers
import Emitters

/// Every real descriptor reads without error and writes back to an equal descriptor (checked by
/// python3's plistlib/json), in both syntaxes; read → write → read gives the same IR.
@Suite struct RMSFormCorpusTests {
    static let files = ["ProfileViewController-7e474d9.plist", "RMSProfileViewController.plist",
                        "RMSSettingsViewController.json", "RMSSettingsViewController.plist"]

    @Test(arguments: files) func writesBackAnEqualDescriptor(_ name: String) throws {
        let url = Paths.corpus.appendingPathComponent(name)
        let json = name.hasSuffix(".json")
        let (form, d) = try RMSFormReader().read(bytes: try Paths.bytes(url), name: name)
        #expect(!d.hasErrors, "\(d.errors)")
        let (written, ed) = try RMSFormEmitter(syntax: json ? .json : .plist).emit(form)
        #expect(ed.losses.isEmpty, "\(ed.losses)")
        try expectSameDescriptor(url, written, json: json)
        let (again, _) = try RMSFormReader().read(bytes: written, name: name)
        #expect(again == form)
    }

    @Test(arguments: files) func otherSyntaxKeepsTheDescriptor(_ name: String) throws {
        let url = Paths.corpus.appendingPathComponent(name)
        let json = name.hasSuffix(".json")
        let (form, _) = try RMSFormReader().read(bytes: try Paths.bytes(url), name: name)
        let (other, _) = try RMSFormEmitter(syntax: json ? .plist : .json).emit(form)
        let (back, d) = try RMSFormReader().read(bytes: other, name: "other")
        #expect(!d.hasErrors)
        #expect(back == form)
    }

    @Test(arguments: files) func goldenIRAndDiagnostics(_ name: String) throws {
        let (form, d) = try RMSFormReader().read(bytes: try Paths.bytes(Paths.corpus.appendingPathComponent(name)), name: name)
        try expectGolden(String(decoding: IREmitter.encode(form), as: UTF8.self), "rmsform/\(name).ir.json")
        try expectGolden(lines(d.items), "rmsform/\(name).diagnostics.txt")
        let (json, _) = try RMSFormEmitter(syntax: .json).emit(form)
        try expectGolden(String(decoding: json, as: UTF8.self), "rmsform/\(name).rmsform.json")
    }
}

/// A binary plist (made by python's plistlib) reads into the same IR as its XML original.
@Test(arguments: RMSFormCorpusTests.files.filter { $0.hasSuffix(".plist") })
func binaryPlistsReadLikeXML(_ name: String) throws {
    let url = Paths.corpus.appendingPathComponent(name)
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("bin-\(UUID().uuidString).plist")
    defer { try? FileManager.default.removeItem(at: out) }
    let script = "import plistlib, sys; plistlib.dump(plistlib.load(open(sys.argv[1], 'rb')), open(sys.argv[2], 'wb'), fmt=plistlib.FMT_BINARY)"
    let result = try run("python3", ["-c", script, url.path, out.path])
    #expect(result.status == 0, "\(result.output)")
    let binary = try Paths.bytes(out)
    #expect(binary.starts(with: Array("bplist00".utf8)))
    let (fromXML, _) = try RMSFormReader().read(bytes: try Paths.bytes(url), name: name)
    let (fromBinary, d) = try RMSFormReader().read(bytes: binary, name: name)
    #expect(!d.hasErrors)
    #expect(fromBinary == fromXML)
}
