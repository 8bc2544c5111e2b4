import FormIR
import DocumentTree
import Expressions

extension SurveyJSDecoder {
    /// `defaultValue` as is; `defaultValueExpression` when it is a constant (else reported).
    mutating func defaults(_ node: Node, owner: String, into f: inout Field) {
        if let d = node["defaultValue"], !d.isNull {
            f.defaultValue = d.toValue()
        }
        guard let n = node["defaultValueExpression"], let c = condition(n, key: "defaultValueExpression", owner: owner) else { return }
        if let v = Self.constant(c.syntax) { if f.defaultValue == nil { f.defaultValue = v } } else {
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
        switch value.syntax {
        case .variable(let name) where !name.contains(where: { ".[]".contains($0) }): effect = .copy([CopySource(field: name)])
        case .bool(let b) where booleanNames.contains(target.lowercased()): effect = .setChecked(b)
        default:
            notCarried("setValueExpression", of: owner, "\(value.text) is a formula; the IR computes copies of an answer and yes/no values only", at: n)
            return
        }
        pending.append(PendingRule(target: .field(target), purpose: .computed(effect), conditions: when.map { [$0] } ?? [], owner: owner))
    }
}
