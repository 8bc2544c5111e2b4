import Testing
import FormConvTestSupport
@testable import DocumentTree

/// `removingWhitespace` removes white space on the bytes (`UTF8Whitespace.removingCharacterWhitespace`)
/// exactly as the `Character` filter it replaced, `filter { !$0.isWhitespace }`: checked on many
/// generated texts beyond ASCII (marks after separators, prepended marks, CRLF, U+0085, U+2028,
/// U+200B…) and on every scalar between and after separators.
@Suite struct RemovingWhitespaceTests {
    static func expectSameAsCharacterFilter(_ text: String) {
        let filtered = String(text.filter { !$0.isWhitespace })
        #expect(text.removingWhitespace.unicodeScalars.elementsEqual(filtered.unicodeScalars), "\(text.debugDescription)")
    }

    /// White space of every kind, marks that join a space separator (combining, enclosing, spacing,
    /// ZWJ, variation selector, emoji modifier), prepended marks, and other scalars.
    static let pool: [String] = [
        " ", "\t", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{1680}", "\u{2000}", "\u{200A}",
        "\u{200B}", "\u{2028}", "\u{2029}", "\u{202F}", "\u{205F}", "\u{3000}", "\u{301}", "\u{20DD}", "\u{93F}",
        "\u{200D}", "\u{200C}", "\u{FE0F}", "\u{1F3FB}", "\u{600}", "\u{110BD}", "\u{D4E}", "a", "-", "1", "é",
        "日", "😀", "\u{1F1E6}", "\u{1100}", "\u{1161}", "\u{915}", "\u{94D}", "\u{FEFF}", "\u{180E}",
    ]

    @Test func generatedTextsLoseWhatTheCharacterFilterRemoves() {
        // Every text of up to three pieces of the pool, then random longer ones (a fixed seed).
        var last = [""]
        for _ in 1...3 {
            last = last.flatMap { t in Self.pool.map { t + $0 } }
            for text in last { Self.expectSameAsCharacterFilter(text) }
        }
        var numbers = SplitMix64(seed: 0x9E37_79B9_7F4A_7C15)
        func next() -> Int { Int(truncatingIfNeeded: numbers.next() >> 1) }
        for _ in 0..<20_000 {
            let length = 4 + next() % 9
            var text = ""
            for _ in 0..<length { text += Self.pool[next() % Self.pool.count] }
            Self.expectSameAsCharacterFilter(text)
        }
    }

    @Test func everyScalarBesideSeparators() {
        for value in UInt32(0x80)...0x10FFFF {
            guard let s = Unicode.Scalar(value) else { continue }
            let c = String(s)
            Self.expectSameAsCharacterFilter("x" + c + " " + c + "\u{3000}" + c + "\t" + c)
        }
    }
}
