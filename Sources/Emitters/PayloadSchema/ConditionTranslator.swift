import DocumentTree
import FormIR
import Lowering

/// Turns a relationship condition into a JSON Schema that a payload satisfies exactly when the
/// condition holds over the submitted values: `==`/`!=` become `const`, `IN` `enum`, ordered comparisons
/// on numeric values `minimum`/`exclusiveMinimum`/…, `BEGINSWITH`/`ENDSWITH`/`CONTAINS`/`LIKE`/`MATCHES`
/// on text `pattern`, `AND`/`OR`/`NOT` `allOf`/`anyOf`/`not`. A compared key must be present for `==`
/// to hold (an item that is not submitted has no value the backend can see).
struct ConditionTranslator: Sendable {
    struct Failure: Error, Equatable { var reason: String }

    /// The payload key and shape of every field with one submitted value.
    var keys: [String: (key: String, shape: ValueShape)]
    /// Fields whose text is a number (MM textFields with `numericOnly`/`numericWithPeriods`): ordered
    /// comparisons with whole numbers become patterns.
    var numericText: Set<String> = []
    /// Checkboxes (`CheckboxTruth.checkboxes`): a comparison with `"true"`, `YES`, `"1"`… reads their truth value.
    var checkboxes: Set<String> = []

    func translate(_ e: Expression) -> Result<Node, Failure> {
        do { return .success(try node(CheckboxTruth.normalized(e, checkboxes: checkboxes))) } catch let f as Failure { return .failure(f) } catch {
            return .failure(Failure(reason: "\(error)"))
        }
    }

    /// A validation predicate over `SELF` (the row schema's `rules[].predicate`) as the schema the value
    /// itself must satisfy; `shape` is the value's type, `numericText` whether it is a number typed as text.
    func translateValue(_ e: Expression, shape: ValueShape, numericText: Bool) -> Result<Node, Failure> {
        var t = self
        t.current = Subject(key: nil, name: "SELF", shape: shape, numericText: numericText)
        do { return .success(try t.node(e)) } catch let f as Failure { return .failure(f) } catch {
            return .failure(Failure(reason: "\(error)"))
        }
    }

    /// What a comparison reads: a payload key (`key`) or the value being validated (`key == nil`).
    struct Subject {
        var key: String?
        var name: String
        var shape: ValueShape
        var numericText: Bool
    }

    /// Set while translating a `SELF` predicate.
    private var current: Subject?

    init(keys: [String: (key: String, shape: ValueShape)] = [:], numericText: Set<String> = []) {
        self.keys = keys
        self.numericText = numericText
    }

    private func node(_ e: Expression) throws -> Node {
        switch e {
        case .literal(.bool(let b)): return .bool(b)
        case .and(let xs): return xs.count == 1 ? try node(xs[0]) : .object([("allOf", .array(try xs.map(node)))])
        case .or(let xs): return xs.count == 1 ? try node(xs[0]) : .object([("anyOf", .array(try xs.map(node)))])
        case .not(let x): return .object([("not", try node(x))])
        case .compare(.field(let ref), let op, let rhs, let opts):
            return try compare(try subject(ref), op, rhs, opts)
        case .compare(.selfValue, let op, let rhs, let opts) where current != nil:
            return try compare(current!, op, rhs, opts)
        case .compare(let lhs, let op, .field(let ref), let opts) where !isField(lhs):
            guard let flipped = Self.flipped(op) else {
                if op == .in, case .literal(let l) = lhs { return try contains(try subject(ref), l) }
                throw Failure(reason: "the value is on the right of \(op.rawValue)")
            }
            return try compare(try subject(ref), flipped, lhs, opts)
        case .compare(_, let op, _, _):
            throw Failure(reason: "\(op.rawValue) does not compare an item with a value")
        case .field(let ref): throw Failure(reason: "'\(ref.id)' is used as a truth value")
        case .literal, .selfValue, .list: throw Failure(reason: "the condition is not a comparison")
        }
    }

    private func isField(_ e: Expression) -> Bool { if case .field = e { return true }; return false }

