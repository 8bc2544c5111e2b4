import DocumentTree
import FormIR

/// Rules, their effects and conditions.
extension IRJSONDecoder {
    /// The keys that name an expression's operator, besides the comparison operators.
    static let expressionOperators: Set<String> = ["field", "self", "list", "and", "or", "not", "number"]

    func rule(_ e: IRJSONElement) throws -> Rule {
        try object(e) { m in
            Rule(condition: try m.optional("condition").map(expression), source: try m.optional("source").map(conditionSource),
                 target: try ruleTarget(try m.required("target")), then: try m.list("then", effect),
                 otherwise: try m.list("otherwise", effect), extensions: try extensions(&m), location: try at(&m))
        }
    }

    private func conditionSource(_ e: IRJSONElement) throws -> ConditionSource {
        try object(e) { m in
            ConditionSource(dialect: try m.required("dialect").choice(ExpressionDialect.self, "dialect"),
                            text: try m.required("text").string(), location: try at(&m))
        }
    }

    /// `"form"`, or `{"field": id}`, `{"section": id}`, `{"page": id}`.
    private func ruleTarget(_ e: IRJSONElement) throws -> RuleTarget {
        if case .string(let s) = e.node.kind {
            guard s == "form" else { throw e.unknown("rule target", s) }
            return .form
        }
        let (name, content) = try e.tagged("a rule target")
        switch name {
        case "field": return .field(try content.string())
        case "section": return .section(try content.string())
        case "page": return .page(try content.string())
        default: throw e.unknown("rule target", name)
        }
    }

    /// `"show"`, `"hide"`, `"enable"`, `"disable"`, or a one-key object named for the effect.
    private func effect(_ e: IRJSONElement) throws -> Effect {
        if case .string(let name) = e.node.kind {
            switch name {
            case "show": return .show
            case "hide": return .hide
            case "enable": return .enable
            case "disable": return .disable
            default: throw e.unknown("effect", name)
            }
        }
        let (name, content) = try e.tagged("an effect")
        switch name {
        case "evaluate": return .evaluate(try evaluation(content))
        case "copy":
            return .copy(try content.array().map { source in
                try object(source) { m in
                    CopySource(field: try m.required("field").string(), components: try m.list("components") { try $0.string() })
                }
            })
        case "setOptions": return .setOptions(try content.array().map(option))
        case "submission": return .submission(try content.choice(SubmissionPolicy.self, "submission policy"))
        case "setText": return .setText(try text(content))
        case "setChecked": return .setChecked(try content.bool())
        case "setProperty":
            return try object(content) { m in
                .setProperty(name: try m.required("name").string(), value: try value(try m.required("value")))
            }
        default: throw e.unknown("effect", name)
        }
    }

    private func evaluation(_ e: IRJSONElement) throws -> Evaluation {
        let (name, content) = try e.tagged("an evaluation")
        switch name {
        case "concatenate":
            return try object(content) { m in
                let (a, b) = try pair(try m.required("fields"))
                return .concatenate(a, connector: try m.required("connector").string(), b)
            }
        case "add":
            let (a, b) = try pair(content)
            return .add(a, b)
        case "subtract":
            let (a, b) = try pair(content)
            return .subtract(a, b)
        case "dateOffset": return .dateOffset(try content.int())
        case "raw": return .raw(try content.string())
        default: throw e.unknown("evaluation", name)
        }
    }

    /// `[a, b]`: two field ids.
    private func pair(_ e: IRJSONElement) throws -> (String, String) {
        let items = try e.array()
        guard items.count == 2 else { throw e.invalid(IRJSONMessage.fieldPair(items.count)) }
        return (try items[0].string(), try items[1].string())
    }

    /// Literals as JSON scalars; everything else an object keyed by its operator.
    func expression(_ e: IRJSONElement) throws -> Expression {
        switch e.node.kind {
        case .string(let s): return .literal(.string(s))
        case .int(let i): return .literal(.number(Double(i)))
        case .double(let d): return .literal(.number(d))
        case .bool(let b): return .literal(.bool(b))
        case .null: return .literal(.null)
        case .mapping(let entries):
            let operators = entries.map(\.key).filter {
                Self.expressionOperators.contains($0) || ComparisonOperator(rawValue: $0) != nil
            }
            guard operators.count == 1 else {
                throw e.invalid(operators.isEmpty ? IRJSONMessage.expressionObject : IRJSONMessage.operators(operators))
            }
            return try object(e) { m in try operation(operators[0], &m) }
        default:
            throw e.expected(IRJSONMessage.expression)
        }
    }

    private func operation(_ name: String, _ m: inout IRJSONMembers) throws -> Expression {
        let content = try m.required(name)
        switch name {
        case "field":
            let property = try m.optional("property")?.choice(FieldReference.Property.self, "field property")
            return .field(FieldReference(try content.string(), property: property ?? .value))
        case "self":
            guard try content.bool() else { throw content.invalid(IRJSONMessage.expectedTrue) }
            return .selfValue
        case "list": return .list(try content.array().map(expression))
        case "and": return .and(try content.array().map(expression))
        case "or": return .or(try content.array().map(expression))
        case "not": return .not(try expression(content))
        case "number": return .literal(.number(try content.number()))
        default:
            let items = try content.array()
            guard items.count == 2, let op = ComparisonOperator(rawValue: name) else {
                throw content.invalid(IRJSONMessage.operands(items.count))
            }
            let options = StringOptions(caseInsensitive: try m.flag("caseInsensitive"),
                                        diacriticInsensitive: try m.flag("diacriticInsensitive"))
            return .compare(try expression(items[0]), op, try expression(items[1]), options)
        }
    }
}
