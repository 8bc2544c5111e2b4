import FormIR
import Lowering

extension XLFormProjection {
    /// Turns show/hide and enable/disable rules into `hidden`/`disabled` predicates of their targets.
    /// XLForm holds one predicate per property, so the rules on one target are combined as the
    /// lowering says (`RuleStates`: document order, the later rule winning where both apply) into a
    /// single predicate; a rule whose condition has no predicate form is reported and left out, and
    /// a combination with no predicate form is reported naming its target.
    mutating func projectRules(_ form: Form) {
        var fieldIDs = Set<String>()
        var sectionIDs = Set<String>()
        var firstField: [String: Field] = [:]
        var sectionsByID: [String: Section] = [:]
        for page in form.pages {
            for s in page.sections {
                if let id = s.id { sectionIDs.insert(id); if sectionsByID[id] == nil { sectionsByID[id] = s } }
                for f in s.fields {
                    fieldIDs.insert(f.id)
                    if firstField[f.id] == nil { firstField[f.id] = f }
                    if kinds[f.id] == nil { kinds[f.id] = f.kind }
                    if holdings[f.id] == nil { holdings[f.id] = holding(f) }
                }
            }
        }
        // The rules XLForm can carry, with their index in `form.rules`.
        var kept: [Int] = []
        var conditions: [Int: FormIR.Expression] = [:]
        var ruleTargets: RuleTargets?
        for (ri, rule) in form.rules.enumerated() {
            let path = "/rules/\(ri)"
            let hides = has(rule, .hide, .show), disables = has(rule, .disable, .enable)
            guard hides || disables else { continue }
            var carried = true
            switch rule.target {
            case .field(let id) where fieldIDs.contains(id): break
            case .section(let id) where sectionIDs.contains(id):
                if disables {
                    diagnostics.loss(Feature.ruleEnableDisable.rawValue, target: target,
                                     "\(target) can disable rows only, not \(rule.target)", at: rule.location, path: path)
                }
            case .field(let id), .section(let id):
                diagnostics.warning("xlform.unknown-rule-target", "the rule's target '\(id)' is not in the form; it is dropped",
                                    at: rule.location, path: path)
                carried = false
            case .page, .form:  // show/hide reported by LossCheck (relationship.show-hide-page)
                if disables {
                    diagnostics.loss(Feature.ruleEnableDisable.rawValue, target: target,
                                     "\(target) can disable rows only, not \(rule.target)", at: rule.location, path: path)
                }
                carried = false
            }
            guard carried else { continue }
            if var c = rule.condition {
                if rule.source?.dialect != .xlformPredicate { c = retyped(c) }
                let why = unsayable(c) ?? (predicateText(c, source: rule.source) == nil ? "the condition has no predicate-string form" : nil)
                if let why {
                    var features: [Feature] = []
                    if hides {
                        if case .section = rule.target { features.append(.ruleShowHideSection) } else { features.append(.ruleShowHideField) }
                    }
                    if disables, case .field = rule.target { features.append(.ruleEnableDisable) }
                    // Named by what the rule acts on (quoted), with what stays without it (`RuleTargets`).
                    let targets = ruleTargets ?? RuleTargets(form)
                    ruleTargets = targets
                    let what = targets.leftOut(rule, condition: nil)
                    for feature in features {
                        diagnostics.loss(feature.rawValue, target: target,
                                         "\(target) cannot say the condition as a predicate: \(why); the rule is dropped: \(what)",
                                         at: rule.location, path: path, subject: FeaturePlace(path: path).subject(in: form))
                    }
                    continue
                }
                conditions[kept.count] = c
            }
            kept.append(ri)
        }
        var lowered = form
        lowered.rules = kept.map { form.rules[$0] }
        let states = RuleStates(form: lowered)
        func flag(_ formula: Formula, _ what: String, _ target: RuleTarget, _ feature: Feature) -> XLFormFlag? {
            switch formula {
            case .constant(let b): return .bool(b)
            case .atom(let i): if let text = predicateText(conditions[i] ?? .literal(.bool(true)), source: lowered.rules[i].source) { return .predicate(text) }
            default: break
            }
            let e = formula.expression { conditions[$0] ?? .literal(.bool(true)) }
            if let text = predicateText(e, source: nil) { return .predicate(text) }
            let rules = states.rules(for: target)
            diagnostics.loss(feature.rawValue, target: self.target,
                             "\(self.target) cannot say when \(target) is \(what) as one predicate; its \(rules.count) rules are dropped",
                             at: rules.first.map { lowered.rules[$0].location } ?? nil, path: rules.first.map { "/rules/\(kept[$0])" } ?? "/rules")
            return nil
        }
        var hiding = Set<RuleTarget>(), disabling = Set<RuleTarget>()
        for rule in lowered.rules {
            if has(rule, .hide, .show) { hiding.insert(rule.target) }
            if has(rule, .disable, .enable) { disabling.insert(rule.target) }
        }
        var done = Set<RuleTarget>()
        for rule in lowered.rules where done.insert(rule.target).inserted {
            switch rule.target {
            case .field(let id):
                let f = firstField[id]!
                if hiding.contains(rule.target),
                   let v = flag(states.visible(rule.target, hidden: f.isHidden).negation, "hidden", rule.target, .ruleShowHideField) {
                    rowHidden[id] = v
                }
                if disabling.contains(rule.target),
                   let v = flag(states.enabled(rule.target, disabled: f.isDisabled).negation, "disabled", rule.target, .ruleEnableDisable) {
                    rowDisabled[id] = v
                }
            case .section(let id):
                if hiding.contains(rule.target),
                   let v = flag(states.visible(rule.target, hidden: sectionsByID[id]!.isHidden).negation, "hidden", rule.target, .ruleShowHideSection) {
                    sectionHidden[id] = v
                }
            case .page, .form: break
            }
        }
    }

