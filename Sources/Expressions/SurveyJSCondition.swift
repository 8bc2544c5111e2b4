import FormIR

/// SurveyJS's expression language (survey-core's `ConditionsParser`), as it is written in `visibleIf`,
/// `enableIf`, `requiredIf`, `setValueIf`, choice `visibleIf`, triggers and `defaultValueExpression`:
/// `{name}` answers, strings in single or double quotes, numbers, `true`/`false`/`null`, arrays `[…]`,
/// function calls `age({birth})`, `!`/`not`, `empty`/`notempty` after an operand, comparisons (`=`,
/// `==`, `equal`, `!=`, `<>`, `notequal`, `<`, `less`, `>`, `greater`, `<=`, `lessorequal`, `>=`,
/// `greaterorequal`), collection operators (`contains`, `contain`, `*=`, `notcontains`, `notcontain`,
/// `anyof`, `allof`, `noneof`), arithmetic (`+ - * / % ^`) and `and`/`&&`, `or`/`||`. Word operators
/// are read in any case.
///
/// `parse` builds `SurveyJSExpression`, which keeps everything the language says; `lower` turns it
/// into the IR's `Expression` where the IR can hold it and fails with a reason where it cannot
/// (arithmetic, functions, parts of questions).
public enum SurveyJSCondition {
    /// Parses `text`; errors carry the 1-based column (in Unicode scalars) of the offending token.
    public static func parse(_ text: String) throws(ExpressionError) -> SurveyJSExpression {
        var parser = SurveyJSParser(text)
        return try parser.parseAll()
    }
}

