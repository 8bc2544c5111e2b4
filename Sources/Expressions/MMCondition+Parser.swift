import FormIR

/// Recursive-descent parser for MM XML conditions.
///
///     condition  := and ( OR and )*
///     and        := primary ( AND primary )*
///     primary    := "(" condition ")" | operand op operand
///     op         := "==" | "!=" | BT | LT
///     operand    := "string" | number | itemName
///
/// `AND` binds tighter than `OR`; nested `and`/`or` (parenthesised or not) are flattened.
struct MMParser {
    private let tokens: [MMToken]
    /// The condition's UTF-8, which token offsets point into.
    private let source: [UInt8]
    private var position = 0
    private var depth = 0
    /// Deeper nesting is refused with an error rather than risking the stack.
    static let maximumDepth = 200

    init(tokens: [MMToken], source: [UInt8]) {
        self.tokens = tokens
        self.source = source
    }

    private var current: MMToken { tokens[position] }
    private mutating func advance() { if position < tokens.count - 1 { position += 1 } }

    mutating func parseCondition() throws(ExpressionError) -> Expression {
        if current.kind == .end { throw ExpressionError("empty condition", column: 1) }
        let expression = try parseOr()
        if current.kind != .end {
            throw ExpressionError("unexpected \(describe(current)); expected AND, OR or the end", column: current.column)
        }
        return expression
    }

    private mutating func parseOr() throws(ExpressionError) -> Expression {
        var items = [try parseAnd()]
        while current.kind == .or {
            advance()
            items.append(try parseAnd())
        }
        return Expression.joining(items, or: true)
    }

    private mutating func parseAnd() throws(ExpressionError) -> Expression {
        var items = [try parsePrimary()]
        while current.kind == .and {
            advance()
            items.append(try parsePrimary())
        }
        return Expression.joining(items, or: false)
    }

    private mutating func parsePrimary() throws(ExpressionError) -> Expression {
        guard current.kind == .leftParen else { return try parseComparison() }
        let open = current
        depth += 1
        defer { depth -= 1 }
        if depth > Self.maximumDepth {
            throw ExpressionError("parentheses nested more than \(Self.maximumDepth) deep", column: open.column)
        }
        advance()
        let inner = try parseOr()
        switch current.kind {
        case .rightParen:
            advance()
            return inner
        case .end:
            throw ExpressionError("missing ')' to close the '(' at column \(open.column)", column: current.column)
        default:
            throw ExpressionError("unexpected \(describe(current)); expected ')', AND or OR", column: current.column)
        }
    }

    private mutating func parseComparison() throws(ExpressionError) -> Expression {
        let left = try parseOperand(after: nil)
        let op: ComparisonOperator
        switch current.kind {
        case .equal: op = .equal
        case .notEqual: op = .notEqual
        case .greater: op = .greater
        case .less: op = .less
        default:
            throw ExpressionError("expected a comparison (==, !=, BT, LT) after \(describe(tokens[position - 1])), found \(describe(current))",
                                  column: current.column)
        }
        let opToken = current
        advance()
        let right = try parseOperand(after: opToken)
        return .compare(left, op, right)
    }

    private mutating func parseOperand(after op: MMToken?) throws(ExpressionError) -> Expression {
        let token = current
        let operand: Expression
        switch token.kind {
        case .string(let s): operand = .literal(.string(s))
        case .number(let n): operand = .literal(.number(n))
        case .name(let name): operand = .field(FieldReference(name))
        default:
            let place = op.map { " after '\($0.text(in: source))'" } ?? ""
            throw ExpressionError("expected an item name, a number or a quoted string\(place), found \(describe(token))",
                                  column: token.column)
        }
        advance()
        return operand
    }

    private func describe(_ token: MMToken) -> String {
        token.kind == .end ? "the end of the condition" : "'\(token.text(in: source))'"
    }
}