    /// `true` when the rule sets the property `on`/`off` toggles, on either side.
    private func has(_ rule: Rule, _ on: Effect, _ off: Effect) -> Bool {
        (rule.then + rule.otherwise).contains { $0 == on || $0 == off }
    }

    /// What a row's value is in XLForm, for comparing it in a predicate (NOTES.md, XLForm): a selector
    /// whose options are option objects holds the chosen object, compared through `formValue`.
    enum ValueHolding: Equatable {
        case plain
        case optionObject
        /// A value no predicate string compares; the reason.
        case uncomparable(String)
    }

    /// Options written as objects are those with a display text (`XLFormOptionModel`).
    func holding(_ f: Field) -> ValueHolding {
        let objects = f.options.filter { text($0.label) != nil }.count
        if objects == 0 { return .plain }
        if objects < f.options.count { return .uncomparable("its options mix option objects and plain values") }
        if f.allowsMultiple || f.kind == .multipleChoice { return .uncomparable("it holds an array of option objects") }
        return .optionObject
    }

    /// XLForm finds a predicate's tags by cutting at the first of ` <>!=+-&|()` and then at `.`.
    static let tagSeparators = Set(" <>!=+-&|().")

    /// Why `condition` cannot be an XLForm predicate string, or `nil` when it can.
    private func unsayable(_ condition: FormIR.Expression) -> String? {
        for id in condition.referencedFields {
            if id.contains(where: Self.tagSeparators.contains) {
                return "tag '\(id)' holds a character XLForm's predicate parser cuts tags at"
            }
            if case .uncomparable(let why)? = holdings[id] { return "'\(id)' cannot be compared: \(why)" }
        }
        return nil
    }

    /// Conditions from formats whose values are all text (MM XML compares `agree == "YES"`) compare
    /// XLForm's typed values: a boolean row holds 0/1, a numeric row a number, so such literals become
    /// numbers (`$agree.value == 1`).
    func retyped(_ e: FormIR.Expression) -> FormIR.Expression {
        switch e {
        case .compare(let l, let op, let r, let o):
            if case .field(let ref) = l, ref.property == .value, case .literal(.string(let s)) = r,
               let k = kinds[ref.id], let n = Self.number(s, for: k) {
                return .compare(l, op, .literal(.number(n)), o)
            }
            if case .field(let ref) = r, ref.property == .value, case .literal(.string(let s)) = l,
               let k = kinds[ref.id], let n = Self.number(s, for: k) {
                return .compare(.literal(.number(n)), op, r, o)
            }
            return e
        case .and(let xs): return .and(xs.map(retyped))
        case .or(let xs): return .or(xs.map(retyped))
        case .not(let x): return .not(retyped(x))
        default: return e
        }
    }

    static func number(_ text: String, for kind: FieldKind) -> Double? {
        if kind == .boolean {
            switch text.lowercased() {
            case "yes", "true", "1", "on": return 1
            case "no", "false", "0", "off": return 0
            default: return nil
            }
        }
        let numeric: Set<FieldKind> = [.integer, .decimal, .number, .slider, .stepper, .currency, .percent]
        return numeric.contains(kind) ? Double(text) : nil
    }
}
