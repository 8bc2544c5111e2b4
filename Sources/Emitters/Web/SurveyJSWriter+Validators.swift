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
        if v.minLength != nil || v.maxLength != nil {
            if textual {
                var t = SchemaObject()
                t.set("type", .string("text"))
                if let n = v.minLength { t.set("minLength", .int(n)) }
                if let n = v.maxLength { t.set("maxLength", .int(n)) }
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
        for p in v.patterns {
            guard textual else { lose(.pattern, "regex \(p.regex)"); continue }
            let re = ECMARegex.translate(p.regex)
            guard let pattern = re.pattern else {
                diagnostics.loss(Feature.pattern.rawValue, target: web.target,
                                 "\(web.target) cannot express the regex \(p.regex) of '\(field.id)': \(re.problems.joined(separator: ", "))",
                                 at: p.location ?? field.location, path: path)
                continue
            }
            var r = SchemaObject()
            r.set("type", .string("regex"))
            if let m = p.message { r.set("text", loc(m)) }
            r.set("regex", .string(pattern))
            out.append(r.node)
        }
        // A number input holds digits only: the digit checks and the ranges above say all there is.
        for n in v.named where !(numeric && RuleLowering.holdsOnNumbers(n)) {
            let rule = RuleLowering.regex(for: n)
            switch rule {
            case .anything: continue
            case .inexpressible(let why): lose(.namedValidator, "\(n.rawValue) validation (\(why))")
            case _ where !textual: lose(.namedValidator, "\(n.rawValue) validation")
            case .regex where n == .email: out.append(.object([("type", .string("email"))]))  // SurveyJS's own check
            case .regex(let p): out.append(.object([("type", .string("regex")), ("regex", .string(p))]))
            }
        }
        return out
    }
}
