import Foundation
import Testing
@testable import FormConvKit
import FormIR
import FormConvTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `lint --fix`: the upgrade edits (safe and unsafe), `--diff`, and the files it refuses (issue 38/39).
@Suite struct LintFixTests {
    static let legacy = """
    <?xml version="1.0"?>
    <!DOCTYPE form [ <!ENTITY e "<item type='TextField'>"> <!-- <regEx> --> ]>
    <?pi <item type="TextField"> ?>
    <form formPrefix="A" emailName="x@y">
      <remoteserver>http://x</remoteserver>
      <page name="p" language="en">
        <group name="g">
          <!-- <item type="TextField"/> -->
          <item name="z" type="TextField">
            <label language="EN">Zip</label>
            <width>10.7</width>
            <regEx><![CDATA[<regEx>]]></regEx>
            <validation>numbers</validation>
            <onmissing><message language="EN">a</message><message language="EN">b</message></onmissing>
          </item>
        </group>
      </page>
    </form>

    """

    @Test func safeAndUnsafeEditsAreClassed() {
        let edits = LegacySpellingFix.edits(in: Array(Self.legacy.utf8))
        #expect(edits.filter { $0.safety == .unsafe }.map(\.description)
                == ["attribute 'language' on <label> removed (the text loses its language)",
                    "attribute 'language' on <message> removed (the text loses its language)"])
        #expect(edits.filter { $0.safety == .safe }.map(\.text) == ["", "", "", "textField", "10", "regex", "regex", "numeric", ""])
        let fixed = String(decoding: LegacySpellingFix.apply(edits, to: Array(Self.legacy.utf8)), as: UTF8.self)
        #expect(fixed.contains(#"<!ENTITY e "<item type='TextField'>"> <!-- <regEx> -->"#), "the DTD is left alone")
        #expect(fixed.contains(#"<?pi <item type="TextField"> ?>"#), "processing instructions are left alone")
        #expect(fixed.contains(#"<!-- <item type="TextField"/> -->"#), "comments are left alone")
        #expect(fixed.contains("<regex><![CDATA[<regEx>]]></regex>"), "CDATA is left alone")
        #expect(fixed.contains("<onmissing><message>a</message></onmissing>"))
        #expect(!fixed.contains("remoteserver") && !fixed.contains("emailName") && !fixed.contains("language="))
        #expect(LegacySpellingFix.edits(in: Array(fixed.utf8)).isEmpty, "a fixed file needs no fix")
    }

    @Test func textsInSeveralLanguagesKeepTheirLanguages() {
        let form = #"<form><page name="p"><group name="g"><item name="a" type="label"><text language="EN">A</text><text language="FR">B</text></item></group></page></form>"#
        #expect(LegacySpellingFix.edits(in: Array(form.utf8)).isEmpty)
    }

    @Test func noDeprecatedSpellingRemainsAfterUnsafeFixes() throws {
        let fixed = LegacySpellingFix.apply(LegacySpellingFix.edits(in: Array(Self.legacy.utf8)), to: Array(Self.legacy.utf8))
        let result = Linter.lint(InputDocument(name: "f.xml", bytes: fixed), format: .mmxml, options: LintOptions())
        #expect(!result.findings.contains { $0.id == "deprecated-spelling" }, "\(result.findings.map(\.message))")
    }

    @Test(.enabled(if: Subprocess.which("patch"), "needs patch"))
    func diffChangesNothingAndPatchMakesTheFix() throws {
        let dir = try ScratchDirectory("fix-diff")
        defer { dir.remove() }
        let path = try dir.write(Self.legacy, to: "f.xml")
        let run = try TestPaths.runFormconv(["lint", "--fix", "--unsafe-fixes", "--diff", "f.xml"], in: URL(fileURLWithPath: dir.path))
        #expect(run.status == 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.legacy, "--diff changes nothing")
        let patch = try Subprocess.run("patch", ["-s", path], stdin: Array(run.stdout.utf8))
        #expect(patch.status == 0, "\(patch.stderr)")
        let expected = LegacySpellingFix.apply(LegacySpellingFix.edits(in: Array(Self.legacy.utf8)), to: Array(Self.legacy.utf8))
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: path))) == expected)
    }

    @Test func refusesFIFOsReadOnlyAndNonMMXMLFiles() throws {
        let dir = try ScratchDirectory("fix-refuse")
        defer { dir.remove() }
        #expect(mkfifo(dir.path("pipe.xml"), 0o644) == 0)
        let run = try TestPaths.runFormconv(["lint", "--fix", "."], in: URL(fileURLWithPath: dir.path), timeout: 20)
        #expect(run.status == 73, "a FIFO in a walked folder is refused, not waited on: \(run.stderr)")
        #expect(run.stderr.contains("pipe.xml: not a regular file"))
        // Read-only by its mode bits: refused even for root.
        let ro = try dir.write(Self.legacy, to: "ro.xml")
        #expect(chmod(ro, 0o444) == 0)
        #expect(throws: OutputProblem.self) { try LegacySpellingFix.fix(file: ro, maxInputSize: 1 << 20).get() }
        #expect(try String(contentsOfFile: ro, encoding: .utf8) == Self.legacy)
        let json = try dir.write(#"{"type": "TextField"}"#, to: "f.json")
        #expect(try LegacySpellingFix.fix(file: json, maxInputSize: 1 << 20).get() == .notMMXML)
    }

    @Test func keepsModeAndRefusesAFileChangedDuringTheFix() throws {
        let dir = try ScratchDirectory("fix-race")
        defer { dir.remove() }
        let path = try dir.write(Self.legacy, to: "f.xml")
        #expect(chmod(path, 0o600) == 0)
        let original = try FixedFileWriter.read(path, maxInputSize: 1 << 20).get()
        let appended = Self.legacy + "<!-- appended -->\n"
        let result = FixedFileWriter.replace(path, original: original, with: [0x3C]) {
            try? appended.write(toFile: path, atomically: false, encoding: .utf8)
        }
        #expect(throws: OutputProblem.self) { try result.get() }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == appended, "the other writer's lines are kept")
        #expect(dir.names() == ["f.xml"], "no temporary file left")
        #expect(try LegacySpellingFix.fix(file: path, maxInputSize: 1 << 20).get() == .fixed(edits: 9, diff: nil))
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func fixOverExamplesAndCorpusChangesOnlyMMXMLLegacySpellings() throws {
        let dir = try ScratchDirectory("fix-corpus")
        defer { dir.remove() }
        let fm = FileManager.default
        try fm.copyItem(atPath: TestPaths.examples.path, toPath: dir.path("examples"))
        try fm.copyItem(atPath: TestPaths.shared.appendingPathComponent("corpus").path, toPath: dir.path("corpus"))
        let run = try TestPaths.runFormconv(["lint", "--fix", "--unsafe-fixes", "examples", "corpus"], in: URL(fileURLWithPath: dir.path))
        #expect(run.status != 73, "\(run.stderr)")
        for (root, copy) in [(TestPaths.examples.path, "examples"), (TestPaths.shared.appendingPathComponent("corpus").path, "corpus")] {
            for rel in fm.subpaths(atPath: root) ?? [] {
                var isDir: ObjCBool = false
                guard fm.fileExists(atPath: root + "/" + rel, isDirectory: &isDir), !isDir.boolValue else { continue }
                let before = try Array(Data(contentsOf: URL(fileURLWithPath: root + "/" + rel)))
                let after = try Array(Data(contentsOf: URL(fileURLWithPath: dir.path(copy + "/" + rel))))
                let edits = FormatDetector.detect(name: rel, bytes: before) == .mmxml ? LegacySpellingFix.edits(in: before) : []
                #expect(after == LegacySpellingFix.apply(edits, to: before), "\(copy)/\(rel)")
                if !edits.isEmpty {
                    let r = Linter.lint(InputDocument(name: rel, bytes: after), format: .mmxml, options: LintOptions())
                    #expect(!r.findings.contains { $0.id == "deprecated-spelling" }, "\(rel)")
                }
            }
        }
    }

    @Test func sarifCarriesTheFixesAndValidates() throws {
        let dir = try ScratchDirectory("fix-sarif")
        defer { dir.remove() }
        let path = try dir.write(Self.legacy, to: "f.xml")
        let result = Linter.lintFile(LintTarget(path: path, displayName: path, format: .mmxml), options: LintOptions())
        let sarif = LintReport.render([result], as: .sarif)
        let schema = TestPaths.shared.appendingPathComponent("schemas/sarif-schema-2.1.0.json")
        let out = try Subprocess.python("""
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1]))
        log = json.load(sys.stdin)
        jsonschema.validators.validator_for(schema)(schema).validate(log)
        data = open(sys.argv[2], "rb").read()
        for r in log["runs"][0]["results"]:
            for f in r.get("fixes", []):
                for rep in f["artifactChanges"][0]["replacements"]:
                    reg = rep["deletedRegion"]
                    print(data[reg["byteOffset"]:reg["byteOffset"] + reg["byteLength"]].decode(), "->", rep["insertedContent"]["text"])
        """, [schema.path, path], stdin: sarif)
        #expect(out.contains("TextField -> textField"))
        #expect(out.contains("numbers -> numeric"))
        #expect(out.contains("10.7 -> 10"))
    }

    /// Whether the scratch file system takes `user.` extended attributes (tmpfs before Linux 6.6 and
    /// some container file systems refuse them).
    static let userXattrs: Bool = {
        #if canImport(Glibc)
        guard let dir = try? ScratchDirectory("fix-xattr-probe") else { return false }
        defer { dir.remove() }
        guard let path = try? dir.write("x", to: "probe") else { return false }
        return ExtendedAttributes.set?(path, "user.formconv.probe", "1", 1, 0) == 0
        #else
        return false
        #endif
    }()

    @Test(.enabled(if: userXattrs, "the scratch file system refuses user. extended attributes"))
    func keepsExtendedAttributes() throws {
        #if canImport(Glibc)
        let dir = try ScratchDirectory("fix-xattr")
        defer { dir.remove() }
        let path = try dir.write(Self.legacy, to: "f.xml")
        let value = Array("from-the-vendor\u{0}binary".utf8)
        let setxattr = try #require(ExtendedAttributes.set), getxattr = try #require(ExtendedAttributes.get)
        #expect(setxattr(path, "user.origin", value, value.count, 0) == 0)
        #expect(setxattr(path, "user.empty", "", 0, 0) == 0)
        let before = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
        #expect(try LegacySpellingFix.fix(file: path, maxInputSize: 1 << 20, unsafe: true).get() == .fixed(edits: 11, diff: nil))
        let after = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
        #expect(before != after, "replaced by a rename, so the attributes were copied, not kept by chance")
        var buf = [UInt8](repeating: 0, count: 64)
        let n = getxattr(path, "user.origin", &buf, buf.count)
        #expect(n == value.count && Array(buf[..<max(n, 0)]) == value)
        #expect(getxattr(path, "user.empty", &buf, buf.count) == 0)
        #expect(dir.names() == ["f.xml"], "no temporary file left")
        #endif
    }

    @Test func writesAHardLinkedFileInPlaceSoEveryLinkSeesTheFix() throws {
        let dir = try ScratchDirectory("fix-link")
        defer { dir.remove() }
        let path = try dir.write(Self.legacy, to: "l.xml")
        #expect(link(path, dir.path("l2.xml")) == 0)
        #expect(chmod(path, 0o640) == 0)
        let inode = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
        #expect(try LegacySpellingFix.fix(file: path, maxInputSize: 1 << 20, unsafe: true).get() == .fixed(edits: 11, diff: nil))
        let expected = LegacySpellingFix.apply(LegacySpellingFix.edits(in: Array(Self.legacy.utf8)), to: Array(Self.legacy.utf8))
        for name in ["l.xml", "l2.xml"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: dir.path(name))
            #expect(try Array(Data(contentsOf: URL(fileURLWithPath: dir.path(name)))) == expected, "\(name)")
            #expect(attributes[.systemFileNumber] as? Int == inode && attributes[.referenceCount] as? Int == 2, "\(name)")
            #expect(attributes[.posixPermissions] as? Int == 0o640)
        }
        #expect(dir.names() == ["l.xml", "l2.xml"], "the temporary copy is removed once the fix is written")
        // A change made while the copy is being taken is kept, and the copy removed.
        let other = try dir.write(Self.legacy, to: "m.xml")
        #expect(link(other, dir.path("m2.xml")) == 0)
        let original = try FixedFileWriter.read(other, maxInputSize: 1 << 20).get()
        let appended = Self.legacy + "<!-- appended -->\n"
        let result = FixedFileWriter.replace(other, original: original, with: [0x3C]) {
            try? appended.write(toFile: other, atomically: false, encoding: .utf8)
        }
        #expect(throws: OutputProblem.self) { try result.get() }
        #expect(try String(contentsOfFile: dir.path("m2.xml"), encoding: .utf8) == appended)
        #expect(dir.names() == ["l.xml", "l2.xml", "m.xml", "m2.xml"])
    }

    @Test func ruleDocDescribesTheFixItsClassesAndTheDiff() throws {
        let page = try #require(RuleDocs.files()["deprecated-spelling.md"])
        for words in ["--fix", "--unsafe-fixes", "--fix --diff", "unified diff", "Safe edits", "Unsafe edits", "`fixes`",
                      "`language`", "`emailName`", "`message`", "floored", "hard links", "extended attributes"] {
            #expect(page.contains(words), "docs/rules/deprecated-spelling.md says nothing of \(words)")
        }
        for element in ["remoteserver", "theme"] {  // NOTES.md: the obsolete elements
            #expect(page.contains("`\(element)`"), "\(element)") }
    }

    /// Issue 39: after `lint --fix --unsafe-fixes` a single-language legacy form is valid against the
    /// language's XSD 1.1 schema (Tests/MMXMLTests/Fixtures/schema/mmxml-form.xsd, checked by python
    /// `xmlschema`) as far as its content allows. What --fix cannot supply is the form's own content:
    /// a `formPrefix` of at most 5 characters, the five required form children in their order, and no
    /// `name` on `<form>`. Every error left is on `<form>` itself, and the file with those supplied by
    /// the test (nothing else touched) is valid.
    @Test(.enabled(if: (try? Subprocess.python("import xmlschema")) != nil, "needs python3 with xmlschema (scripts/test installs it)"))
    func fixedLegacyFormsValidateAgainstTheLanguagesSchema() throws {
        let dir = try ScratchDirectory("fix-xsd")
        defer { dir.remove() }
        let sources = ["examples/signup.xml", "Tests/MMXMLTests/Fixtures/legacy.xml", "Tests/CLITests/Fixtures/inputs/adopt/legacy-spellings.xml"]
        for source in sources {
            try FileManager.default.copyItem(atPath: TestPaths.repo.appendingPathComponent(source).path,
                                             toPath: dir.path(URL(fileURLWithPath: source).lastPathComponent))
        }
        let run = try TestPaths.runFormconv(["lint", "--fix", "--unsafe-fixes", "."], in: URL(fileURLWithPath: dir.path))
        #expect(run.status != 73, "\(run.stderr)")
        let schema = TestPaths.repo.appendingPathComponent("Tests/MMXMLTests/Fixtures/schema/mmxml-form.xsd")
        let out = try Subprocess.python("""
        import sys, os, copy, xmlschema
        import xml.etree.ElementTree as ET
        s = xmlschema.XMLSchema11(sys.argv[1])
        required = ["requireditemcolor", "optionalitemcolor", "leftFormMargin", "rightFormMargin", "pageWidth"]
        defaults = {"requireditemcolor": "#FFDAB9", "optionalitemcolor": "white", "leftFormMargin": "20", "rightFormMargin": "20", "pageWidth": "678"}
        for n in sorted(os.listdir(sys.argv[2])):
            path = os.path.join(sys.argv[2], n)
            errs = list(s.iter_errors(path))
            off = sorted(set(str(e.path) + ": " + e.reason for e in errs if str(e.path) != "/form"))
            form = ET.parse(path).getroot()
            form.attrib.pop("name", None)
            if len(form.get("formPrefix", "")) not in range(1, 6): form.set("formPrefix", "ABC")
            have = {c.tag: c for c in form if c.tag in required}
            for c in have.values(): form.remove(c)
            for i, tag in enumerate(required):
                c = have.get(tag)
                if c is None:
                    c = ET.Element(tag); c.text = defaults[tag]; c.tail = "\\n"
                form.insert(i, c)
            rest = [str(e.path) + ": " + e.reason for e in s.iter_errors(ET.ElementTree(form))]
            print(n, "|", len(errs), "|", "; ".join(off) or "-", "|", "; ".join(rest) or "valid")
        """, [schema.path, dir.path])
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines.count == sources.count, "\(out)")
        for line in lines {
            let parts = line.components(separatedBy: " | ")
            guard parts.count == 4 else { Issue.record("\(line)"); continue }
            #expect(parts[1] != "0", "\(parts[0]): the form's own content is invalid, as the test expects")
            #expect(parts[2] == "-", "\(parts[0]): errors below <form> left by --fix: \(parts[2])")
            #expect(parts[3] == "valid", "\(parts[0]) with its form content supplied: \(parts[3])")
        }
    }
}