    private static func flipped(_ op: ComparisonOperator) -> ComparisonOperator? {
        switch op {
        case .equal, .notEqual: op
        case .less: .greater
        case .greater: .less
        case .lessOrEqual: .greaterOrEqual
        case .greaterOrEqual: .lessOrEqual
        default: nil
        }
    }

    private func subject(_ ref: FieldReference) throws -> Subject {
        guard ref.property == .value else {
            throw Failure(reason: "it reads whether '\(ref.id)' is \(ref.property == .isHidden ? "hidden" : "disabled")")
        }
        guard let k = keys[ref.id] else {
            throw Failure(reason: "'\(ref.id)' does not submit one value of its own")
        }
        return Subject(key: k.key, name: ref.id, shape: k.shape, numericText: numericText.contains(ref.id))
    }

    /// `schema` applied to the subject: under `properties` with the key required, or as is for `SELF`.
    private func present(_ key: String?, _ schema: Node) -> Node {
        guard let key else { return schema }
        return .object([("properties", .object([(key, schema)])), ("required", .strings([key]))])
    }

    private func literal(_ e: Expression) throws -> Literal {
        guard case .literal(let l) = e else { throw Failure(reason: "it compares with something other than a value") }
        return l
    }

    private func compare(_ subject: Subject, _ op: ComparisonOperator, _ rhs: Expression,
                         _ opts: StringOptions) throws -> Node {
        let key = subject.key, shape = subject.shape, name = subject.name
        if opts.diacriticInsensitive { throw Failure(reason: "diacritic-insensitive comparison [d]") }
        let ci = opts.caseInsensitive
        if ci && shape != .string { throw Failure(reason: "[c] on a value that is not text") }
        switch op {
        case .equal, .notEqual:
            let l = try literal(rhs)
            let eq: Node
            if l == .null {
                guard let key else { throw Failure(reason: "SELF compared with nil") }
                let absent = Node.object([("not", .object([("required", .strings([key]))]))])
                eq = shape == .string ? .object([("anyOf", .array([absent, present(key, .object([("const", .string(""))]))]))]) : absent
            } else if ci, case .string(let s) = l {
                eq = present(key, .object([("type", .string("string")), ("pattern", .string("^" + Self.escape(s, ci: true) + "$"))]))
            } else {
                guard shape != .array, let v = shape.coerce(l) else {
                    throw Failure(reason: "'\(name)' is submitted as \(shape) and cannot equal \(l.text)")
                }
                eq = present(key, .object([("const", v)]))
            }
            return op == .equal ? eq : .object([("not", eq)])
        case .less, .greater, .lessOrEqual, .greaterOrEqual, .between:
            if shape == .string && subject.numericText { return try textComparison(key, name, op, rhs) }
            guard shape.isNumeric || shape == .any else {
                throw Failure(reason: "'\(name)' is submitted as text, which json-schema cannot compare as a number")
            }
            var o = SchemaObject()
            o.set("type", .string("number"))
            if op == .between {
                guard case .list(let xs) = rhs, xs.count == 2, case .literal(.number(let a)) = xs[0],
                      case .literal(.number(let b)) = xs[1] else { throw Failure(reason: "BETWEEN needs two numbers") }
                o.set("minimum", .number(a)); o.set("maximum", .number(b))
            } else {
                let numeric = shape == .any ? ValueShape.number : shape
                guard let n = numeric.coerce(try literal(rhs)), n.isNumber else {
                    throw Failure(reason: "\(op.rawValue) compares '\(name)' with a value that is not a number")
                }
                let keyword = [ComparisonOperator.less: "exclusiveMaximum", .greater: "exclusiveMinimum",
                               .lessOrEqual: "maximum", .greaterOrEqual: "minimum"][op]!
                o.set(keyword, n)
            }
            return present(key, o.node)
        case .in:
            guard case .list(let xs) = rhs else { throw Failure(reason: "IN needs a list of values") }
            guard shape != .array else { throw Failure(reason: "IN on several selected options") }
            let values = try xs.map { e -> Node in
                guard let v = shape.coerce(try literal(e)) else {
                    throw Failure(reason: "'\(name)' cannot hold a value of the IN list")
                }
                return v
            }
            return present(key, .object([("enum", .array(values))]))
        case .contains where shape == .array:
            return try contains(subject, try literal(rhs))
        case .contains, .beginsWith, .endsWith, .like, .matches:
            guard shape == .string, case .string(let s) = try literal(rhs) else {
                throw Failure(reason: "\(op.rawValue) on a value that is not text")
            }
            let p: String
            switch op {
            case .contains: p = Self.escape(s, ci: ci)
            case .beginsWith: p = "^" + Self.escape(s, ci: ci)
            case .endsWith: p = Self.escape(s, ci: ci) + "$"
            case .like: p = "^" + Self.like(s, ci: ci) + "$"
            default:
                if ci { throw Failure(reason: "MATCHES[c]") }
                let t = ECMARegex.translate(s)
                guard let re = t.pattern else { throw Failure(reason: "MATCHES uses " + t.problems.joined(separator: ", ")) }
                p = "^(?:" + re + ")$"
            }
            return present(key, .object([("type", .string("string")), ("pattern", .string(p))]))
        }
    }

