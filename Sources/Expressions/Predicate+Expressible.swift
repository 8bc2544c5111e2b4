import FormIR

/// Whether printed predicates read back as the expression they were printed from.
///
/// The definition is a round trip: print, parse, compare with `Expression.flattened`. Most conditions
/// are made of shapes that always survive it, so `certain` recognises those first and spares the
/// printing and parsing; anything else takes the round trip.
enum PredicateReadBack {
    /// Nesting beyond this is left to the round trip (well inside the parser's own depth limit).
    private static let maximumDepth = 64

    /// The text `PredicatePrinter` writes for `expression`, or `nil` when it does not read back as it.
    static func text(_ expression: Expression, dialect: ExpressionDialect, formValueTags: Set<String> = []) -> String? {
        let text = PredicatePrinter.print(expression, dialect: dialect, formValueTags: formValueTags)
        return certain(expression) || readsBack(text, as: expression, dialect: dialect) ? text : nil
    }

    /// Whether `expression` is expressible, by the round trip only when the quick check cannot tell.
    static func expressible(_ expression: Expression, dialect: ExpressionDialect) -> Bool {
        certain(expression) || readsBack(PredicatePrinter.print(expression, dialect: dialect), as: expression, dialect: dialect)
    }

    static func readsBack(_ text: String, as expression: Expression, dialect: ExpressionDialect) -> Bool {
        guard let back = try? Predicate.parse(text, dialect: dialect) else { return false }
        return back == expression.flattened
    }

    /// `true` only for expressions whose printed text is known to read back as themselves: comparisons
    /// (other than `BETWEEN`) of `$identifier` references, `SELF`, `nil`, strings and finite numbers; `TRUEPREDICATE`
    /// and `FALSEPREDICATE`; `NOT` of those; `AND`/`OR` of two or more of those, none of the same kind
    /// (already flat, as the parser builds them). `false` means "not known", not "not expressible".
    static func certain(_ expression: Expression) -> Bool {
        certain(expression, depth: 0)
    }

    private static func certain(_ e: Expression, depth: Int) -> Bool {
        guard depth < maximumDepth else { return false }
        switch e {
        case .compare(let l, let op, let r, _):
            return op != .between && plainOperand(l) && plainOperand(r)
        case .literal(.bool):
            return true
        case .not(let x):
            return certain(x, depth: depth + 1)
        case .and(let xs):
            guard xs.count >= 2 else { return false }
            for x in xs {
                if case .and = x { return false }
                guard certain(x, depth: depth + 1) else { return false }
            }
            return true
        case .or(let xs):
            guard xs.count >= 2 else { return false }
            for x in xs {
                if case .or = x { return false }
                guard certain(x, depth: depth + 1) else { return false }
            }
            return true
        default:
            return false
        }
    }

    /// Operands that print as one token reading back as themselves.
    private static func plainOperand(_ e: Expression) -> Bool {
        switch e {
        case .field(let ref): return PredicateLexer.isIdentifier(ref.id)
        case .literal(.string): return true
        case .literal(.number(let n)): return n.isFinite
        case .selfValue, .literal(.null): return true
        default: return false
        }
    }
}
