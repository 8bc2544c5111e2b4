import FormIR
import Lowering

/// Writes relationship conditions in SurveyJS's expression language: `{name}` for a question's answer,
/// `=`, `!=`, `<`, `>`, `<=`, `>=`, `contains`, `anyof`, `empty`, `notempty`, `and`, `or`, `!`,
/// strings in single quotes with `\'`, numbers and `true`/`false` bare. An empty answer is no value in
/// SurveyJS, so `== ""` and `== nil` become `empty`; a yes/no answer is `true`/`false` (MM XML's
/// `"1"`/`"0"`, `YES`/`NO`). What the language has no operator for fails with a reason for the loss.
struct SurveyJSExpression {
    struct Failure: Error, Equatable { var reason: String }

    /// The kind of every field that has a question holding an answer, by question name.
    let answers: [String: FieldKind]

    func text(_ e: Expression) throws -> String {
        switch e {
        case .literal(.bool(let b)): return b ? "true" : "false"
        case .and(let xs): return try joined(xs, "and")
        case .or(let xs): return try joined(xs, "or")
        case .not(.compare(let l, let op, let r, let o)) where op == .equal || op == .notEqual:
            // `!(a = x)` and `a != x` agree on empty answers too (unlike `<` and `>=`).
            return try text(.compare(l, op.inverse!, r, o))
        case .not(let x): return "!(" + (try text(x)) + ")"
        case .compare(.field(let l), let op, .field(let r), _):
            guard let sym = Self.symbols[op] else { throw Failure(reason: "\(op.rawValue) between two items") }
            return "\(try name(l)) \(sym) \(try name(r))"
        case .compare(.field(let ref), let op, let rhs, let opts):
            return try compare(ref, op, rhs, opts)
        case .compare(let lhs, let op, .field(let ref), let opts):
            if let flipped = Self.flipped[op] { return try compare(ref, flipped, lhs, opts) }
            if op == .in, case .literal(let l) = lhs, answers[ref.id] == .multipleChoice {
                return "\(try name(ref)) contains \(try literal(l))"
            }
            throw Failure(reason: "the value is on the left of \(op.rawValue)")
        case .compare(_, let op, _, _): throw Failure(reason: "\(op.rawValue) does not compare an item")
        case .field(let ref): throw Failure(reason: "'\(ref.id)' is used as a truth value")
        case .literal, .selfValue, .list: throw Failure(reason: "the condition is not a comparison")
        }
    }

    /// A formula over rule conditions: atom `i` is the condition of `rules[i]`.
    func text(_ f: Formula, rules: [Rule]) throws -> String {
        switch f {
        case .constant(let b): return b ? "true" : "false"
        case .atom(let i): return try rules[i].condition.map(text) ?? "true"
        case .and(let xs): return "(" + (try xs.map { try text($0, rules: rules) }).joined(separator: " and ") + ")"
        case .or(let xs): return "(" + (try xs.map { try text($0, rules: rules) }).joined(separator: " or ") + ")"
        case .not(.atom(let i)): return try rules[i].condition.map { try text(.not($0)) } ?? "false"
        case .not(let x): return "!(" + (try text(x, rules: rules)) + ")"
        }
    }

    static let symbols: [ComparisonOperator: String] = [.equal: "=", .notEqual: "!=", .less: "<", .greater: ">",
                                                         .lessOrEqual: "<=", .greaterOrEqual: ">="]
    private static let flipped: [ComparisonOperator: ComparisonOperator] = [
        .equal: .equal, .notEqual: .notEqual, .less: .greater, .greater: .less,
        .lessOrEqual: .greaterOrEqual, .greaterOrEqual: .lessOrEqual,
    ]

    private func joined(_ xs: [Expression], _ op: String) throws -> String {
        xs.count == 1 ? try text(xs[0]) : "(" + (try xs.map(text)).joined(separator: " \(op) ") + ")"
    }

