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
    /// Where the token is written: byte offsets into the condition's UTF-8 (`text(in:)` for messages).
    var start: Int
    var end: Int

    /// The token as written, for messages.
    func text(in source: [UInt8]) -> String {
        String(decoding: source[start..<end], as: UTF8.self)
    }
}

/// Splits an MM XML condition into tokens. Names and numbers are "words": runs of scalars that are not
/// whitespace and none of `( ) " = ! < >`. A word is a keyword (`AND`, `OR`, `BT`, `LT`, any case), a
/// number, or an item name.
///
/// Works on UTF-8 bytes: every character with a meaning is ASCII, so only bytes of names and strings
/// beyond ASCII are decoded (to tell white space from word scalars).
enum MMLexer {
    static let keywords: [String: MMToken.Kind] = ["AND": .and, "OR": .or, "BT": .greater, "LT": .less]

    static func isWordScalar(_ s: Unicode.Scalar) -> Bool {
        if s.value < 0x80 { return isWordByte(UInt8(s.value)) }
        return !s.properties.isWhitespace
    }

    /// `isWordScalar` for an ASCII byte.
    static func isWordByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "\""), UInt8(ascii: "="), UInt8(ascii: "!"),
             UInt8(ascii: "<"), UInt8(ascii: ">"):
            return false
        default:
            return !ScalarScanner.isASCIIWhitespace(b)
        }
    }

    /// The tokens of `text` and the UTF-8 bytes their offsets point into.
    static func tokens(_ text: String) throws(ExpressionError) -> (tokens: [MMToken], source: [UInt8]) {
        var scanner = ScalarScanner(text)
        var tokens: [MMToken] = []
        tokens.reserveCapacity(8)
        while true {
            scanner.skipWhitespace()
            let column = scanner.column
            let start = scanner.index
            guard let b = scanner.byte() else {
                tokens.append(MMToken(kind: .end, column: column, start: start, end: start))
                return (tokens, scanner.bytes)
            }
            switch b {
            case UInt8(ascii: "("), UInt8(ascii: ")"):
                scanner.advanceASCII(1)
                tokens.append(MMToken(kind: b == UInt8(ascii: "(") ? .leftParen : .rightParen, column: column,
                                      start: start, end: scanner.index))
            case UInt8(ascii: "="), UInt8(ascii: "!"):
                guard scanner.byte(1) == UInt8(ascii: "=") else {
                    let s = Character(Unicode.Scalar(b))
                    let hint = s == "=" ? "; MM conditions compare with '=='" : "; MM conditions negate with '!='"
                    throw ExpressionError("unexpected '\(s)'\(hint)", column: column)
                }
                scanner.advanceASCII(2)
                tokens.append(MMToken(kind: b == UInt8(ascii: "=") ? .equal : .notEqual, column: column,
                                      start: start, end: scanner.index))
            case UInt8(ascii: "<"), UInt8(ascii: ">"):
                let s = Character(Unicode.Scalar(b))
                let word = s == "<" ? "LT" : "BT"
                throw ExpressionError("unexpected '\(s)'; MM conditions write '\(word)'", column: column)
            case UInt8(ascii: "\""):
                tokens.append(try string(&scanner))
            default:
                var ascii = true
                while let c = scanner.byte() {
                    if c < 0x80 {
                        guard isWordByte(c) else { break }
                        scanner.advanceASCII(1)
                    } else {
                        guard !scanner.decode(at: scanner.index).scalar.properties.isWhitespace else { break }
                        ascii = false
                        scanner.advance()
                    }
                }
                let kind = ascii ? classify(scanner.bytes, start, scanner.index) : classify(scanner.text(from: start))
                tokens.append(MMToken(kind: kind, column: column, start: start, end: scanner.index))
            }
        }
    }

    /// A double-quoted string: everything up to the next `"` (newlines included, no escapes).
    private static func string(_ scanner: inout ScalarScanner) throws(ExpressionError) -> MMToken {
        let column = scanner.column
        let start = scanner.index
        scanner.advanceASCII(1)
        let contentStart = scanner.index
        while let c = scanner.byte(), c != UInt8(ascii: "\"") {
            if c < 0x80 { scanner.advanceASCII(1) } else { scanner.advance() }
        }
        guard !scanner.isAtEnd else {
            throw ExpressionError("unterminated string: no closing '\"'", column: column)
        }
        let value = scanner.text(from: contentStart)
        scanner.advanceASCII(1)
        return MMToken(kind: .string(value), column: column, start: start, end: scanner.index)
    }

    /// `classify` for an all-ASCII word: bytes `start..<end` of `bytes`.
    static func classify(_ bytes: [UInt8], _ start: Int, _ end: Int) -> MMToken.Kind {
        let count = end - start
        if count == 2 || count == 3 {
            // ASCII upper-casing (clearing bit 5 of letters) is exactly `uppercased()` here.
            func upper(_ i: Int) -> UInt8 {
                let b = bytes[start + i]
                return b >= 97 && b <= 122 ? b - 32 : b
            }
            if count == 3 {
                if upper(0) == UInt8(ascii: "A"), upper(1) == UInt8(ascii: "N"), upper(2) == UInt8(ascii: "D") { return .and }
            } else {
                switch (upper(0), upper(1)) {
                case (UInt8(ascii: "O"), UInt8(ascii: "R")): return .or
                case (UInt8(ascii: "B"), UInt8(ascii: "T")): return .greater
                case (UInt8(ascii: "L"), UInt8(ascii: "T")): return .less
                default: break
                }
            }
        }
        let first = bytes[start]
        if first == UInt8(ascii: "-") || NumberSyntax.isDigit(first) {
            let length = bytes.withUnsafeBufferPointer {
                NumberSyntax.prefixLength(UnsafeBufferPointer(rebasing: $0[..<end]), from: start)
            }
            if length == count, let number = Double(String(decoding: bytes[start..<end], as: UTF8.self)) {
                return .number(number)
            }
        }
        return .name(String(decoding: bytes[start..<end], as: UTF8.self))
    }

    static func classify(_ word: String) -> MMToken.Kind {
        if let keyword = keywords[word.uppercased()] { return keyword }
        if let number = NumberSyntax.value(of: word) { return .number(number) }
        return .name(word)
    }
}
