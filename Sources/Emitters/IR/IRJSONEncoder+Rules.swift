import DocumentTree
import FormIR

/// Rules, their effects and conditions.
extension IRJSONEncoder {
    func rule(_ r: Rule) -> FittedNode {
        var o = IRJSONObject()
        o.add("condition", r.condition.map(expression))
        if let source = r.source {
            var s = IRJSONObject()
            s.string("dialect", source.dialect.rawValue)
            s.string("text", source.text)
            s.add("at", at(source.location))
            o.add("source", s.node)
        }
        switch r.target {
        case .field(let id): o.add("target", Self.tagged("field", .string(id)))
        case .section(let id): o.add("target", Self.tagged("section", .string(id)))
        case .page(let id): o.add("target", Self.tagged("page", .string(id)))
        case .form: o.add("target", .string("form"))
        }
        o.list("then", r.then, effect)
        o.list("otherwise", r.otherwise, effect)
        o.add("extensions", extensions(r.extensions))
        o.add("at", at(r.location))
        return o.node
    }

    /// `"show"`, `"hide"`, `"enable"`, `"disable"`, or a one-key object named for the effect.
    func effect(_ e: Effect) -> FittedNode {
        switch e {
        case .show: return .string("show")
        case .hide: return .string("hide")
        case .enable: return .string("enable")
        case .disable: return .string("disable")
        case .evaluate(let evaluation): return Self.tagged("evaluate", self.evaluation(evaluation))
        case .copy(let sources):
            return Self.tagged("copy", .array(sources.map { source in
                var o = IRJSONObject()
                o.string("field", source.field)
                o.list("components", source.components, FittedNode.string)
                return o.node
            }))
        case .setOptions(let options): return Self.tagged("setOptions", .array(options.map(option)))
        case .submission(let policy): return Self.tagged("submission", .string(policy.rawValue))
        case .setText(let t): return Self.tagged("setText", text(t))
        case .setChecked(let b): return Self.tagged("setChecked", .bool(b))
        case .setProperty(let name, let v):
            return Self.tagged("setProperty", .mapping([("name", .string(name)), ("value", value(v))]))
        }
    }

    func evaluation(_ e: Evaluation) -> FittedNode {
        switch e {
        case .concatenate(let a, let connector, let b):
            return Self.tagged("concatenate", .mapping([("fields", .array([.string(a), .string(b)])),
                                                       ("connector", .string(connector))]))
        case .add(let a, let b): return Self.tagged("add", .array([.string(a), .string(b)]))
        case .subtract(let a, let b): return Self.tagged("subtract", .array([.string(a), .string(b)]))
        case .dateOffset(let seconds): return Self.tagged("dateOffset", .int(seconds))
        case .raw(let text): return Self.tagged("raw", .string(text))
        }
    }

    /// Literals as JSON scalars; everything else an object keyed by its operator:
    /// `{"==": [{"field": "country"}, "CA"]}`, `{"and": […]}`, `{"not": …}`, `{"self": true}`.
    func expression(_ e: Expression) -> FittedNode {
        switch e {
        case .literal(.string(let s)): return .string(s)
        case .literal(.number(let d)): return d.isFinite ? Self.number(d) : Self.tagged("number", .string(Self.nonFinite(d)))
        case .literal(.bool(let b)): return .bool(b)
        case .literal(.null): return .null
        case .field(let ref):
            var o = IRJSONObject()
            o.string("field", ref.id)
            if ref.property != .value { o.string("property", ref.property.rawValue) }
            return o.node
        case .selfValue: return Self.tagged("self", .bool(true))
        case .list(let items): return Self.tagged("list", .array(items.map(expression)))
        case .compare(let l, let op, let r, let options):
            var o = IRJSONObject()
            o.add(op.rawValue, .array([expression(l), expression(r)]))
            o.flag("caseInsensitive", options.caseInsensitive)
            o.flag("diacriticInsensitive", options.diacriticInsensitive)
            return o.node
        case .and(let items): return Self.tagged("and", .array(items.map(expression)))
        case .or(let items): return Self.tagged("or", .array(items.map(expression)))
        case .not(let x): return Self.tagged("not", expression(x))
        }
    }
}
