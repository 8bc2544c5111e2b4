import FormIR

/// Splits an NSPredicate format string into tokens.
///
/// Identifiers are `[A-Za-z_][A-Za-z0-9_]*`; strings are single- or double-quoted with backslash
/// escapes (`\n \t \r \0 \\ \' \" \uXXXX`; any other escaped character stands for itself, backslash
/// kept, so regular expressions survive); numbers are `-?digits(.digits)?(e[+-]digits)?`.
///
/// Works on UTF-8 bytes: the syntax is ASCII, so only white space and string contents beyond ASCII are
/// decoded.
enum PredicateLexer {
    /// The tokens of `text` and the UTF-8 bytes their offsets point into.
    static func tokens(_ text: String) throws(ExpressionError) -> (tokens: [PredicateToken], source: [UInt8]) {
        var scanner = ScalarScanner(text)
        var tokens: [PredicateToken] = []
        tokens.reserveCapacity(12)
        while true {
            scanner.skipWhitespace()
            let column = scanner.column
            let start = scanner.index
            guard let s = scanner.byte() else {
                tokens.append(PredicateToken(kind: .end, column: column, start: start, end: start))
                return (tokens, scanner.bytes)
            }
            func emit(_ kind: PredicateToken.Kind, length: Int) {
                scanner.advanceASCII(length)
                tokens.append(PredicateToken(kind: kind, column: column, start: start, end: scanner.index))
            }
            let next = scanner.byte(1)
            switch s {
            case UInt8(ascii: "("): emit(.leftParen, length: 1)
            case UInt8(ascii: ")"): emit(.rightParen, length: 1)
            case UInt8(ascii: "{"): emit(.leftBrace, length: 1)
            case UInt8(ascii: "}"): emit(.rightBrace, length: 1)
            case UInt8(ascii: ","): emit(.comma, length: 1)
            case UInt8(ascii: "."): emit(.dot, length: 1)
            case UInt8(ascii: "="):
                switch next {
                case UInt8(ascii: "="): emit(.symbol(.equal), length: 2)
                case UInt8(ascii: "<"): emit(.symbol(.lessOrEqual), length: 2)
                case UInt8(ascii: ">"): emit(.symbol(.greaterOrEqual), length: 2)
                default: emit(.symbol(.equal), length: 1)
                }
            case UInt8(ascii: "!"):
                if next == UInt8(ascii: "=") { emit(.symbol(.notEqual), length: 2) } else { emit(.not, length: 1) }
            case UInt8(ascii: "<"):
                switch next {
                case UInt8(ascii: "="): emit(.symbol(.lessOrEqual), length: 2)
                case UInt8(ascii: ">"): emit(.symbol(.notEqual), length: 2)
                default: emit(.symbol(.less), length: 1)
                }
            case UInt8(ascii: ">"):
                if next == UInt8(ascii: "=") { emit(.symbol(.greaterOrEqual), length: 2) } else { emit(.symbol(.greater), length: 1) }
            case UInt8(ascii: "&"), UInt8(ascii: "|"):
                guard next == s else {
                    let c = Character(Unicode.Scalar(s))
                    let word = c == "&" ? "'&&' or AND" : "'||' or OR"
                    throw ExpressionError("unexpected '\(c)'; write \(word)", column: column)
                }
                emit(s == UInt8(ascii: "&") ? .and : .or, length: 2)
            case UInt8(ascii: "["):
                tokens.append(try options(&scanner))
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                tokens.append(try string(&scanner))
            case UInt8(ascii: "$"):
                guard let first = next, isIdentifierStart(first) else {
                    throw ExpressionError("expected a variable name after '$'", column: column)
                }
                scanner.advanceASCII(1)
                let name = identifier(&scanner)
                tokens.append(PredicateToken(kind: .variable(name), column: column, start: start, end: scanner.index))
            default:
                let length = scanner.numberLength()
                if length > 0 {
                    scanner.advanceASCII(length)
                    let text = scanner.text(from: start)
                    if let c = scanner.byte(), isIdentifierPart(c) {
                        throw ExpressionError("malformed number '\(text)\(Character(Unicode.Scalar(c)))'", column: column)
                    }
                    tokens.append(PredicateToken(kind: .number(Double(text) ?? 0), column: column, start: start,
                                                 end: scanner.index))
                } else if isIdentifierStart(s) {
                    let name = identifier(&scanner)
                    tokens.append(PredicateToken(kind: .word(name), column: column, start: start, end: scanner.index))
                } else {
                    throw ExpressionError("unexpected character '\(scanner.peek()!)'", column: column)
                }
            }
        }
    }

