import FormIR

/// A recursive-descent parser over Unicode scalars with survey-core's precedence: `or` < `and` <
/// comparisons and collection operators < `+ -` < `* / %` < `^` < unary (`!`, `-`) < postfix
/// `empty`/`notempty` < operands.
struct SurveyJSParser {
    private let s: [Unicode.Scalar]
    private var i = 0

    init(_ text: String) { s = Array(text.unicodeScalars) }

    mutating func parseAll() throws(ExpressionError) -> SurveyJSExpression {
        skipSpace()
        guard i < s.count else { throw ExpressionError("the expression is empty", column: 1) }
        let e = try parseOr()
        skipSpace()
        if i < s.count { throw ExpressionError("unexpected '\(String(String.UnicodeScalarView(s[i..<min(i + 12, s.count)])))'", column: i + 1) }
        return e
    }

    // MARK: precedence levels

    private mutating func parseOr() throws(ExpressionError) -> SurveyJSExpression {
        var l = try parseAnd()
        while take(symbol: "||") || take(word: "or") { l = .binary("or", l, try parseAnd()) }
        return l
    }

    private mutating func parseAnd() throws(ExpressionError) -> SurveyJSExpression {
        var l = try parseComparison()
        while take(symbol: "&&") || take(word: "and") { l = .binary("and", l, try parseComparison()) }
        return l
    }

    private static let comparisonSymbols: [(String, String)] = [
        ("<=", "<="), (">=", ">="), ("==", "="), ("!=", "!="), ("<>", "!="), ("*=", "contains"),
        ("=", "="), ("<", "<"), (">", ">"),
    ]
    private static let comparisonWords: [(String, String)] = [
        ("lessorequal", "<="), ("greaterorequal", ">="), ("notequal", "!="), ("equal", "="), ("less", "<"),
        ("greater", ">"), ("notcontains", "notcontains"), ("notcontain", "notcontains"), ("contains", "contains"),
        ("contain", "contains"), ("anyof", "anyof"), ("allof", "allof"), ("noneof", "noneof"),
    ]

    private mutating func parseComparison() throws(ExpressionError) -> SurveyJSExpression {
        var l = try parseAdditive()
        while true {
            var op: String?
            for (sym, name) in Self.comparisonSymbols where take(symbol: sym) { op = name; break }
            if op == nil { for (word, name) in Self.comparisonWords where take(word: word) { op = name; break } }
            guard let op else { return l }
            l = .binary(op, l, try parseAdditive())
        }
    }

    private mutating func parseAdditive() throws(ExpressionError) -> SurveyJSExpression {
        var l = try parseMultiplicative()
        while true {
            if take(symbol: "+") { l = .binary("+", l, try parseMultiplicative()) }
            else if take(symbol: "-") { l = .binary("-", l, try parseMultiplicative()) }
            else { return l }
        }
    }

    private mutating func parseMultiplicative() throws(ExpressionError) -> SurveyJSExpression {
        var l = try parsePower()
        while true {
            if peek(symbol: "*=") { return l }
            if take(symbol: "*") { l = .binary("*", l, try parsePower()) }
            else if take(symbol: "/") { l = .binary("/", l, try parsePower()) }
            else if take(symbol: "%") { l = .binary("%", l, try parsePower()) }
            else { return l }
        }
    }

    private mutating func parsePower() throws(ExpressionError) -> SurveyJSExpression {
        let l = try parseUnary()
        if take(symbol: "^") { return .binary("^", l, try parsePower()) }
        return l
    }

    private mutating func parseUnary() throws(ExpressionError) -> SurveyJSExpression {
        if !peek(symbol: "!="), take(symbol: "!") { return .unary("!", try parseUnary()) }
        if take(word: "not") || take(word: "negate") { return .unary("!", try parseUnary()) }
        if take(symbol: "-") { return .unary("-", try parseUnary()) }
        var e = try parseOperand()
        while true {
            if take(word: "notempty") { e = .unary("notempty", e) }
            else if take(word: "empty") { e = .unary("empty", e) }
            else { return e }
        }
    }

