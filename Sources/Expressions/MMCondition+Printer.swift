import FormIR

/// Writes expressions in MM XML condition syntax: canonical spacing, parentheses only where `AND`
/// inside `OR` would otherwise regroup them.
///
/// Negations are rewritten where the result means exactly the same (`NOT a == b` → `a != b`, double
/// negation, De Morgan); anything else the language has no word for yields `nil`.
enum MMPrinter {
    private enum Level: Int { case or = 1, and = 2 }

    static func print(_ expression: Expression) -> String? {
        var out = ""
        out.reserveCapacity(64)
        if containsNot(expression) {
            guard let rewritten = withoutNot(expression), render(rewritten, inside: nil, into: &out) else { return nil }
        } else {
            guard render(expression, inside: nil, into: &out) else { return nil }
        }
        return out
    }

    /// Whether a `not` occurs where `withoutNot` would look for one (it leaves everything else as is).
    private static func containsNot(_ e: Expression) -> Bool {
        switch e {
        case .not: return true
        case .and(let xs), .or(let xs): return xs.contains(where: containsNot)
        default: return false
        }
    }

    /// The expression with every `not` pushed into `==`/`!=` comparisons, or `nil` when one cannot be.
    private static func withoutNot(_ e: Expression) -> Expression? {
        switch e {
        case .not(let x): return negated(x)
        case .and(let xs): return all(xs, withoutNot).map(Expression.and)
        case .or(let xs): return all(xs, withoutNot).map(Expression.or)
        default: return e
        }
    }

    private static func negated(_ e: Expression) -> Expression? {
        switch e {
        case .not(let x): return withoutNot(x)
        case .and(let xs): return all(xs, negated).map(Expression.or)
        case .or(let xs): return all(xs, negated).map(Expression.and)
        case .compare(let l, .equal, let r, let o): return .compare(l, .notEqual, r, o)
        case .compare(let l, .notEqual, let r, let o): return .compare(l, .equal, r, o)
        default: return nil
        }
    }

    private static func all(_ xs: [Expression], _ f: (Expression) -> Expression?) -> [Expression]? {
        var out: [Expression] = []
        for x in xs {
            guard let y = f(x) else { return nil }
            out.append(y)
        }
        return out
    }

    /// Appends the expression to `out`; `false` (with `out` partly written) when MM cannot say it.
    private static func render(_ e: Expression, inside parent: Level?, into out: inout String) -> Bool {
        switch e {
        case .or(let xs): return group(xs, level: .or, keyword: " OR ", inside: parent, into: &out)
        case .and(let xs): return group(xs, level: .and, keyword: " AND ", inside: parent, into: &out)
        case .compare(let l, let op, let r, let options):
            guard options.isEmpty, let word = operatorText(op) else { return false }
            guard operand(l, into: &out) else { return false }
            out += " "
            out += word
            out += " "
            return operand(r, into: &out)
        default:
            return false
        }
    }

    private static func group(_ xs: [Expression], level: Level, keyword: String, inside parent: Level?,
                              into out: inout String) -> Bool {
        guard !xs.isEmpty else { return false }
        if xs.count == 1 { return render(xs[0], inside: parent, into: &out) }
        let parenthesised = parent.map { $0.rawValue > level.rawValue } ?? false
        if parenthesised { out += "(" }
        for i in xs.indices {
            if i != xs.startIndex { out += keyword }
            guard render(xs[i], inside: level, into: &out) else { return false }
        }
        if parenthesised { out += ")" }
        return true
    }

    private static func operatorText(_ op: ComparisonOperator) -> String? {
        switch op {
        case .equal: "=="
        case .notEqual: "!="
        case .greater: "BT"
        case .less: "LT"
        default: nil
        }
    }

    private static func operand(_ e: Expression, into out: inout String) -> Bool {
        switch e {
        case .field(let ref):
            guard ref.property == .value, isBareName(ref.id) else { return false }
            out += ref.id
        case .literal(.string(let s)):
            guard !s.utf8.contains(UInt8(ascii: "\"")) else { return false }
            out += "\""
            out += s
            out += "\""
        case .literal(.number(let n)):
            guard let text = NumberSyntax.text(n) else { return false }
            out += text
        default:
            return false
        }
        return true
    }

    /// Whether `name` reads back as the item name itself (not a keyword, a number or several tokens).
    static func isBareName(_ name: String) -> Bool {
        guard !name.isEmpty else { return false }
        let bytes = Array(name.utf8)
        if bytes.allSatisfy({ $0 < 0x80 }) {
            guard bytes.allSatisfy(MMLexer.isWordByte) else { return false }
            if case .name = MMLexer.classify(bytes, 0, bytes.count) { return true }
            return false
        }
        guard name.unicodeScalars.allSatisfy(MMLexer.isWordScalar) else { return false }
        if case .name = MMLexer.classify(name) { return true }
        return false
    }
}
