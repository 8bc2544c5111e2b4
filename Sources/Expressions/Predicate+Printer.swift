import FormIR

/// Writes expressions as NSPredicate format strings: keywords upper-case, one space around operators,
/// `[cd]` options right after the operator, strings single-quoted, parentheses only where `NOT` >
/// `AND` > `OR` precedence needs them.
///
/// Everything is appended to one string (no intermediate strings per node).
struct PredicatePrinter {
    private enum Level: Int { case or = 1, and = 2, not = 3 }

    let dialect: ExpressionDialect
    /// XLForm tags whose value is an option object: compared through `.value.formValue`.
    let formValueTags: Set<String>

    static func print(_ expression: Expression, dialect: ExpressionDialect, formValueTags: Set<String> = []) -> String {
        var out = ""
        out.reserveCapacity(64)
        PredicatePrinter(dialect: dialect, formValueTags: formValueTags).render(expression, inside: nil, into: &out)
        return out
    }

    private func render(_ e: Expression, inside parent: Level?, into out: inout String) {
        switch e {
        case .or(let xs):
            if xs.isEmpty { out += "FALSEPREDICATE"; return }
            group(xs, level: .or, keyword: " OR ", inside: parent, into: &out)
        case .and(let xs):
            if xs.isEmpty { out += "TRUEPREDICATE"; return }
            group(xs, level: .and, keyword: " AND ", inside: parent, into: &out)
        case .not(let x):
            out += "NOT "
            render(x, inside: .not, into: &out)
        case .literal(.bool(let b)):
            out += b ? "TRUEPREDICATE" : "FALSEPREDICATE"
        case .compare(let l, let op, let r, let options):
            operand(l, into: &out)
            out += " "
            out += op.rawValue
            appendOptions(options, into: &out)
            out += " "
            operand(r, into: &out)
        case .literal, .field, .selfValue, .list:
            operand(e, into: &out)
        }
    }

    private func group(_ xs: [Expression], level: Level, keyword: String, inside parent: Level?, into out: inout String) {
        if xs.count == 1 { return render(xs[0], inside: parent, into: &out) }
        let parenthesised = parent.map { $0.rawValue > level.rawValue } ?? false
        if parenthesised { out += "(" }
        for i in xs.indices {
            if i != xs.startIndex { out += keyword }
            render(xs[i], inside: level, into: &out)
        }
        if parenthesised { out += ")" }
    }

    private func appendOptions(_ options: StringOptions, into out: inout String) {
        if options.isEmpty { return }
        out += "["
        if options.caseInsensitive { out += "c" }
        if options.diacriticInsensitive { out += "d" }
        out += "]"
    }

    private func operand(_ e: Expression, into out: inout String) {
        switch e {
        case .field(let ref):
            out += "$"
            out += ref.id
            switch ref.property {
            case .value:
                if dialect == .xlformPredicate { out += formValueTags.contains(ref.id) ? ".value.formValue" : ".value" }
            case .isHidden, .isDisabled:
                out += "."
                out += ref.property.rawValue
            }
        case .selfValue: out += "SELF"
        case .literal(.string(let s)): appendQuoted(s, into: &out)
        case .literal(.number(let n)): out += NumberSyntax.text(n) ?? String(n)
        case .literal(.bool(let b)): out += b ? "TRUE" : "FALSE"
        case .literal(.null): out += "nil"
        case .list(let xs):
            out += "{"
            for i in xs.indices {
                if i != xs.startIndex { out += ", " }
                operand(xs[i], into: &out)
            }
            out += "}"
        case .compare, .and, .or, .not:
            out += "("
            render(e, inside: nil, into: &out)
            out += ")"
        }
    }

    /// A single-quoted string literal with backslash escapes.
    private func appendQuoted(_ s: String, into out: inout String) {
        out += "'"
        // Most strings need no escape: copy them whole.
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "'") }) {
            out += s
            out += "'"
            return
        }
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
        out += "'"
    }
}
