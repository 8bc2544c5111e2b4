import FormIR

/// Recursive-descent parser for the NSPredicate subset forms use.
///
///     predicate  := and ( (OR | "||") and )*
///     and        := not ( (AND | "&&") not )*
///     not        := (NOT | "!") not | primary
///     primary    := "(" predicate ")" | TRUEPREDICATE | FALSEPREDICATE | comparison
///     comparison := operand operator options? operand
///     operand    := $tag ( "." (value | isHidden | isDisabled) )? | SELF | string | number
///                 | TRUE | YES | FALSE | NO | nil | NULL | "{" ( operand ( "," operand )* )? "}"
///
/// Keywords ignore case. Chains of `AND`/`OR` are flattened, parenthesised or not. A lone `TRUE` or
/// `FALSE` is read as `TRUEPREDICATE`/`FALSEPREDICATE`.
struct PredicateParser {
    private let tokens: [PredicateToken]
    /// The predicate's UTF-8, which token offsets point into.
    private let source: [UInt8]
    private var position = 0
    private var depth = 0

    init(tokens: [PredicateToken], source: [UInt8]) {
        self.tokens = tokens
        self.source = source
    }

    static let comparisonWords: [String: ComparisonOperator] = [
        "IN": .in, "BETWEEN": .between, "CONTAINS": .contains, "BEGINSWITH": .beginsWith,
        "ENDSWITH": .endsWith, "LIKE": .like, "MATCHES": .matches,
    ]
    static let aggregateWords: Set<String> = ["ANY", "ALL", "SOME", "NONE"]

    private var current: PredicateToken { tokens[position] }

    /// Counts one level of `(`, `NOT` or `{` nesting; deeper than `MMParser.maximumDepth` is an error
    /// rather than a risk to the stack.
    private mutating func enter() throws(ExpressionError) {
        depth += 1
        if depth > MMParser.maximumDepth {
            throw ExpressionError("nested more than \(MMParser.maximumDepth) deep", column: current.column)
        }
    }
    private mutating func advance() { if position < tokens.count - 1 { position += 1 } }

    mutating func parsePredicate() throws(ExpressionError) -> Expression {
        if current.kind == .end { throw ExpressionError("empty predicate", column: 1) }
        let expression = try parseOr()
        if current.kind != .end {
            throw unexpected("AND, OR or the end")
        }
        return expression
    }

    private var atOr: Bool { current.kind == .or || current.isKeyword("OR") }
    private var atAnd: Bool { current.kind == .and || current.isKeyword("AND") }
    private var atNot: Bool { current.kind == .not || current.isKeyword("NOT") }

    private mutating func parseOr() throws(ExpressionError) -> Expression {
        var items = [try parseAnd()]
        while atOr {
            advance()
            items.append(try parseAnd())
        }
        return Expression.joining(items, or: true)
    }

    private mutating func parseAnd() throws(ExpressionError) -> Expression {
        var items = [try parseNot()]
        while atAnd {
            advance()
            items.append(try parseNot())
        }
        return Expression.joining(items, or: false)
    }

    private mutating func parseNot() throws(ExpressionError) -> Expression {
        guard atNot else { return try parsePrimary() }
        try enter()
        defer { depth -= 1 }
        advance()
        return .not(try parseNot())
    }

    private mutating func parsePrimary() throws(ExpressionError) -> Expression {
        switch current.kind {
        case .leftParen:
            let open = current
            try enter()
            defer { depth -= 1 }
            advance()
            let inner = try parseOr()
            if current.kind == .rightParen {
                advance()
                return inner
            }
            if current.kind == .end {
                throw ExpressionError("missing ')' to close the '(' at column \(open.column)", column: current.column)
            }
            throw unexpected("')', AND or OR")
        case .word where current.isKeyword("TRUEPREDICATE"):
            advance()
            return .literal(.bool(true))
        case .word where current.isKeyword("FALSEPREDICATE"):
            advance()
            return .literal(.bool(false))
        default:
            return try parseComparison()
        }
    }