    static func isIdentifierStart(_ b: UInt8) -> Bool {
        b == UInt8(ascii: "_") || (b >= 65 && b <= 90) || (b >= 97 && b <= 122)
    }

    static func isIdentifierPart(_ b: UInt8) -> Bool {
        isIdentifierStart(b) || NumberSyntax.isDigit(b)
    }

    /// Whether `name` reads back as one identifier (`[A-Za-z_][A-Za-z0-9_]*`).
    static func isIdentifier(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { bytes in
            guard let first = bytes.first, isIdentifierStart(first) else { return false }
            return bytes.allSatisfy(isIdentifierPart)
        }
    }

    private static func identifier(_ scanner: inout ScalarScanner) -> String {
        let start = scanner.index
        while let c = scanner.byte(), isIdentifierPart(c) { scanner.advanceASCII(1) }
        return scanner.text(from: start)
    }

    /// `[c]`, `[d]`, `[cd]` (any order, any case).
    private static func options(_ scanner: inout ScalarScanner) throws(ExpressionError) -> PredicateToken {
        let column = scanner.column
        let start = scanner.index
        scanner.advanceASCII(1)
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
        scanner.advanceASCII(1)
        if options.isEmpty { throw ExpressionError("empty comparison options '[]'", column: column) }
        return PredicateToken(kind: .options(options), column: column, start: start, end: scanner.index)
    }

    private static func string(_ scanner: inout ScalarScanner) throws(ExpressionError) -> PredicateToken {
        let column = scanner.column
        let start = scanner.index
        guard let quote = scanner.byte() else { throw ExpressionError("expected a string", column: column) }
        scanner.advanceASCII(1)
        // Without escapes the value is the bytes between the quotes; `value` is only built at the first `\`.
        let contentStart = scanner.index
        var value: [UInt8]? = nil
        while true {
            guard let c = scanner.byte() else {
                throw ExpressionError("unterminated string: no closing \(Character(Unicode.Scalar(quote)))", column: column)
            }
            if c == quote {
                let text: String
                if let value { text = String(decoding: value, as: UTF8.self) } else { text = scanner.text(from: contentStart) }
                scanner.advanceASCII(1)
                return PredicateToken(kind: .string(text), column: column, start: start, end: scanner.index)
            }
            if c != UInt8(ascii: "\\") {
                let from = scanner.index
                if c < 0x80 { scanner.advanceASCII(1) } else { scanner.advance() }
                value?.append(contentsOf: scanner.bytes[from..<scanner.index])
                continue
            }
            if value == nil { value = Array(scanner.bytes[contentStart..<scanner.index]) }
            scanner.advanceASCII(1)
            guard let e = scanner.byte() else { continue }
            let escapeColumn = scanner.column - 1
            switch e {
            case UInt8(ascii: "n"): value!.append(0x0A)
            case UInt8(ascii: "t"): value!.append(0x09)
            case UInt8(ascii: "r"): value!.append(0x0D)
            case UInt8(ascii: "0"): value!.append(0x00)
            case UInt8(ascii: "\\"), UInt8(ascii: "'"), UInt8(ascii: "\""): value!.append(e)
            case UInt8(ascii: "u"):
                scanner.advanceASCII(1)
                value!.append(contentsOf: String(try unicodeEscape(&scanner, column: escapeColumn)).utf8)
                continue
            default:
                value!.append(UInt8(ascii: "\\"))
                let from = scanner.index
                scanner.advance()
                value!.append(contentsOf: scanner.bytes[from..<scanner.index])
                continue
            }
            scanner.advanceASCII(1)
        }
    }

    private static func unicodeEscape(_ scanner: inout ScalarScanner, column: Int) throws(ExpressionError) -> Unicode.Scalar {
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard let h = scanner.byte(), let digit = hexValue(h) else {
                throw ExpressionError("'\\u' needs four hexadecimal digits", column: column)
            }
            code = code * 16 + digit
            scanner.advanceASCII(1)
        }
        guard let scalar = Unicode.Scalar(code) else {
            throw ExpressionError("'\\u\(String(code, radix: 16))' is not a Unicode scalar", column: column)
        }
        return scalar
    }

    private static func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case 48...57: UInt32(b - 48)
        case 65...70: UInt32(b - 55)
        case 97...102: UInt32(b - 87)
        default: nil
        }
    }
}
