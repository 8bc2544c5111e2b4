import FormIR

/// Splits an NSPredicate format string into tokens.
///
/// Identifiers are `[A-Za-z_][A-Za-z0-9_]*`; strings are single- or double-quoted with backslash
/// escapes (`\n \t \r \0 \\ \' \" \uXXXX`; any other escaped character stands for itself, backslash
/// kept, so regular expressions survive); numbers are `-?digits(.digits)?(e[+-]digits)?`.
enum PredicateLexer {
    static func tokens(_ text: String) throws(ExpressionError) -> [PredicateToken] {
        var scanner = ScalarScanner(text)
        var tokens: [PredicateToken] = []
        while true {
            scanner.skipWhitespace()
            let column = scanner.column
            let start = scanner.index
            guard let s = scanner.peek() else {
                tokens.append(PredicateToken(kind: .end, column: column, text: ""))
                return tokens
            }
            func emit(_ kind: PredicateToken.Kind, length: Int) {
                scanner.advance(length)
                tokens.append(PredicateToken(kind: kind, column: column, text: scanner.text(from: start)))
            }
            let next = scanner.peek(1)
            switch s {
            case "(": emit(.leftParen, length: 1)
            case ")": emit(.rightParen, length: 1)
            case "{": emit(.leftBrace, length: 1)
            case "}": emit(.rightBrace, length: 1)
            case ",": emit(.comma, length: 1)
            case ".": emit(.dot, length: 1)
            case "=":
                switch next {
                case "=": emit(.symbol(.equal), length: 2)
                case "<": emit(.symbol(.lessOrEqual), length: 2)
                case ">": emit(.symbol(.greaterOrEqual), length: 2)
                default: emit(.symbol(.equal), length: 1)
                }
            case "!":
                if next == "=" { emit(.symbol(.notEqual), length: 2) } else { emit(.not, length: 1) }
            case "<":
                switch next {
                case "=": emit(.symbol(.lessOrEqual), length: 2)
                case ">": emit(.symbol(.notEqual), length: 2)
                default: emit(.symbol(.less), length: 1)
                }
            case ">":
                if next == "=" { emit(.symbol(.greaterOrEqual), length: 2) } else { emit(.symbol(.greater), length: 1) }
            case "&", "|":
                guard next == s else {
                    let word = s == "&" ? "'&&' or AND" : "'||' or OR"
                    throw ExpressionError("unexpected '\(s)'; write \(word)", column: column)
                }
                emit(s == "&" ? .and : .or, length: 2)
            case "[":
                tokens.append(try options(&scanner))
            case "'", "\"":
                tokens.append(try string(&scanner))
            case "$":
                guard let first = next, isIdentifierStart(first) else {
                    throw ExpressionError("expected a variable name after '$'", column: column)
                }
                scanner.advance()
                let name = identifier(&scanner)
                tokens.append(PredicateToken(kind: .variable(name), column: column, text: "$" + name))
            default:
                let length = scanner.numberLength()
                if length > 0 {
                    scanner.advance(length)
                    let text = scanner.text(from: start)
                    if let c = scanner.peek(), isIdentifierPart(c) {
                        throw ExpressionError("malformed number '\(text)\(c)'", column: column)
                    }
                    tokens.append(PredicateToken(kind: .number(Double(text) ?? 0), column: column, text: text))
                } else if isIdentifierStart(s) {
                    let name = identifier(&scanner)
                    tokens.append(PredicateToken(kind: .word(name), column: column, text: name))
                } else {
                    throw ExpressionError("unexpected character '\(s)'", column: column)
                }
            }
        }
    }

    static func isIdentifierStart(_ s: Unicode.Scalar) -> Bool {
        s == "_" || (s.value >= 65 && s.value <= 90) || (s.value >= 97 && s.value <= 122)
    }

    static func isIdentifierPart(_ s: Unicode.Scalar) -> Bool {
        isIdentifierStart(s) || NumberSyntax.isDigit(s)
    }

    private static func identifier(_ scanner: inout ScalarScanner) -> String {
        let start = scanner.index
        while let c = scanner.peek(), isIdentifierPart(c) { scanner.advance() }
        return scanner.text(from: start)
    }

    /// `[c]`, `[d]`, `[cd]` (any order, any case).
    private static func options(_ scanner: inout ScalarScanner) throws(ExpressionError) -> PredicateToken {
        let column = scanner.column
        let start = scanner.index
        scanner.advance()
        var options = StringOptions()
        while let c = scanner.peek(), c != "]" {
            switch c {
            case "c", "C": options.caseInsensitive = true
            case "d", "D": options.diacriticInsensitive = true
            case _ where c.properties.isAlphabetic:
                throw ExpressionError("unknown comparison option '\(c)'; expected c or d", column: scanner.column)
            default:
                throw ExpressionError("expected ']' to close the '[' at column \(column)", column: scanner.column)
            }
            scanner.advance()
        }
        guard !scanner.isAtEnd else { throw ExpressionError("unterminated '[': no closing ']'", column: column) }
        scanner.advance()
        if options.isEmpty { throw ExpressionError("empty comparison options '[]'", column: column) }
        return PredicateToken(kind: .options(options), column: column, text: scanner.text(from: start))
    }

    private static func string(_ scanner: inout ScalarScanner) throws(ExpressionError) -> PredicateToken {
        let column = scanner.column
        let start = scanner.index
        guard let quote = scanner.peek() else { throw ExpressionError("expected a string", column: column) }
        scanner.advance()
        var value = String.UnicodeScalarView()
        while true {
            guard let c = scanner.peek() else {
                throw ExpressionError("unterminated string: no closing \(quote)", column: column)
            }
            scanner.advance()
            if c == quote { break }
            guard c == "\\" else { value.append(c); continue }
            guard let e = scanner.peek() else { continue }
            let escapeColumn = scanner.column - 1
            scanner.advance()
            switch e {
            case "n": value.append("\n")
            case "t": value.append("\t")
            case "r": value.append("\r")
            case "0": value.append("\0")
            case "\\", "'", "\"": value.append(e)
            case "u":
                value.append(try unicodeEscape(&scanner, column: escapeColumn))
            default:
                value.append("\\")
                value.append(e)
            }
        }
        return PredicateToken(kind: .string(String(value)), column: column, text: scanner.text(from: start))
    }

    private static func unicodeEscape(_ scanner: inout ScalarScanner, column: Int) throws(ExpressionError) -> Unicode.Scalar {
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard let h = scanner.peek(), let digit = UInt32(String(h), radix: 16) else {
                throw ExpressionError("'\\u' needs four hexadecimal digits", column: column)
            }
            code = code * 16 + digit
            scanner.advance()
        }
        guard let scalar = Unicode.Scalar(code) else {
            throw ExpressionError("'\\u\(String(code, radix: 16))' is not a Unicode scalar", column: column)
        }
        return scalar
    }
}
