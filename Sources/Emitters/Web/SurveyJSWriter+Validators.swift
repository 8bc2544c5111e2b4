import DocumentTree
import FormIR
import Lowering

extension SurveyJSWriter {
    /// `text` (length), `numeric` (value range), `regex` (patterns and named validations) and `email`
    /// validators. A check the question's answer cannot carry is reported.
    mutating func validators(_ field: Field, type: String, path: String) -> [Node] {
        let v = field.validation
        let textual = (type == "text" && inputType(field) != "number") || type == "comment"
        let numeric = type == "text" && inputType(field) == "number" || type == "slider"
        func lose(_ f: Feature, _ what: String) { self.lose(f, what, of: field, on: type, path: path) }
        var out: [Node] = []
        // The one validation lowering (docs/rule-lowering.md): SurveyJS has its own e-mail and length
        // checks; a regex replaces the named validations that lower to patterns.
        let lowered = textual ? RuleLowering.textRules(v, abilities: RuleAbilities(dialect: .ecma262, namedValidators: [.email],
                                                                                  minLength: true, maxLength: true)) : nil
        if v.minLength != nil || v.maxLength != nil {
            if let lowered {
                var t = SchemaObject()
                t.set("type", .string("text"))
                if let n = lowered.minLength { t.set("minLength", .int(n)) }
                if let n = lowered.maxLength { t.set("maxLength", .int(n)) }
                out.append(t.node)
            } else { lose(.length, "length limits") }
        }
        let (lower, upper) = numeric ? RuleLowering.numericRange(v) : (v.minValue, v.maxValue)
        if lower != nil || upper != nil {
            if numeric {
                var n = SchemaObject()
                n.set("type", .string("numeric"))
                if let lower { n.set("minValue", .number(lower)) }
                if let upper { n.set("maxValue", .number(upper)) }
                out.append(n.node)
            } else { lose(.valueRange, "value range") }
        }
        guard let lowered else {
            for p in v.patterns { lose(.pattern, "regex \(p.regex)") }
            // A number input holds digits only: the digit checks and the ranges above say all there is.
            for n in v.named {
                if numeric && RuleLowering.holdsOnNumbers(n) {
                    // The range above carries what a number input cannot: digits only is not one.
                    if [.numericOnly, .numeric, .numericWithPeriods].contains(n) {
                        lose(.namedValidator, "\(n.rawValue) validation (a number input also accepts a sign, decimals and exponents)")
                    }
                    continue
                }
                switch RuleLowering.regex(for: n) {
                case .anything: continue
                case .inexpressible(let why): lose(.namedValidator, "\(n.rawValue) validation (\(why))")
                case .regex: lose(.namedValidator, "\(n.rawValue) validation")
                }
            }
            return out
        }
        for r in lowered.regexes {
            var o = SchemaObject()
            o.set("type", .string("regex"))
            if let m = r.message { o.set("text", loc(m)) }
            o.set("regex", .string(r.regex))
            out.append(o.node)
        }
        for _ in lowered.named { out.append(.object([("type", .string("email"))])) }  // SurveyJS's own check
        for u in lowered.unlowered {
            if case .pattern(let i) = u.origin {
                diagnostics.loss(Feature.pattern.rawValue, target: web.target,
                                 "\(web.target) cannot express the regex \(v.patterns[i].regex) of '\(field.id)': \(u.reason)",
                                 at: u.location ?? field.location, path: path)
            } else {
                lose(.namedValidator, "\(u.what) (\(u.reason))")
            }
        }
        return out
    }
}
