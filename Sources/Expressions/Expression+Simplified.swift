import FormIR

extension Expression {
    /// The same expression with `and`/`or` in the shape the parsers produce: nested `and` inside `and`
    /// (and `or` inside `or`) merged, one-item groups replaced by their item, an empty `and` as `true`
    /// and an empty `or` as `false`. Meaning is unchanged.
    public var flattened: Expression {
        switch self {
        case .and(let xs): return Self.group(xs.map(\.flattened), or: false)
        case .or(let xs): return Self.group(xs.map(\.flattened), or: true)
        case .not(let x): return .not(x.flattened)
        case .compare(let l, let op, let r, let o): return .compare(l.flattened, op, r.flattened, o)
        case .list(let xs): return .list(xs.map(\.flattened))
        case .literal, .field, .selfValue: return self
        }
    }

    /// `flattened`, with double negation removed and `not` of a boolean literal folded. Meaning is
    /// unchanged; use it before comparing conditions read from different formats.
    public var simplified: Expression {
        switch self {
        case .and(let xs): return Self.group(xs.map(\.simplified), or: false)
        case .or(let xs): return Self.group(xs.map(\.simplified), or: true)
        case .not(let x):
            switch x.simplified {
            case .not(let inner): return inner
            case .literal(.bool(let b)): return .literal(.bool(!b))
            case let y: return .not(y)
            }
        case .compare(let l, let op, let r, let o): return .compare(l.simplified, op, r.simplified, o)
        case .list(let xs): return .list(xs.map(\.simplified))
        case .literal, .field, .selfValue: return self
        }
    }

    private static func group(_ items: [Expression], or: Bool) -> Expression {
        if items.isEmpty { return .literal(.bool(!or)) }
        return joining(items, or: or)
    }

    /// One item as itself; several as a flat `and`/`or` (children of the same kind are merged).
    /// The parsers build groups with it, so parsed expressions are always `flattened`.
    static func joining(_ items: [Expression], or: Bool) -> Expression {
        if items.count == 1 { return items[0] }
        var flat: [Expression] = []
        for item in items {
            switch (item, or) {
            case (.or(let xs), true), (.and(let xs), false): flat.append(contentsOf: xs)
            default: flat.append(item)
            }
        }
        return or ? .or(flat) : .and(flat)
    }
}
