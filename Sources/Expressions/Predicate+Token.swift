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
    /// The token as written, for messages.
    var text: String

    /// The keyword this word spells, upper-cased, or `nil` for any other token.
    var keyword: String? {
        if case .word(let w) = kind { return w.uppercased() }
        return nil
    }
}