    /// `{name}` of a field's answer.
    func name(_ ref: FieldReference) throws -> String {
        guard ref.property == .value else {
            throw Failure(reason: "it reads whether '\(ref.id)' is \(ref.property == .isHidden ? "hidden" : "disabled")")
        }
        guard answers[ref.id] != nil else { throw Failure(reason: "'\(ref.id)' is not a question with an answer") }
        guard !ref.id.contains(where: { "{}'\"".contains($0) }) else {
            throw Failure(reason: "the name '\(ref.id)' cannot be written between braces")
        }
        return "{\(ref.id)}"
    }

    private func compare(_ ref: FieldReference, _ op: ComparisonOperator, _ rhs: Expression,
                         _ opts: StringOptions) throws -> String {
        if opts.diacriticInsensitive { throw Failure(reason: "diacritic-insensitive comparison [d]") }
        let q = try name(ref)
        let kind = answers[ref.id]
        switch op {
        case .equal, .notEqual:
            guard case .literal(let l) = rhs else { throw Failure(reason: "it compares with something other than a value") }
            let eq = op == .equal
            if l == .null || l == .string("") { return "\(q) \(eq ? "empty" : "notempty")" }
            if kind == .boolean {
                guard let b = Self.truth(l) else { throw Failure(reason: "a yes/no item compared with \(l.text)") }
                return "\(q) \(eq == b ? "=" : "!=") true"
            }
            return "\(q) \(eq ? "=" : "!=") \(try literal(l))"
        case .less, .greater, .lessOrEqual, .greaterOrEqual:
            guard case .literal(let l) = rhs, let n = Self.number(l) else {
                throw Failure(reason: "\(op.rawValue) compares '\(ref.id)' with a value that is not a number")
            }
            return "\(q) \(Self.symbols[op]!) \(Value.format(n))"
        case .between:
            guard case .list(let xs) = rhs, xs.count == 2, case .literal(let a) = xs[0], case .literal(let b) = xs[1],
                  let lo = Self.number(a), let hi = Self.number(b) else { throw Failure(reason: "BETWEEN needs two numbers") }
            return "(\(q) >= \(Value.format(lo)) and \(q) <= \(Value.format(hi)))"
        case .in:
            guard case .list(let xs) = rhs else { throw Failure(reason: "IN needs a list of values") }
            let values = try xs.map { x -> String in
                guard case .literal(let l) = x else { throw Failure(reason: "IN lists something other than values") }
                return try literal(l)
            }
            if kind == .multipleChoice { return "\(q) anyof [\(values.joined(separator: ", "))]" }
            if values.count == 1 { return "\(q) = \(values[0])" }
            return "(" + values.map { "\(q) = \($0)" }.joined(separator: " or ") + ")"
        case .contains:
            guard case .literal(let l) = rhs else { throw Failure(reason: "CONTAINS needs a value") }
            return "\(q) contains \(try literal(l))"
        case .beginsWith, .endsWith, .like, .matches:
            throw Failure(reason: "SurveyJS expressions have no \(op.rawValue) operator")
        }
    }

    /// A literal as SurveyJS writes it.
    func literal(_ l: Literal) throws -> String {
        switch l {
        case .bool(let b): return b ? "true" : "false"
        case .number(let d): return Value.format(d)
        case .null: return "null"
        case .string(let s):
            // survey-core's grammar reads a string's characters as `\'`, `\"` or any but a quote; a
            // backslash before anything else is itself. So both quotes are escaped, and only a final
            // backslash (it would escape the closing quote) cannot be written.
            guard !s.hasSuffix("\\") else { throw Failure(reason: "the text \(l.text) ends in a backslash, which SurveyJS reads as escaping the closing quote") }
            if s.count >= 2, let first = s.first, first == s.last, first == "'" || first == "\"" {
                throw Failure(reason: "the text \(l.text) starts and ends with a quote, which survey-core strips from a compared text")
            }
            var out = "'"
            for c in s {
                switch c {
                case "'": out += "\\'"
                case "\"": out += "\\\""
                default: out.append(c)
                }
            }
            return out + "'"
        }
    }

    static func number(_ l: Literal) -> Double? {
        switch l {
        case .number(let d): d
        case .string(let s): Double(s)
        default: nil
        }
    }

    /// A literal compared with a yes/no answer, as the answer's truth value.
    static func truth(_ l: Literal) -> Bool? { CheckboxTruth.truth(l) }
}
