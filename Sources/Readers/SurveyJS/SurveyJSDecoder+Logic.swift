import FormIR
import DocumentTree
import Expressions

extension SurveyJSDecoder {
    /// The rules of the survey, in document order, once every question name is known: `visibleIf` →
    /// show/hide, `enableIf` → enable/disable, `requiredIf` → the `required` property, `setValueIf` →
    /// copy or check, choice `visibleIf` → option sets. An expression the IR cannot hold is reported
    /// and its rule left out: the element keeps its initial state.
    mutating func rules() -> [Rule] {
        var out: [Rule] = []
        for p in pending {
            var parts: [Expression] = []
            var ok = true
            for c in p.conditions {
                guard let e = lower(c, owner: p.owner) else { ok = false; break }
                parts.append(e)
            }
            guard ok else { continue }
            let condition: Expression? = parts.isEmpty ? nil : parts.count == 1 ? parts[0] : .and(parts)
            let location = p.conditions.last?.location
            switch p.purpose {
            case .visible: out.append(Rule(condition: condition, target: p.target, then: [.show], otherwise: [.hide], location: location))
            case .enable: out.append(Rule(condition: condition, target: p.target, then: [.enable], otherwise: [.disable], location: location))
            case .required:
                out.append(Rule(condition: condition, target: p.target, then: [.setProperty(name: "required", value: .bool(true))],
                                otherwise: [.setProperty(name: "required", value: .bool(false))], location: location))
            case .computed(var effect):
                switch effect {
                case .copy(let sources):
                    guard let resolved = resolve(sources.map(\.field), at: location, owner: p.owner) else { continue }
                    effect = .copy(zip(sources, resolved).map { CopySource(field: $1, components: $0.components) })
                case .evaluate(.add(let a, let b)):
                    guard let r = resolve([a, b], at: location, owner: p.owner) else { continue }
                    effect = .evaluate(.add(r[0], r[1]))
                case .evaluate(.subtract(let a, let b)):
                    guard let r = resolve([a, b], at: location, owner: p.owner) else { continue }
                    effect = .evaluate(.subtract(r[0], r[1]))
                case .evaluate(.concatenate(let a, let c, let b)):
                    guard let r = resolve([a, b], at: location, owner: p.owner) else { continue }
                    effect = .evaluate(.concatenate(r[0], connector: c, r[1]))
                default: break
                }
                out.append(Rule(condition: condition, target: p.target, then: [effect], location: location))
            case .choices: break
            }
        }
        for c in pendingChoices { out += choiceRules(c) }
        return out
    }

    /// The IR condition of `c` with question names as declared, or `nil` (reported) when the IR
    /// cannot hold it.
    mutating func lower(_ c: ParsedCondition, owner: String) -> Expression? {
        let names = questionNames
        let booleans = booleanNames
        checkReferences(c, owner: owner)
        do {
            let e = try c.syntax.lowered { booleans.contains($0.lowercased()) }
            return Self.renamed(e) { names[$0.lowercased()] ?? $0 }
        } catch {
            if let l = c.location, !reported.insert("\(l)").inserted { return nil }
            diagnostics.warning("surveyjs.condition-not-carried",
                                "\(c.key) of \(owner) is not carried: \(c.text.excerpt(limit: 80)) — \(error.reason); the IR holds comparisons of answers joined by and/or/not, so the element keeps its initial state",
                                at: c.location)
            return nil
        }
    }

    /// Reports `{name}`s that are no question of the survey, with the closest name.
    private mutating func checkReferences(_ c: ParsedCondition, owner: String) {
        for v in c.syntax.variables {
            let base = String(v.prefix { $0 != "." && $0 != "[" })
            guard questionNames[base.lowercased()] == nil else { continue }
            if let l = c.location, !reported.insert("\(l) {\(v)}").inserted { continue }
            let hint = Suggest.closest(to: base, in: Array(questionNames.values).sorted()).map { "; did you mean '{\($0)}'?" } ?? ""
            diagnostics.warning("surveyjs.unknown-reference",
                                "\(c.key) of \(owner) reads {\(v)}, but no question is named '\(base)'; survey-core reads it as empty\(hint)",
                                at: c.location)
        }
    }

