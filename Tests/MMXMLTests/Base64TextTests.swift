import Foundation
import Testing
import DocumentTree
@testable import MMXML

/// `Base64Text` decodes an MM XML text as the reader decoded it with Foundation: `Data(base64Encoded:)`
/// of the text trimmed and without its white space (by `Character`), `=` added up to a multiple of four
/// characters when it has none.
@Suite struct Base64TextTests {
    /// Foundation's reading, as the reader made it before decoding on the bytes (of `e.text`, trimmed).
    static func foundation(_ text: String) -> [UInt8]? {
        var compact = String(text.trimmingCharacters(in: .whitespacesAndNewlines).filter { !$0.isWhitespace })
        let length = compact.utf8.count
        if length % 4 != 0, !compact.utf8.contains(UInt8(ascii: "=")) { compact += String(repeating: "=", count: 4 - length % 4) }
        return Data(base64Encoded: compact).map { Array($0) }
    }

    static func decoded(_ text: String) -> [UInt8]? {
        var out: [UInt8] = []
        guard let count = Array(text.utf8).withUnsafeBufferPointer({ Base64Text.decode($0, into: &out) }) else { return nil }
        return Array(out[..<count])
    }

    static let edges = [
        "", " ", "QQ", "QQ=", "QQ==", "QQ===", "QQ=====", "QUI", "QUI=", "QUJD", "QUJDRA", "QUJDRA=", "QUJDRA==",
        "QUJDRA===", "Q", "Q=", "Q==", "Q===", "=", "==", "===", "====", "========", "=QQ=", "QQ=A", "QU=D", "Q=QQ",
        "QQ==QQ==", "QR==", "QUJ=", "AAAA====", "QUJD\nRA==", " QU JD\tRA =\r\n= ", "QUJD-A==", "QUJD_A==", "QUJD.A==",
        "w6k=", "w6kgw6g", "\u{00A0}QUJD\u{00A0}", "QU\u{2028}JD", "QUJ\u{00E9}", "QQ\u{0301}==", "\u{3000}",
        "QUJDRA\u{00A0}=", "Zm9vYmFy", "Zm9vYmE=", "Zm9vYg==", "Zm9v\u{000B}YmFy", "Zm9v\u{001C}YmFy",
        // Marks after white space join its `Character` (removed with it) only after a space separator
        // that is not leading white space; U+200B is trimmed at the ends only.
        "QU \u{301}JD", "QU\u{3000}\u{301}\u{301}JD", "QU\n\u{301}JD", "QU\t\u{301}JD", " \u{301}QUJD",
        "\u{301}QUJD", "QUJD \u{301}", "QUJD\u{301}", "QUJD= \u{301}=", "QU\u{200B}JD", "\u{200B}QUJD\u{200B}",
        "QUJD\u{200B} ", "QUJD \u{200B}\u{301}", "QUJD \u{301}\u{200B}", "QQ\u{200B}==", "QU \u{200D}JD",
        "QU \u{903}JD", "QU \u{1F3FB}JD", "QU \u{1F600}JD", "QU\u{0085}\u{301}JD", "QU\u{2028}JD", "é",
        "QU \u{AC00}JD", "\u{00A0}\u{301}", "QUJD\r\n\u{301}", "w6k=\u{2003}\u{20DD}",
    ]

    @Test func edgeCasesDecodeAsFoundationDecodesThem() {
        for text in Self.edges { #expect(Self.decoded(text) == Self.foundation(text), "\(text.debugDescription)") }
        #expect(Self.decoded("QUJD RA") == Array("ABCD".utf8))
        #expect(Self.decoded("QUJD!") == nil)
    }

    /// Every text of up to five characters from letters of different 6-bit values, `=`, white space
    /// (ASCII and not) and characters outside the alphabet.
    @Test func everyShortTextDecodesAsFoundationDecodesIt() {
        let characters: [String] = ["A", "Q", "/", "=", " ", "\n", "-", "\u{00A0}", "\u{301}", "\u{200B}"]
        var texts = [""]
        var last = [""]
        for _ in 1...5 {
            last = last.flatMap { t in characters.map { t + $0 } }
            texts += last
        }
        for text in texts { #expect(Self.decoded(text) == Self.foundation(text), "\(text.debugDescription)") }
    }

    /// Encoded bytes of every length up to 12, whole and with a space or a line break at each place.
    @Test func encodedBytesDecodeAsFoundationDecodesThem() {
        for n in 0...12 {
            let encoded = Data((0..<n).map { UInt8(truncatingIfNeeded: $0 &* 89 &+ n &* 7) }).base64EncodedString()
            #expect(Self.decoded(encoded) == Self.foundation(encoded))
            for i in 0...encoded.count {
                for space in [" ", "\r\n"] {
                    var text = encoded
                    text.insert(contentsOf: space, at: text.index(text.startIndex, offsetBy: i))
                    #expect(Self.decoded(text) == Self.foundation(text), "\(text.debugDescription)")
                }
            }
        }
    }
}