    private mutating func parseComparison() throws(ExpressionError) -> Expression {
        let leftToken = current
        let left = try parseOperand()
        let op: ComparisonOperator
        switch current.kind {
        case .symbol(let symbol):
            op = symbol
        case .word where Self.comparisonWords[current.keyword ?? ""] != nil:
            op = Self.comparisonWords[current.keyword ?? ""]!
        default:
            if case .literal(.bool) = left, endsPredicate { return left }
            throw unexpected("a comparison operator after '\(leftToken.text(in: source))'")
        }
        advance()
        var options = StringOptions()
        if case .options(let o) = current.kind {
            options = o
            advance()
        }
        let rightToken = current
        let right = try parseOperand()
        if op == .between, case .list(let bounds) = right, bounds.count != 2 {
            throw ExpressionError("BETWEEN needs two bounds: {lower, upper}", column: rightToken.column)
        }
        return .compare(left, op, right, options)
    }

    /// Whether the current token may follow a complete predicate.
    private var endsPredicate: Bool {
        current.kind == .end || current.kind == .rightParen || atAnd || atOr
    }

    private mutating func parseOperand() throws(ExpressionError) -> Expression {
        let token = current
        switch token.kind {
        case .variable(let name):
            advance()
            return .field(FieldReference(name, property: try parseProperty(of: name)))
        case .string(let s):
            advance()
            return .literal(.string(s))
        case .number(let n):
            advance()
            return .literal(.number(n))
        case .leftBrace:
            return try parseList()
        case .word:
            let literal: Expression?
            switch token.keyword {
            case "SELF": literal = .selfValue
            case "TRUE", "YES": literal = .literal(.bool(true))
            case "FALSE", "NO": literal = .literal(.bool(false))
            case "NIL", "NULL": literal = .literal(.null)
            default: literal = nil
            }
            if let literal {
                advance()
                return literal
            }
            if let word = token.keyword, Self.aggregateWords.contains(word) {
                throw ExpressionError("aggregate operator \(word) is not supported", column: token.column)
            }
            if let word = token.keyword, Self.isReserved(word) {
                throw unexpected("a value")
            }
            let text = token.text(in: source)
            throw ExpressionError("unexpected '\(text)'; a field is written $\(text), the validated value SELF",
                                  column: token.column)
        default:
            throw unexpected("a value")
        }
    }

    /// `.value`, `.isHidden` or `.isDisabled` after `$tag` (spelled exactly: they are key paths).
    private mutating func parseProperty(of name: String) throws(ExpressionError) -> FieldReference.Property {
        guard current.kind == .dot else { return .value }
        advance()
        let token = current
        guard case .word(let word) = token.kind else {
            throw unexpected("value, isHidden or isDisabled after '$\(name).'")
        }
        guard let property = FieldReference.Property(rawValue: word) else {
            throw ExpressionError("unknown property '\(word)' of $\(name); expected value, isHidden or isDisabled",
                                  column: token.column)
        }
        advance()
        // XLForm: `$tag.value.formValue`, the value of the chosen option object, is the field's value.
        if property == .value, current.kind == .dot, position + 1 < tokens.count,
           case .word("formValue") = tokens[position + 1].kind {
            advance()
            advance()
        }
        return property
    }

    private mutating func parseList() throws(ExpressionError) -> Expression {
        let open = current
        try enter()
        defer { depth -= 1 }
        advance()
        var items: [Expression] = []
        if current.kind == .rightBrace {
            advance()
            return .list(items)
        }
        while true {
            items.append(try parseOperand())
            switch current.kind {
            case .comma:
                advance()
            case .rightBrace:
                advance()
                return .list(items)
            case .end:
                throw ExpressionError("missing '}' to close the '{' at column \(open.column)", column: current.column)
            default:
                throw unexpected("',' or '}'")
            }
        }
    }

    static func isReserved(_ upper: String) -> Bool {
        ["AND", "OR", "NOT", "TRUEPREDICATE", "FALSEPREDICATE"].contains(upper) || comparisonWords[upper] != nil
    }

    private func unexpected(_ expected: String) -> ExpressionError {
        let found = current.kind == .end ? "the end of the predicate" : "'\(current.text(in: source))'"
        return ExpressionError("expected \(expected), found \(found)", column: current.column)
    }
}