    /// Names as declared, or `nil` when one is not a question (reported by `checkReferences`' kind).
    private mutating func resolve(_ names: [String], at location: SourceLocation?, owner: String) -> [String]? {
        var out: [String] = []
        for n in names {
            guard let declared = questionNames[n.lowercased()] else {
                diagnostics.warning("surveyjs.unknown-reference", "setValueExpression of \(owner) copies {\(n)}, but no question is named '\(n)'",
                                    at: location)
                return nil
            }
            out.append(declared)
        }
        return out
    }

    static func renamed(_ e: Expression, _ name: (String) -> String) -> Expression {
        switch e {
        case .field(var r): r.id = name(r.id); return .field(r)
        case .list(let xs): return .list(xs.map { renamed($0, name) })
        case .and(let xs): return .and(xs.map { renamed($0, name) })
        case .or(let xs): return .or(xs.map { renamed($0, name) })
        case .not(let x): return .not(renamed(x, name))
        case .compare(let l, let op, let r, let o): return .compare(renamed(l, name), op, renamed(r, name), o)
        case .literal, .selfValue: return e
        }
    }

    /// Whether `b` is `not a`: written so, or as the opposite equality test (`{a} = 1` and
    /// `{a} != 1` agree on empty answers too; `<` and `>=` do not).
    static func complementary(_ a: Expression, _ b: Expression) -> Bool {
        if a == .not(b) || b == .not(a) { return true }
        guard case .compare(_, let op, _, _) = a, op == .equal || op == .notEqual else { return false }
        return a.negated == b
    }

    /// Option-set rules for choices with their own `visibleIf`. Choices sharing a condition form one
    /// group; one group is one rule (`then`: every choice, `else`: the others); two or three groups are
    /// one rule per combination of their conditions. More groups, and conditions the IR cannot hold,
    /// leave their choices always shown (reported).
    private mutating func choiceRules(_ c: PendingChoices) -> [Rule] {
        var groups: [(Expression, [Value], SourceLocation?)] = []
        for (cond, option) in c.conditional {
            guard let e = lower(cond, owner: "the choice \(option.value.displayText) of '\(c.field)'") else { continue }
            if let i = groups.firstIndex(where: { $0.0 == e }) { groups[i].1.append(option.value) }
            else if groups.count < 3 { groups.append((e, [option.value], cond.location)) }
            else {
                diagnostics.warning("surveyjs.condition-not-carried",
                                    "the choice \(option.value.displayText) of '\(c.field)' has a fourth distinct visibleIf; formconv carries three per question, so it stays shown",
                                    at: cond.location)
            }
        }
        guard !groups.isEmpty else { return [] }
        let field = RuleTarget.field(c.field)
        func options(hiding hidden: [Value]) -> [Option] { c.all.filter { !hidden.contains($0.value) } }
        if groups.count == 2, Self.complementary(groups[0].0, groups[1].0) {
            // The rule's condition is the one not written with `!`, so it is written back as it came.
            if case .not = groups[0].0 { groups.swapAt(0, 1) }
            // Two sets switched by one condition (what the writer makes of an option set with an else).
            return [Rule(condition: groups[0].0, target: field, then: [.setOptions(options(hiding: groups[1].1))],
                         otherwise: [.setOptions(options(hiding: groups[0].1))], location: groups[0].2)]
        }
        if groups.count == 1 {
            return [Rule(condition: groups[0].0, target: field, then: [.setOptions(c.all)],
                         otherwise: [.setOptions(options(hiding: groups[0].1))], location: groups[0].2)]
        }
        var rules: [Rule] = []
        for mask in 0..<(1 << groups.count) {
            var parts: [Expression] = []
            var hidden: [Value] = []
            for (k, g) in groups.enumerated() {
                if mask & (1 << k) != 0 { parts.append(g.0) } else { parts.append(.not(g.0)); hidden += g.1 }  // `!(a < 3)`: `a >= 3` differs on an empty answer
            }
            rules.append(Rule(condition: .and(parts), target: field, then: [.setOptions(options(hiding: hidden))], location: groups[0].2))
        }
        return rules
    }
}
