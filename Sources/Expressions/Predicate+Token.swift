import FormIR

/// One token of an NSPredicate format string, with the column of its first scalar.
struct PredicateToken: Equatable {
    enum Kind: Equatable {
        case leftParen, rightParen, leftBrace, rightBrace, comma, dot
        /// `==`, `=`, `!=`, `<>`, `<`, `>`, `<=`, `=<`, `>=`, `=>`.
        case symbol(ComparisonOperator)
        /// `&&`, `||`, `!` (the word forms arrive as `word`).
        case and, or, not
        /// `[c]`, `[d]`, `[cd]` after an operator.
        case options(StringOptions)
        /// An identifier or keyword (`AND`, `IN`, `SELF`, `TRUE`, …): the parser decides, ignoring case.
        case word(String)
        /// `$name`.
        case variable(String)
        case string(String)
        case number(Double)
        case end
    }
    var kind: Kind
    var column: Int
    /// Where the token is written: byte offsets into the predicate's UTF-8 (`text(in:)` for messages).
    var start: Int
    var end: Int

    /// The token as written, for messages.
    func text(in source: [UInt8]) -> String {
        String(decoding: source[start..<end], as: UTF8.self)
    }

    /// The keyword this word spells, upper-cased, or `nil` for any other token.
    var keyword: String? {
        if case .word(let w) = kind { return w.uppercased() }
        return nil
    }

    /// Whether the token is a word spelling `upper` (an upper-case ASCII keyword) in any case, without
    /// building the upper-cased word. Words are ASCII identifiers, so this is `keyword == upper`.
    func isKeyword(_ upper: StaticString) -> Bool {
        guard case .word(var w) = kind else { return false }
        return w.withUTF8 { word in
            guard word.count == upper.utf8CodeUnitCount else { return false }
            let key = upper.utf8Start
            for i in 0..<word.count {
                let b = word[i]
                if (b >= 97 && b <= 122 ? b - 32 : b) != key[i] { return false }
            }
            return true
        }
    }
}
