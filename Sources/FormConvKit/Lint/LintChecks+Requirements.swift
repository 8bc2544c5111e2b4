import FormIR

/// Requirement groups (`Form.requirementGroups`, MM XML `required="homeNum|alternateNum"`) and
/// conditional requirements (relationships that set `required`).
extension LintChecks {
    /// `unknown-reference` for each name of a requirement group (its spelling, else its fields) that is
    /// no field of the form. Silent when the reader reported the names already (MM XML does, at the
    /// attribute), so that a name is reported once.
    static func requirementListReferences(_ s: LintSubject) -> [LintFinding] {
        guard !s.readerRules.contains("unknown-reference") else { return [] }
        var out: [LintFinding] = []
        for (i, g) in s.form.requirementGroups.enumerated() {
            let names = g.spelling.map(RequirementGroup.names(inSpelling:)) ?? g.fields
            let owner = g.declaredOn.first ?? g.fields.first ?? "the form"
            for n in names where s.firstFieldIndex[n] == nil {
                out.append(LintFinding("the requirement list required=\"\(g.writtenSpelling)\" of '\(owner)' names '\(n)', which is not an item of this form",
                                       at: g.location, path: "/requirementGroups/\(i)"))
            }
        }
        return out
    }

    /// `required-never-holds`: an item that is not required of itself, that relationships make
    /// required, where no relationship's condition that requires it can hold (each way to reach
    /// "required" is unsatisfiable, as `RelationshipAnalysis` decides conditions).
    @Sendable static func requiredNeverHolds(_ s: LintSubject) -> [LintFinding] {
        let analysis = s.analysis
        var out: [LintFinding] = []
        for e in s.fieldList where !e.required {
            let effects = analysis.requirementEffects(.field(s[e].id))
            guard effects.contains(where: { $0.then == true || $0.otherwise == true }) else { continue }
            let ways = analysis.requiredWays(e, effects: effects)
            guard !ways.isEmpty, ways.allSatisfy({ $0.satisfiability == .unsatisfiable }) else { continue }
            let lines = effects.filter { $0.then == true || $0.otherwise == true }.compactMap { $0.rule.location?.line }
            out.append(LintFinding("'\(s[e].id)' is required only by the relationship\(lines.count == 1 ? "" : "s") at line\(lines.count == 1 ? "" : "s") \(lines.map(String.init).joined(separator: ", ")), whose condition can never hold: it is never required",
                                   at: s[e].location, path: s.path(e)))
        }
        return out
    }
}

extension RelationshipAnalysis {
    /// The relationships that set `target`'s `required` property, as the value of each branch.
    func requirementEffects(_ target: RuleTarget) -> [PropertyEffect] {
        func required(_ effects: [Effect]) -> Bool? {
            effects.compactMap { e -> Bool? in
                guard case .setProperty(let name, let value) = e, name.lowercased() == "required" else { return nil }
                switch value {
                case .bool(let b): return b
                case .string(let s): return ["yes", "true", "1"].contains(s.lowercased())
                default: return nil
                }
            }.last
        }
        // The rules acting on `target` that can fire, as `init` indexed them: filtering every rule of the
        // form for each field made lint quadratic (a 30,000-item form took 8.5 s, most of it copying rules).
        return (rulesByTarget[target] ?? []).compactMap { r in
            let e = PropertyEffect(rule: r, then: required(r.then), otherwise: required(r.otherwise))
            return e.then == nil && e.otherwise == nil ? nil : e
        }
    }

    /// The ways the item ends required.
    func requiredWays(_ e: LintChecks.FieldEntry, effects: [PropertyEffect]) -> [StateWay] {
        StateWay.ways(toReach: true, initial: form[e].validation.required, effects: effects, settled: settled,
                      property: "'\(form[e].id)' stays required")
    }
}