    private mutating func parseOperand() throws(ExpressionError) -> SurveyJSExpression {
        skipSpace()
        guard i < s.count else { throw ExpressionError("the expression ends where a value was expected", column: i + 1) }
        let start = i
        let c = s[i]
        switch c {
        case "(":
            i += 1
            let e = try parseOr()
            guard take(symbol: ")") else { throw ExpressionError("expected ')' to close the '(' at column \(start + 1)", column: i + 1) }
            return e
        case "{":
            i += 1
            var name = ""
            while i < s.count, s[i] != "}" { name.unicodeScalars.append(s[i]); i += 1 }
            guard i < s.count else { throw ExpressionError("unterminated '{': expected '}'", column: start + 1) }
            i += 1
            let trimmed = name.trimmingSpaces
            guard !trimmed.isEmpty else { throw ExpressionError("'{}' names no question", column: start + 1) }
            return .variable(trimmed)
        case "'", "\"":
            i += 1
            var text = ""
            while i < s.count, s[i] != c {
                if s[i] == "\\", i + 1 < s.count { i += 1 }
                text.unicodeScalars.append(s[i]); i += 1
            }
            guard i < s.count else { throw ExpressionError("unterminated string: expected a closing \(c)", column: start + 1) }
            i += 1
            return .string(text)
        case "[":
            i += 1
            var items: [SurveyJSExpression] = []
            if take(symbol: "]") { return .array(items) }
            repeat { items.append(try parseOr()) } while take(symbol: ",")
            guard take(symbol: "]") else { throw ExpressionError("expected ']' to close the list at column \(start + 1)", column: i + 1) }
            return .array(items)
        default:
            if c.properties.numericType != nil || c == "." { return try parseNumber() }
            if c.properties.isAlphabetic || c == "_" {
                var word = ""
                while i < s.count, s[i].properties.isAlphabetic || s[i].properties.numericType != nil || s[i] == "_" || s[i] == "." {
                    word.unicodeScalars.append(s[i]); i += 1
                }
                switch word.lowercased() {
                case "true": return .bool(true)
                case "false": return .bool(false)
                case "null", "undefined": return .null
                default: break
                }
                if take(symbol: "(") {
                    var args: [SurveyJSExpression] = []
                    if !take(symbol: ")") {
                        repeat { args.append(try parseOr()) } while take(symbol: ",")
                        guard take(symbol: ")") else { throw ExpressionError("expected ')' after the arguments of \(word)()", column: i + 1) }
                    }
                    return .call(word, args)
                }
                throw ExpressionError("'\(word)' is not a value: write a question as {\(word)} and text in quotes", column: start + 1)
            }
            throw ExpressionError("unexpected '\(Character(c))'", column: start + 1)
        }
    }

    private mutating func parseNumber() throws(ExpressionError) -> SurveyJSExpression {
        let start = i
        var text = ""
        if i + 1 < s.count, s[i] == "0", s[i + 1] == "x" || s[i + 1] == "X" {
            i += 2
            while i < s.count, s[i].properties.isASCIIHexDigit { text.unicodeScalars.append(s[i]); i += 1 }
            guard let v = Int(text, radix: 16) else { throw ExpressionError("invalid hexadecimal number", column: start + 1) }
            return .number(Double(v))
        }
        while i < s.count, ("0"..."9").contains(s[i]) || s[i] == "." || s[i] == "e" || s[i] == "E"
                || ((s[i] == "+" || s[i] == "-") && (s[i - 1] == "e" || s[i - 1] == "E")) {
            text.unicodeScalars.append(s[i]); i += 1
        }
        guard let v = Double(text) else { throw ExpressionError("invalid number '\(text)'", column: start + 1) }
        return .number(v)
    }

    // MARK: tokens

    private mutating func skipSpace() {
        while i < s.count, s[i].properties.isWhitespace { i += 1 }
    }

    private mutating func peek(symbol: String) -> Bool {
        skipSpace()
        let sym = Array(symbol.unicodeScalars)
        return i + sym.count <= s.count && Array(s[i..<i + sym.count]) == sym
    }

    private mutating func take(symbol: String) -> Bool {
        guard peek(symbol: symbol) else { return false }
        i += symbol.unicodeScalars.count
        return true
    }

    /// A word operator, in any case, not followed by a letter, digit or `_`.
    private mutating func take(word: String) -> Bool {
        skipSpace()
        let w = Array(word.unicodeScalars)
        guard i + w.count <= s.count else { return false }
        for (k, c) in w.enumerated() where Character(s[i + k]).lowercased() != String(c) { return false }
        if i + w.count < s.count {
            let next = s[i + w.count]
            if next.properties.isAlphabetic || next.properties.numericType != nil || next == "_" { return false }
        }
        i += w.count
        return true
    }
}

private extension String {
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let a = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let b = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[a...b])
    }
}
