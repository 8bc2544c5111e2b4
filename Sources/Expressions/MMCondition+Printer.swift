import FormIR

/// Writes expressions in MM XML condition syntax: canonical spacing, parentheses only where `AND`
/// inside `OR` would otherwise regroup them.
///
/// Negations are rewritten where the result means exactly the same (`NOT a == b` → `a != b`, double
/// negation, De Morgan); anything else the language has no word for yields `nil`.
enum MMPrinter {
    private enum Level: Int { case or = 1, and = 2 }

    static func print(_ expression: Expression) -> String? {
        guard let rewritten = withoutNot(expression) else { return nil }
        return render(rewritten, inside: nil)
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

    private static func render(_ e: Expression, inside parent: Level?) -> String? {
        switch e {
        case .or(let xs): return group(xs, level: .or, keyword: " OR ", inside: parent)
        case .and(let xs): return group(xs, level: .and, keyword: " AND ", inside: parent)
        case .compare(let l, let op, let r, let options):
            guard options.isEmpty, let word = operatorText(op),
                  let left = operand(l), let right = operand(r) else { return nil }
            return "\(left) \(word) \(right)"
        default:
            return nil
        }
    }

    private static func group(_ xs: [Expression], level: Level, keyword: String, inside parent: Level?) -> String? {
        guard !xs.isEmpty else { return nil }
        if xs.count == 1 { return render(xs[0], inside: parent) }
        var parts: [String] = []
        for x in xs {
            guard let part = render(x, inside: level) else { return nil }
            parts.append(part)
        }
        let text = parts.joined(separator: keyword)
        if let parent, parent.rawValue > level.rawValue { return "(\(text))" }
        return text
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

    private static func operand(_ e: Expression) -> String? {
        switch e {
        case .field(let ref):
            guard ref.property == .value, isBareName(ref.id) else { return nil }
            return ref.id
        case .literal(.string(let s)):
            guard !s.unicodeScalars.contains("\"") else { return nil }
            return "\"\(s)\""
        case .literal(.number(let n)):
            return NumberSyntax.text(n)
        default:
            return nil
        }
    }

    /// Whether `name` reads back as the item name itself (not a keyword, a number or several tokens).
    static func isBareName(_ name: String) -> Bool {
        guard !name.isEmpty, name.unicodeScalars.allSatisfy(MMLexer.isWordScalar) else { return false }
        if case .name = MMLexer.classify(name) { return true }
        return false
    }
}
