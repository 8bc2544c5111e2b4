import FormIR

/// One token of an MM XML condition, with the column of its first scalar.
struct MMToken: Equatable {
    enum Kind: Equatable {
        case leftParen, rightParen
        case equal, notEqual, greater, less
        case and, or
        case string(String)
        case number(Double)
        case name(String)
        case end
    }
    var kind: Kind
    var column: Int
    /// The token as written, for messages.
    var text: String
}

/// Splits an MM XML condition into tokens. Names and numbers are "words": runs of scalars that are not
/// whitespace and none of `( ) " = ! < >`. A word is a keyword (`AND`, `OR`, `BT`, `LT`, any case), a
/// number, or an item name.
enum MMLexer {
    static let keywords: [String: MMToken.Kind] = ["AND": .and, "OR": .or, "BT": .greater, "LT": .less]

    static func isWordScalar(_ s: Unicode.Scalar) -> Bool {
        !s.properties.isWhitespace && !"()\"=!<>".unicodeScalars.contains(s)
    }

    static func tokens(_ text: String) throws(ExpressionError) -> [MMToken] {
        var scanner = ScalarScanner(text)
        var tokens: [MMToken] = []
        while true {
            scanner.skipWhitespace()
            let column = scanner.column
            guard let s = scanner.peek() else {
                tokens.append(MMToken(kind: .end, column: column, text: ""))
                return tokens
            }
            switch s {
            case "(":
                scanner.advance()
                tokens.append(MMToken(kind: .leftParen, column: column, text: "("))
            case ")":
                scanner.advance()
                tokens.append(MMToken(kind: .rightParen, column: column, text: ")"))
            case "=", "!":
                guard scanner.peek(1) == "=" else {
                    let hint = s == "=" ? "; MM conditions compare with '=='" : "; MM conditions negate with '!='"
                    throw ExpressionError("unexpected '\(s)'\(hint)", column: column)
                }
                scanner.advance(2)
                tokens.append(MMToken(kind: s == "=" ? .equal : .notEqual, column: column, text: "\(s)="))
            case "<", ">":
                let word = s == "<" ? "LT" : "BT"
                throw ExpressionError("unexpected '\(s)'; MM conditions write '\(word)'", column: column)
            case "\"":
                tokens.append(try string(&scanner))
            default:
                let start = scanner.index
                while let c = scanner.peek(), isWordScalar(c) { scanner.advance() }
                let word = scanner.text(from: start)
                tokens.append(MMToken(kind: classify(word), column: column, text: word))
            }
        }
    }

    /// A double-quoted string: everything up to the next `"` (newlines included, no escapes).
    private static func string(_ scanner: inout ScalarScanner) throws(ExpressionError) -> MMToken {
        let column = scanner.column
        scanner.advance()
        let start = scanner.index
        while let c = scanner.peek(), c != "\"" { scanner.advance() }
        guard !scanner.isAtEnd else {
            throw ExpressionError("unterminated string: no closing '\"'", column: column)
        }
        let value = scanner.text(from: start)
        scanner.advance()
        return MMToken(kind: .string(value), column: column, text: "\"\(value)\"")
    }

    static func classify(_ word: String) -> MMToken.Kind {
        if let keyword = keywords[word.uppercased()] { return keyword }
        if let number = NumberSyntax.value(of: word) { return .number(number) }
        return .name(word)
    }
}
