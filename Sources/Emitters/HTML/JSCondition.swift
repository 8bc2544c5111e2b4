import DocumentTree
import FormIR
import Lowering

/// Turns a parsed condition (the IR `Expression`) into JavaScript source, once, at emit time: the
/// page's runtime never parses a condition language. The source is the body of `function (c) { … }`
/// over the runtime's condition context `c`: `c.v(id)` a field's current value, `c.hidden(id)` /
/// `c.disabled(id)` its current state, `c.self` the value being validated, and `c.cmp(op, a, b, ci, di)`
/// the comparison operators with the legacy apps' loose typing (see html-runtime's `cmp`).
struct JSCondition {
    /// A `MATCHES` pattern the page's regular expressions cannot hold: the condition is then `false`
    /// and the caller reports the loss.
    struct Failure: Error, Equatable { var reason: String }

    private static func js(_ e: Expression) throws -> String {
        switch e {
        case .literal(let l): return literal(l)
        case .field(let ref):
            let id = JSONWriter.quoted(ref.id)
            switch ref.property {
            case .value: return "c.v(\(id))"
            case .isHidden: return "c.hidden(\(id))"
            case .isDisabled: return "c.disabled(\(id))"
            }
        case .selfValue: return "c.self"
        case .list(let xs): return "[" + (try xs.map(js)).joined(separator: ", ") + "]"
        case .and(let xs): return xs.isEmpty ? "true" : "(" + (try xs.map(truth)).joined(separator: " && ") + ")"
        case .or(let xs): return xs.isEmpty ? "false" : "(" + (try xs.map(truth)).joined(separator: " || ") + ")"
        case .not(let x): return "!" + (try truth(x))
        case .compare(let l, let op, let r, let o):
            var rhs = try js(r)
            if op == .matches, case .literal(.string(let pattern)) = r {
                let t = ECMARegex.translate(pattern)
                guard let re = t.pattern else {
                    throw Failure(reason: "MATCHES uses " + t.problems.joined(separator: ", "))
                }
                rhs = JSONWriter.quoted(re)
            }
            let flags = (o.caseInsensitive ? ", true" : ", false") + (o.diacriticInsensitive ? ", true" : ", false")
            return "c.cmp(\(JSONWriter.quoted(op.rawValue)), \(try js(l)), \(rhs)\(flags))"
        }
    }

    /// `e` as a truth value: a bare value or text is true when it holds something (hidden and disabled
    /// states already are truth values).
    private static func truth(_ e: Expression) throws -> String {
        switch e {
        case .field(let r) where r.property == .value: return "c.truthy(\(try js(e)))"
        case .selfValue, .literal(.string), .literal(.number), .literal(.null): return "c.truthy(\(try js(e)))"
        default: return try js(e)
        }
    }

    private static func literal(_ l: Literal) -> String {
        switch l {
        case .string(let s): return JSONWriter.quoted(s)
        case .number(let d): return d.isFinite ? Value.format(d) : "NaN"
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        }
    }

    /// The top-level function source of a condition (a bare value is read as a truth value).
    static func function(_ e: Expression) -> Result<String, Failure> {
        do { return .success("function (c) { return " + (try truth(e)) + "; }") } catch let f as Failure {
            return .failure(f)
        } catch { return .failure(Failure(reason: "\(error)")) }
    }
}