    /// `<`, `>`, `<=`, `>=`, `BETWEEN` on a number submitted as text, as patterns.
    private func textComparison(_ key: String?, _ name: String, _ op: ComparisonOperator,
                                _ rhs: Expression) throws -> Node {
        var bounds: [(ComparisonOperator, Literal)] = []
        if op == .between {
            guard case .list(let xs) = rhs, xs.count == 2 else { throw Failure(reason: "BETWEEN needs two numbers") }
            bounds = [(.greaterOrEqual, try literal(xs[0])), (.lessOrEqual, try literal(xs[1]))]
        } else {
            bounds = [(op, try literal(rhs))]
        }
        var patterns: [Node] = []
        for (o, l) in bounds {
            let number: Double?
            switch l {
            case .number(let x): number = x
            case .string(let t): number = Double(t)
            default: number = nil
            }
            guard let number, let p = DigitTextComparison.pattern(o, number) else {
                throw Failure(reason: "'\(name)' is submitted as text; json-schema compares such text only with whole numbers from 0")
            }
            patterns.append(.object([("pattern", .string(p))]))
        }
        var o = SchemaObject()
        o.set("type", .string("string"))
        if patterns.count == 1 { o.set("pattern", patterns[0].mappingEntries?.first?.value) }
        else { o.set("allOf", .array(patterns)) }
        return present(key, o.node)
    }

    private func contains(_ subject: Subject, _ l: Literal) throws -> Node {
        let key = subject.key
        guard subject.shape == .array else { throw Failure(reason: "'\(subject.name)' is not a list of options") }
        guard let v = ValueShape.any.coerce(l) else { throw Failure(reason: "CONTAINS with no value") }
        return present(key, .object([("type", .string("array")), ("contains", .object([("const", v)]))]))
    }

    /// `s` as a pattern matching itself; with `ci`, letters as `[aA]`.
    static func escape(_ s: String, ci: Bool) -> String {
        var out = ""
        for c in s {
            let lower = c.lowercased(), upper = c.uppercased()
            if ci, lower != upper, lower.count == 1, upper.count == 1 { out += "[\(lower)\(upper)]" }
            else if "\\^$.|?*+()[]{}/".contains(c) { out += "\\\(c)" }
            else { out.append(c) }
        }
        return out
    }

    /// An NSPredicate LIKE pattern (`*` any run, `?` one character).
    static func like(_ s: String, ci: Bool) -> String {
        var out = ""
        var chars = Array(s)[...]
        while let c = chars.popFirst() {
            switch c {
            case "*": out += "[\\s\\S]*"
            case "?": out += "[\\s\\S]"
            case "\\": if let n = chars.popFirst() { out += escape(String(n), ci: ci) }
            default: out += escape(String(c), ci: ci)
            }
        }
        return out
    }
}

extension Node {
    var isNumber: Bool {
        switch kind { case .int, .double: true; default: false }
    }
}

extension Literal {
    /// The literal as MM XML writes it: strings quoted, numbers bare.
    var text: String {
        switch self {
        case .string(let s): "\"\(s)\""
        case .number(let d): Value.format(d)
        case .bool(let b): b ? "YES" : "NO"
        case .null: "nil"
        }
    }
}
