import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import FormConvKit

@Suite struct EncodingNormalizerTests {
    static let text = "{\"title\": \"Été ✓ 𝄞\"}\nline two\n"

    static func utf16(_ s: String, bigEndian: Bool, bom: Bool) -> [UInt8] {
        var out: [UInt8] = bom ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
        for u in s.utf16 { out += bigEndian ? [UInt8(u >> 8), UInt8(u & 0xFF)] : [UInt8(u & 0xFF), UInt8(u >> 8)] }
        return out
    }

    @Test(arguments: [(true, true), (false, true), (true, false), (false, false)])
    func utf16BecomesUTF8(bigEndian: Bool, bom: Bool) {
        let n = EncodingNormalizer.normalize(Self.utf16(Self.text, bigEndian: bigEndian, bom: bom))
        #expect(n.encoding == (bigEndian ? .utf16BE : .utf16LE))
        #expect(n.bytes == Array(Self.text.utf8))
        #expect(!n.repaired)
    }

    @Test func utf8BOMIsRemovedAndPlainUTF8Untouched() {
        let plain = Array(Self.text.utf8)
        #expect(EncodingNormalizer.normalize([0xEF, 0xBB, 0xBF] + plain) == NormalizedBytesView(plain, .utf8BOM))
        #expect(EncodingNormalizer.normalize(plain) == NormalizedBytesView(plain, .utf8))
    }

    @Test func invalidUTF8IsLeftForReaders() {
        let bytes: [UInt8] = Array("{\"a\": \"".utf8) + [0xC3, 0x28] + Array("\"}".utf8)
        let n = EncodingNormalizer.normalize(bytes)
        #expect(n.bytes == bytes, "readers report invalid UTF-8 with its position")
        #expect(n.encoding == .utf8)
    }

    @Test func utf32WithBOM() {
        var le: [UInt8] = [0xFF, 0xFE, 0, 0]
        for s in Self.text.unicodeScalars { let v = s.value; le += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16), 0] }
        let n = EncodingNormalizer.normalize(le)
        #expect(n.encoding == .utf32LE)
        #expect(n.bytes == Array(Self.text.utf8))
    }

    @Test func unpairedSurrogateIsRepairedAndLocated() {
        var bytes = Self.utf16("ab\ncd", bigEndian: false, bom: true)
        bytes.insert(contentsOf: [0x00, 0xDC], at: bytes.count - 2)  // lone low surrogate before "d"
        let n = EncodingNormalizer.normalize(bytes)
        #expect(n.repaired)
        #expect(n.firstRepair?.line == 2)
        #expect(n.firstRepair?.column == 2)
        #expect(String(decoding: n.bytes, as: UTF8.self) == "ab\nc\u{FFFD}d")
    }

    @Test func oddTrailingByteIsRepaired() {
        let n = EncodingNormalizer.normalize(Self.utf16("ab", bigEndian: true, bom: true) + [0x00])
        #expect(n.repaired)
        #expect(String(decoding: n.bytes, as: UTF8.self) == "ab\u{FFFD}")
    }

    @Test func xmlDeclarationSayingUTF16IsRewrittenKeepingColumns() {
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<form><page/></form>\n"
        let n = EncodingNormalizer.normalize(Self.utf16(xml, bigEndian: false, bom: true))
        let out = String(decoding: n.bytes, as: UTF8.self)
        #expect(n.rewroteXMLDeclaration)
        #expect(out == "<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n<form><page/></form>\n")
        #expect(out.split(separator: "\n")[0].count == xml.split(separator: "\n")[0].count, "line 1 keeps its length")
        let parsed = XMLParser(data: Data(n.bytes)).parse()
        #expect(parsed, "libxml2 parses the rewritten document")
    }

    @Test func xmlDeclarationInUTF8IsKeptUnlessItClaimsUTF16() {
        let latin = Array("<?xml version='1.0' encoding='ISO-8859-1'?><form/>".utf8)
        #expect(EncodingNormalizer.normalize(latin).bytes == latin)
        let lying = Array("<?xml version='1.0' encoding='utf-16'?><form/>".utf8)
        #expect(String(decoding: EncodingNormalizer.normalize(lying).bytes, as: UTF8.self)
                == "<?xml version='1.0' encoding='UTF-8' ?><form/>")
    }
}

/// Compares the parts of `NormalizedBytes` that a plain input determines.
struct NormalizedBytesView: Equatable {
    var bytes: [UInt8]
    var encoding: TextEncoding
    init(_ bytes: [UInt8], _ encoding: TextEncoding) { self.bytes = bytes; self.encoding = encoding }
    static func == (n: NormalizedBytes, v: NormalizedBytesView) -> Bool { n.bytes == v.bytes && n.encoding == v.encoding && !n.repaired }
}

/// `InputLoader.fileKind`: the one stat(2) the loader and the command's memory tuning ask.
@Test func inputFileKinds() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("formconv-filekind-\(getpid())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("a.xml")
    try Data(repeating: 0x41, count: 1234).write(to: file)
    #expect(InputLoader.fileKind(file.path) == .regular(size: 1234))
    #expect(InputLoader.fileKind(dir.path) == .directory)
    #expect(InputLoader.fileKind("/dev/null") == .other(S_IFCHR))
    #expect(InputLoader.fileKind(dir.appendingPathComponent("missing.xml").path) == nil)
}
