import Foundation
import Testing
@testable import DocumentTree

/// `UTF8Whitespace` tells white space on the bytes as Foundation's character sets and the standard
/// library's `Character` tell it on scalars: checked for every scalar, and trimming checked against
/// `trimmingCharacters(in:)` on texts beyond ASCII.
@Suite struct UTF8WhitespaceTests {
    static func kind(of s: Unicode.Scalar) -> UTF8Whitespace.Kind? {
        let bytes = Array(String(s).utf8)
        return bytes.withUnsafeBufferPointer { b in
            let forward = UTF8Whitespace.scalar(at: 0, before: b.count, in: b)
            let backward = UTF8Whitespace.scalar(endingAt: b.count, after: 0, in: b)
            #expect(forward?.kind == backward?.kind && forward?.length == backward?.length, "U+\(String(s.value, radix: 16))")
            if let forward { #expect(forward.length == bytes.count) }
            return forward?.kind
        }
    }

    @Test func everyScalarHasTheKindFoundationAndCharacterGiveIt() {
        for value in UInt32(0)...0x10FFFF {
            guard let s = Unicode.Scalar(value) else { continue }
            let kind = Self.kind(of: s)
            let name = "U+\(String(value, radix: 16))"
            #expect((kind != nil) == CharacterSet.whitespacesAndNewlines.contains(s), "\(name)")
            #expect((kind?.isTrimmed(newlines: false) ?? false) == CharacterSet.whitespaces.contains(s), "\(name)")
            #expect((kind != nil && kind != .zeroWidthSpace) == Character(s).isWhitespace, "\(name)")
            if kind != nil {
                // A space separator's `Character` takes a combining mark after it; the others do not.
                #expect((kind == .space) == ((String(s) + "\u{301}").count == 1), "\(name)")
            }
        }
    }

    static let texts = [
        "", " ", "\t\n", "a", " a ", "\u{00A0}a\u{00A0}", "\u{3000}\u{2003} x \u{205F}", "\u{200B}x\u{200B}",
        "\u{0085}x\u{2028}\u{2029}", " \u{301}x", "x \u{301}", "x\u{301} ", "\u{301}", " \u{301} ", "é", " é ",
        "\u{1680}日本\u{1680}", "\u{2000}\u{200A}", "\r\n x \r\n", "x\u{200C}", "\u{00A0}", "\u{202F}é\u{0301}\u{202F}",
        "\u{FEFF}x\u{FEFF}", "\u{180E}x\u{180E}", "😀 ", " \u{1F3FB}", "a\u{200D}",
    ]

    @Test func trimmingOnTheBytesIsFoundationsTrimming() {
        for text in Self.texts {
            #expect(text.trimmedWhitespace.unicodeScalars.elementsEqual(text.trimmingCharacters(in: .whitespacesAndNewlines).unicodeScalars),
                    "\(text.debugDescription)")
            #expect(text.trimmed(newlines: false).unicodeScalars.elementsEqual(text.trimmingCharacters(in: .whitespaces).unicodeScalars),
                    "\(text.debugDescription)")
            let leading = text.unicodeScalars.prefix { CharacterSet.whitespacesAndNewlines.contains($0) }.count
            let bytes = Array(text.utf8)
            #expect(bytes.withUnsafeBufferPointer { UTF8Whitespace.leadingScalars(0..<$0.count, in: $0) } == leading,
                    "\(text.debugDescription)")
        }
    }

    /// Every text of up to four scalars from white space of each kind, marks and other characters.
    @Test func everyShortTextTrimsAsFoundationTrimsIt() {
        let scalars: [String] = [" ", "\n", "\u{00A0}", "\u{200B}", "\u{2028}", "\u{301}", "a", "é", "\u{3000}"]
        var texts = [""], last = [""]
        for _ in 1...4 {
            last = last.flatMap { t in scalars.map { t + $0 } }
            texts += last
        }
        for text in texts {
            #expect(text.trimmedWhitespace.unicodeScalars.elementsEqual(text.trimmingCharacters(in: .whitespacesAndNewlines).unicodeScalars),
                    "\(text.debugDescription)")
            #expect(text.trimmed(newlines: false).unicodeScalars.elementsEqual(text.trimmingCharacters(in: .whitespaces).unicodeScalars),
                    "\(text.debugDescription)")
        }
    }
}
