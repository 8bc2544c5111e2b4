import Foundation
import Testing
@testable import FormConvKit

@Suite struct FormatDetectorTests {
    static func detect(_ name: String, _ text: String) -> FormatID? {
        FormatDetector.detect(name: name, bytes: Array(text.utf8))
    }

    @Test func compoundExtensionsDecide() {
        #expect(Self.detect("a.ir.json", "{}") == .ir)
        #expect(Self.detect("a.xlform.json", "{}") == .xlform)
        #expect(Self.detect("a.rmsform.json", "{}") == .rmsformJSON)
        #expect(Self.detect("a.xlform.plist", "") == .xlformPlist)
        #expect(Self.detect("a.rmsform.plist", "") == .rmsform)
        #expect(Self.detect("a.shinobi.xml", "<form/>") == .shinobi)
    }

    @Test func jsonByContent() {
        #expect(Self.detect("x", #"{"formconv-ir": 1, "form": {}}"#) == .ir)
        #expect(Self.detect("x.json", #"{"formSections": []}"#) == .xlform)
        #expect(Self.detect("x.json", #"[{"rows": []}]"#) == .rmsformJSON)
        #expect(Self.detect("x.json", #"{"sections": []}"#) == .json)
        #expect(Self.detect("-", "  \n{\"sections\": []}") == .json)
        #expect(Self.detect("s.json", #"{"$schema": "https://json-schema.org/draft/2020-12/schema"}"#) == nil)
    }

    @Test func xmlByRootElement() {
        #expect(Self.detect("a.xml", "<?xml version=\"1.0\"?>\n<!-- c --><form><page><group/></page></form>") == .mmxml)
        #expect(Self.detect("a.xml", "<form><sections><section/></sections></form>") == .shinobi)
        #expect(Self.detect("noext", "<form formPrefix=\"x\"></form>") == .mmxml)
        #expect(Self.detect("noext", "<html/>") == nil)
        #expect(Self.detect("a.xml", "<html/>") == .mmxml, "the MM XML reader reports the wrong root with its position")
        #expect(Self.detect("empty.xml", "") == .mmxml)
        #expect(Self.detect("empty.plist", "") == .rmsform)
        #expect(Self.detect("empty", "") == nil)
    }

    @Test func xmlPlistsByRoot() {
        let head = "<?xml version=\"1.0\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"x\">\n<plist version=\"1.0\">\n"
        #expect(Self.detect("a.plist", head + "<dict><key>formSections</key><array/></dict></plist>") == .xlformPlist)
        #expect(Self.detect("a.plist", head + "<array><dict/></array></plist>") == .rmsform)
    }

    @Test func binaryPlistsByRoot() throws {
        let dict = try PropertyListSerialization.data(fromPropertyList: ["formSections": [String]()], format: .binary, options: 0)
        let array = try PropertyListSerialization.data(fromPropertyList: [["rows": [String]()]], format: .binary, options: 0)
        #expect(FormatDetector.detect(name: "a.plist", bytes: Array(dict)) == .xlformPlist)
        #expect(FormatDetector.detect(name: "noext", bytes: Array(array)) == .rmsform)
        #expect(FormatDetector.detect(name: "a.plist", bytes: Array("bplist00garbage".utf8)) == .rmsform,
                "a corrupt binary plist goes to a plist reader, which reports it")
    }

    @Test func yamlWithAndWithoutExtension() {
        #expect(Self.detect("a.yml", "sections: []") == .yaml)
        #expect(Self.detect("form", "# a form\nsections:\n  - rows: []\n") == .yaml)
        #expect(Self.detect("form", "---\nsections: []\n") == .yaml)
        #expect(Self.detect("form", "%YAML 1.2\n---\n") == .yaml)
        #expect(Self.detect("form", "\"quoted key\": 1\n") == .yaml)
        #expect(Self.detect("notes.txt", "hello world\n") == nil)
        #expect(Self.detect("notes.txt", "http://example.com\n") == nil)
    }

    @Test func bomAndUTF16AreNoObstacle() {
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><form><page/></form>"
        let utf16 = EncodingNormalizerTests.utf16(xml, bigEndian: false, bom: true)
        #expect(FormatDetector.detect(name: "legacy", bytes: utf16) == .mmxml)
        let ir = #"{"formconv-ir": 1}"#
        #expect(FormatDetector.detect(name: "x", bytes: EncodingNormalizerTests.utf16(ir, bigEndian: true, bom: false)) == .ir)
        #expect(FormatDetector.detect(name: "x", bytes: [0xEF, 0xBB, 0xBF] + Array("sections: []".utf8)) == .yaml)
    }

    @Test func undetectedMessageSuggestsFrom() {
        let m = FormatDetector.undetectedMessage(name: "a.txt")
        #expect(m.contains("--from"))
        #expect(m.contains("mmxml"))
        #expect(!m.contains("json-schema"), "only readable formats are offered")
    }
}