/// A parsed SurveyJS expression.
public indirect enum SurveyJSExpression: Hashable, Sendable {
    /// `{name}`: the text between the braces (`q`, `panel.q`, `matrix.row.col`, `dyn[0].q`).
    case variable(String)
    /// A quoted string.
    case string(String)
    /// A number.
    case number(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// `null` or `undefined`.
    case null
    /// `[a, b, …]`.
    case array([SurveyJSExpression])
    /// `name(args)`.
    case call(String, [SurveyJSExpression])
    /// `!x`, `-x`, `x empty`, `x notempty`: the operator as `!`, `-`, `empty`, `notempty`.
    case unary(String, SurveyJSExpression)
    /// `l op r`, the operator normalised: `and`, `or`, `=`, `!=`, `<`, `>`, `<=`, `>=`, `contains`,
    /// `notcontains`, `anyof`, `allof`, `noneof`, `+`, `-`, `*`, `/`, `%`, `^`.
    case binary(String, SurveyJSExpression, SurveyJSExpression)

    /// Every `{name}` read, in first-seen order.
    public var variables: [String] {
        var seen: [String] = []
        func walk(_ e: SurveyJSExpression) {
            switch e {
            case .variable(let n): if !seen.contains(n) { seen.append(n) }
            case .array(let xs), .call(_, let xs): xs.forEach(walk)
            case .unary(_, let x): walk(x)
            case .binary(_, let l, let r): walk(l); walk(r)
            case .string, .number, .bool, .null: break
            }
        }
        walk(self)
        return seen
    }

    /// Every literal compared with or listed against `{name}`, for generating answers.
    public var literals: [Literal] {
        var out: [Literal] = []
        func walk(_ e: SurveyJSExpression) {
            switch e {
            case .string(let s): out.append(.string(s))
            case .number(let d): out.append(.number(d))
            case .bool(let b): out.append(.bool(b))
            case .array(let xs), .call(_, let xs): xs.forEach(walk)
            case .unary(_, let x): walk(x)
            case .binary(_, let l, let r): walk(l); walk(r)
            case .variable, .null: break
            }
        }
        walk(self)
        return out
    }
}

/// Why a SurveyJS expression has no IR form.
public struct SurveyJSLoweringFailure: Error, Hashable, Sendable {
    /// In words: "it calls age()", "it computes with +".
    public var reason: String
    /// A failure for `reason`.
    public init(_ reason: String) { self.reason = reason }
}

extension SurveyJSExpression {
    /// The expression as an IR condition. `isBoolean` says which question names hold a yes/no answer
    /// (a bare `{q}` is a truth value only for those). Throws where the IR has no form for it.
    public func lowered(isBoolean: (String) -> Bool) throws(SurveyJSLoweringFailure) -> Expression {
        switch self {
        case .binary("and", _, _): return .and(try flattened("and").map { e throws(SurveyJSLoweringFailure) in try e.lowered(isBoolean: isBoolean) })
        case .binary("or", _, _): return .or(try flattened("or").map { e throws(SurveyJSLoweringFailure) in try e.lowered(isBoolean: isBoolean) })
        case .unary("!", let x): return .not(try x.lowered(isBoolean: isBoolean))
        case .unary(let op, let x) where op == "empty" || op == "notempty":
            let ref = try x.reference()
            return .compare(.field(ref), op == "empty" ? .equal : .notEqual, .literal(.string("")))
        case .variable(let name):
            guard isBoolean(name) else { throw SurveyJSLoweringFailure("{\(name)} is used as a truth value but is not a yes/no question") }
            return .compare(.field(try reference()), .equal, .literal(.bool(true)))
        case .bool(let b): return .literal(.bool(b))
        case .binary(let op, let l, let r):
            if let cmp = Self.comparisons[op] {
                let lhs = try l.operand(), rhs = try r.operand()
                if case .literal = lhs, case .literal = rhs { throw SurveyJSLoweringFailure("it compares two constants") }
                return .compare(lhs, cmp, rhs)
            }
            switch op {
            case "contains", "notcontains":
                let c = Expression.compare(.field(try l.reference()), .contains, try r.scalar())
                return op == "contains" ? c : .not(c)
            case "anyof", "noneof":
                let c = Expression.compare(.field(try l.reference()), .in, .list(try r.listItems()))
                return op == "anyof" ? c : .not(c)
            case "allof":
                let field = Expression.field(try l.reference())
                return .and(try r.listItems().map { .compare(field, .contains, $0) })
            default: throw SurveyJSLoweringFailure("it computes with \(op)")
            }
        case .call(let name, _): throw SurveyJSLoweringFailure("it calls \(name)()")
        case .unary(let op, _): throw SurveyJSLoweringFailure("it computes with \(op)")
        case .string, .number, .null, .array: throw SurveyJSLoweringFailure("a constant is used as a condition")
        }
    }

    private static let comparisons: [String: ComparisonOperator] = [
        "=": .equal, "!=": .notEqual, "<": .less, ">": .greater, "<=": .lessOrEqual, ">=": .greaterOrEqual,
    ]

    private func flattened(_ op: String) -> [SurveyJSExpression] {
        if case .binary(op, let l, let r) = self { return l.flattened(op) + r.flattened(op) }
        return [self]
    }

    /// A question reference: `{name}` with a plain name.
    func reference() throws(SurveyJSLoweringFailure) -> FieldReference {
        guard case .variable(let name) = self else { throw SurveyJSLoweringFailure("it tests something other than a question's answer") }
        guard !name.contains(where: { ".[]".contains($0) }) else {
            throw SurveyJSLoweringFailure("{\(name)} reads a part of a question (a matrix cell, a dynamic panel or a multiple-text item)")
        }
        return FieldReference(name)
    }

    private func operand() throws(SurveyJSLoweringFailure) -> Expression {
        if case .variable = self { return .field(try reference()) }
        return try scalar()
    }

    private func scalar() throws(SurveyJSLoweringFailure) -> Expression {
        switch self {
        case .string(let s): return .literal(.string(s))
        case .number(let d): return .literal(.number(d))
        case .bool(let b): return .literal(.bool(b))
        case .null: return .literal(.null)
        case .call(let name, _): throw SurveyJSLoweringFailure("it calls \(name)()")
        case .array: throw SurveyJSLoweringFailure("it compares with a list")
        default: throw SurveyJSLoweringFailure("it compares with a computed value")
        }
    }

    private func listItems() throws(SurveyJSLoweringFailure) -> [Expression] {
        switch self {
        case .array(let xs): return try xs.map { x throws(SurveyJSLoweringFailure) in try x.scalar() }
        default: return [try scalar()]
        }
    }
}
