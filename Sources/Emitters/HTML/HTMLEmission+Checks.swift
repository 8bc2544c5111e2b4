import DocumentTree
import FormIR
import Lowering

extension HTMLEmission {
    /// What the runtime checks on submit: the field's validation, with its own messages, and the
    /// actions that constrain it (`linksTo`, `sumItems`).
    mutating func checks(_ p: HTMLFieldPlan) -> Node {
        let f = p.field, v = f.validation
        var o = SchemaObject()
        let bounds: [(String, Node?)] = [
            ("minLength", v.minLength.map(Node.int)), ("maxLength", v.maxLength.map(Node.int)),
            ("minValue", v.minValue.map(Node.number)), ("maxValue", v.maxValue.map(Node.number)),
            ("minAge", v.minAge.map(Node.int)), ("maxAge", v.maxAge.map(Node.int)),
            ("minYear", v.minYear.map(Node.int)), ("maxYear", v.maxYear.map(Node.int)),
            ("minDate", v.minDate.map(Node.string)), ("maxDate", v.maxDate.map(Node.string)),
            ("minSelected", v.minSelected.map(Node.int)), ("maxSelected", v.maxSelected.map(Node.int)),
        ]
        for (key, value) in bounds { o.set(key, value) }
        if f.kind == .email { o.set("email", .string(NamedValidationPatterns.emailPattern)) }
        var patterns: [Node] = []
        // The one validation lowering (docs/rule-lowering.md): a regex replaces the named validations
        // that lower to patterns; length limits are the runtime's own; the Luhn check runs in the page.
        let lowered = RuleLowering.textRules(v, abilities: RuleAbilities(dialect: .ecma262, minLength: true, maxLength: true))
        for r in lowered.regexes {
            switch r.origin {
            case .named(let n): patterns.append(.object([("re", .string(r.regex)), ("name", .string(n.rawValue))]))
            case .pattern, .length: patterns.append(.object([("re", .string(r.regex)), ("message", text(r.message))]))
            }
        }
        for u in lowered.unlowered {
            switch u.origin {
            case .named(let n) where n == .luhn || n == .creditCard:
                patterns.append(.object([("luhn", .bool(true)), ("name", .string(n.rawValue))]))
            case .named(let n):
                diagnostics.loss(Feature.namedValidator.rawValue, target: target,
                                 "html cannot check the \(n.rawValue) validation of '\(f.id)': \(u.reason)",
                                 at: f.location, path: p.path)
            case .pattern(let i):
                diagnostics.loss(Feature.pattern.rawValue, target: target,
                                 "html cannot check the regex \(v.patterns[i].regex) of '\(f.id)': \(u.reason)",
                                 at: u.location ?? f.location, path: p.path)
            case .length: break
            }
        }
        if !patterns.isEmpty { o.set("patterns", .array(patterns)) }
        let predicates = v.predicates.map { rule in
            Node.object([("fn", function(rule.condition, what: "validation predicate of '\(f.id)'", at: rule.location ?? f.location,
                                         path: p.path, feature: Feature.predicateValidation.rawValue)),
                         ("message", text(rule.message))])
        }
        if !predicates.isEmpty { o.set("predicates", .array(predicates)) }
        if !v.comparisons.isEmpty {
            o.set("comparisons", .array(v.comparisons.map { c in
                .object([("other", .string(c.otherField)), ("relation", .string(c.relation.rawValue)),
                         ("mode", c.mode.map { .string($0.rawValue) } ?? .null)])
            }))
        }
        var sums: [Node] = [], links: [Node] = []
        for action in f.actions {
            switch action {
            case .sumItems(let mode, let bounds, let fields, let autofill):
                sums.append(.object([("mode", .string(mode)), ("bounds", .array(bounds.map(Node.number))),
                                     ("fields", .strings(fields))]))
                if autofill == true {
                    diagnostics.loss(Feature.actionSumItems.rawValue, target: target,
                                     "html checks the sum of \(fields.joined(separator: ", ")) but does not fill in the remainder",
                                     at: f.location, path: p.path)
                }
            case .linksTo(let other): links.append(.string(other))
            default: break
            }
        }
        if !sums.isEmpty { o.set("sums", .array(sums)) }
        if !links.isEmpty { o.set("linksTo", .array(links)) }
        return o.node
    }
}
