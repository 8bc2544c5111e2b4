import FormIR
import DocumentTree
import Expressions

extension SurveyJSDecoder {
    /// `defaultValue` as is; `defaultValueExpression` when it is a constant, or `today()` /
    /// `currentDate()` on a date (the IR's `today`, MM XML's `<defaultDate>today</defaultDate>`); else reported.
    mutating func defaults(_ node: Node, owner: String, into f: inout Field) {
        if let d = node["defaultValue"], !d.isNull {
            f.defaultValue = d.toValue()
        }
        guard let n = node["defaultValueExpression"], let c = condition(n, key: "defaultValueExpression", owner: owner) else { return }
        if case .call(let name, let args) = c.syntax, args.isEmpty, ["today", "currentDate"].contains(name),
           [.date, .dateTime].contains(f.kind) {
            if f.defaultValue == nil { f.defaultValue = .string("today") }
        } else if let v = Self.constant(c.syntax) { if f.defaultValue == nil { f.defaultValue = v } } else {
            notCarried("defaultValueExpression", of: owner, "\(c.text) is computed; the IR holds constant defaults only", at: n)
        }
    }

    static func constant(_ e: SurveyJSExpression) -> Value? {
        switch e {
        case .string(let s): return .string(s)
        case .number(let d): return d == d.rounded() && abs(d) < 1e15 ? .int(Int(d)) : .double(d)
        case .bool(let b): return .bool(b)
        case .array(let xs):
            let vs = xs.compactMap(constant)
            return vs.count == xs.count ? .array(vs) : nil
        default: return nil
        }
    }

    /// `validators`: `numeric` (value range), `text` (length), `regex`, `email` and `answercount`; an
    /// `expression` validator is reported.
    mutating func validators(_ node: Node, type: String, owner: String, into f: inout Field) {
        guard let v = node["validators"], let items = array(v, owner: owner, key: "validators") else { return }
        for item in items {
            guard item.mappingEntries != nil, let vtype = item["type"]?.stringValue?.lowercased() else {
                diagnostics.warning("surveyjs.malformed", "a validator of \(owner) has no type; survey-core skips it", at: item.location)
                continue
            }
            let vowner = "the \(vtype) validator of \(owner)"
            checkProperties(item, allowed: SurveyJSProperties.byType["\(vtype)validator"] ?? [], owner: vowner)
            let message = text(item["text"], owner: vowner, key: "text")
            switch vtype {
            case "numeric":
                // Both the input's min/max and the validator apply: the narrower bound wins.
                if let lo = number(item["minValue"], owner: vowner, key: "minValue") { f.validation.minValue = max(lo, f.validation.minValue ?? lo) }
                if let hi = number(item["maxValue"], owner: vowner, key: "maxValue") { f.validation.maxValue = min(hi, f.validation.maxValue ?? hi) }
            case "text":
                if let lo = number(item["minLength"], owner: vowner, key: "minLength"), lo > 0 { f.validation.minLength = Int(lo) }
                if let hi = number(item["maxLength"], owner: vowner, key: "maxLength"), hi > 0 { f.validation.maxLength = Int(hi) }
                if flag(item["allowDigits"], owner: vowner, key: "allowDigits") == false {
                    f.validation.patterns.append(PatternRule(regex: "^[^0-9]*$", message: message, location: item.location))
                }
            case "regex":
                guard let re = item["regex"]?.stringValue else {
                    diagnostics.warning("surveyjs.malformed", "\(vowner) has no regex; survey-core skips it", at: item.location)
                    continue
                }
                f.validation.patterns.append(PatternRule(regex: re, message: message, location: item["regex"]?.location))
            case "email":
                if !f.validation.named.contains(.email) { f.validation.named.append(.email) }
            case "answercount":
                if let lo = item["minCount"]?.intValue { f.validation.minSelected = lo }
                if let hi = item["maxCount"]?.intValue { f.validation.maxSelected = hi }
            case "expression":
                notCarried("the expression validator", of: owner,
                           "\(item["expression"]?.stringValue ?? "its expression") is a check over the whole survey, which the IR's validation does not hold",
                           at: item)
            default:
                let hint = Suggest.closest(to: vtype, in: Self.validatorTypes).map { "; did you mean '\($0)'?" } ?? ""
                diagnostics.warning("surveyjs.unknown-type", "'\(vtype)' is not a SurveyJS validator type; survey-core skips it\(hint)",
                                    at: item["type"]?.location)
            }
        }
    }

