import FormIR

/// Writes expressions as NSPredicate format strings: keywords upper-case, one space around operators,
/// `[cd]` options right after the operator, strings single-quoted, parentheses only where `NOT` >
/// `AND` > `OR` precedence needs them.
enum PredicatePrinter {
    private enum Level: Int { case or = 1, and = 2, not = 3 }

    static func print(_ expression: Expression, dialect: ExpressionDialect) -> String {
        render(expression, inside: nil, dialect: dialect)
    }

    private static func render(_ e: Expression, inside parent: Level?, dialect: ExpressionDialect) -> String {
        switch e {
        case .or(let xs):
            if xs.isEmpty { return "FALSEPREDICATE" }
            return group(xs, level: .or, keyword: " OR ", inside: parent, dialect: dialect)
        case .and(let xs):
            if xs.isEmpty { return "TRUEPREDICATE" }
            return group(xs, level: .and, keyword: " AND ", inside: parent, dialect: dialect)
        case .not(let x):
            return "NOT " + render(x, inside: .not, dialect: dialect)
        case .literal(.bool(let b)):
            return b ? "TRUEPREDICATE" : "FALSEPREDICATE"
        case .compare(let l, let op, let r, let options):
            return "\(operand(l, dialect)) \(op.rawValue)\(optionsText(options)) \(operand(r, dialect))"
        case .literal, .field, .selfValue, .list:
            return operand(e, dialect)
        }
    }

    private static func group(_ xs: [Expression], level: Level, keyword: String, inside parent: Level?,
                              dialect: ExpressionDialect) -> String {
        if xs.count == 1 { return render(xs[0], inside: parent, dialect: dialect) }
        let text = xs.map { render($0, inside: level, dialect: dialect) }.joined(separator: keyword)
        if let parent, parent.rawValue > level.rawValue { return "(\(text))" }
        return text
    }

    static func optionsText(_ options: StringOptions) -> String {
        if options.isEmpty { return "" }
        return "[" + (options.caseInsensitive ? "c" : "") + (options.diacriticInsensitive ? "d" : "") + "]"
    }

    private static func operand(_ e: Expression, _ dialect: ExpressionDialect) -> String {
        switch e {
        case .field(let ref):
            switch ref.property {
            case .value: return dialect == .xlformPredicate ? "$\(ref.id).value" : "$\(ref.id)"
            case .isHidden, .isDisabled: return "$\(ref.id).\(ref.property.rawValue)"
            }
        case .selfValue: return "SELF"
        case .literal(.string(let s)): return quoted(s)
        case .literal(.number(let n)): return NumberSyntax.text(n) ?? String(n)
        case .literal(.bool(let b)): return b ? "TRUE" : "FALSE"
        case .literal(.null): return "nil"
        case .list(let xs): return "{" + xs.map { operand($0, dialect) }.joined(separator: ", ") + "}"
        case .compare, .and, .or, .not: return "(" + render(e, inside: nil, dialect: dialect) + ")"
        }
    }

    /// A single-quoted string literal with backslash escapes.
    static func quoted(_ s: String) -> String {
        var out = "'"
        for c in s.unicodeScalars {
            switch c {
            case "\\": out += "\\\\"
            case "'": out += "\\'"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\0": out += "\\0"
            default:
                if c.value < 0x20 || c.value == 0x7F {
                    let hex = String(c.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(c)
                }
            }
        }
        return out + "'"
    }
}