    static let validatorTypes = ["numeric", "text", "regex", "email", "answercount", "expression"]

    /// `setValueExpression` (with `setValueIf`): a copy of another answer, or `true`/`false` into a
    /// yes/no question; other formulas are reported.
    mutating func computed(_ node: Node, owner: String, target: String) {
        guard let n = node["setValueExpression"], let value = condition(n, key: "setValueExpression", owner: owner) else {
            if let c = node["setValueIf"] { notCarried("setValueIf", of: owner, "it has no setValueExpression, so survey-core sets nothing", at: c) }
            return
        }
        let when = condition(node["setValueIf"], key: "setValueIf", owner: owner)
        let effect: Effect
        if case .bool(let b) = value.syntax, booleanNames.contains(target.lowercased()) {
            effect = .setChecked(b)
        } else if let e = Self.computation(value.syntax) {
            effect = e
        } else {
            notCarried("setValueExpression", of: owner,
                       "\(value.text) is a formula; the IR computes copies of answers, sums, differences, joins of two answers, days from today and yes/no values only",
                       at: n)
            return
        }
        pending.append(PendingRule(target: .field(target), purpose: .computed(effect), conditions: when.map { [$0] } ?? [], owner: owner))
    }

    /// The IR computation a `setValueExpression` spells, in the SurveyJS writer's words: `{a}` or
    /// `{a} + '. ' + {b.part} + …` (copy), `{a} + {b}` (add), `{a} - {b}` (subtract), `{a} + 'sep' + {b}`
    /// (join), `today(n)` (days from now).
    static func computation(_ e: SurveyJSExpression) -> Effect? {
        func plain(_ name: String) -> Bool { !name.contains(where: { ".[]".contains($0) }) }
        switch e {
        case .variable(let a) where plain(a): return .copy([CopySource(field: a)])
        case .binary("-", .variable(let a), .variable(let b)) where plain(a) && plain(b): return .evaluate(.subtract(a, b))
        case .binary("+", .variable(let a), .variable(let b)) where plain(a) && plain(b): return .evaluate(.add(a, b))
        case .call(let f, let args) where f.lowercased() == "today":
            if args.isEmpty { return .evaluate(.dateOffset(0)) }
            if args.count == 1, case .number(let d) = args[0], d == d.rounded(), abs(d) < 1e6 { return .evaluate(.dateOffset(Int(d) * 86_400)) }
            return nil
        default: break
        }
        // A `+` chain of answers and texts.
        func terms(_ e: SurveyJSExpression) -> [SurveyJSExpression] {
            if case .binary("+", let l, let r) = e { return terms(l) + terms(r) }
            return [e]
        }
        let ts = terms(e)
        guard ts.count >= 3, ts.count % 2 == 1 else { return nil }
        var vars: [String] = []
        var seps: [String] = []
        for (i, t) in ts.enumerated() {
            if i % 2 == 0 { guard case .variable(let v) = t, !v.contains("[") else { return nil }; vars.append(v) }
            else { guard case .string(let s) = t else { return nil }; seps.append(s) }
        }
        if seps.allSatisfy({ $0 == ". " }) {
            var sources: [CopySource] = []
            for v in vars {
                let parts = v.split(separator: ".", maxSplits: 1).map(String.init)
                if parts.count == 2, let last = sources.last, last.field == parts[0], !last.components.isEmpty {
                    sources[sources.count - 1].components.append(parts[1])
                } else {
                    sources.append(CopySource(field: parts[0], components: parts.count == 2 ? [parts[1]] : []))
                }
            }
            return .copy(sources)
        }
        if vars.count == 2, vars.allSatisfy(plain) { return .evaluate(.concatenate(vars[0], connector: seps[0], vars[1])) }
        return nil
    }
}
