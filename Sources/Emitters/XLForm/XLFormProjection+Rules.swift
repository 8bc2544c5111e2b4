import FormIR

extension XLFormProjection {
    /// Turns show/hide and enable/disable rules into `hidden`/`disabled` predicates of their targets.
    /// XLForm holds one predicate per property; later rules for the same property are reported.
    mutating func projectRules(_ form: Form) {
        var fieldIDs = Set<String>()
        var sectionIDs = Set<String>()
        for page in form.pages {
            for s in page.sections {
                if let id = s.id { sectionIDs.insert(id) }
                for f in s.fields {
                    fieldIDs.insert(f.id)
                    if kinds[f.id] == nil { kinds[f.id] = f.kind }
                    if holdings[f.id] == nil { holdings[f.id] = holding(f) }
                }
            }
        }
        for (ri, rule) in form.rules.enumerated() {
            let path = "/rules/\(ri)"
            if let hide = polarity(rule, on: .hide, off: .show) {
                switch rule.target {
                case .field(let id) where fieldIDs.contains(id):
                    if let flag = flag(rule, when: hide, feature: .ruleShowHideField, path: path) {
                        set(\.rowHidden, id, flag, rule, path, Feature.ruleShowHideField, "hidden")
                    }
                case .section(let id) where sectionIDs.contains(id):
                    if let flag = flag(rule, when: hide, feature: .ruleShowHideSection, path: path) {
                        set(\.sectionHidden, id, flag, rule, path, Feature.ruleShowHideSection, "hidden")
                    }
                case .field(let id), .section(let id):
                    diagnostics.warning("xlform.unknown-rule-target", "the rule's target '\(id)' is not in the form; it is dropped",
                                        at: rule.location, path: path)
                case .page, .form: break  // reported by LossCheck (relationship.show-hide-page)
                }
            }
            if let disable = polarity(rule, on: .disable, off: .enable) {
                switch rule.target {
                case .field(let id) where fieldIDs.contains(id):
                    if let flag = flag(rule, when: disable, feature: .ruleEnableDisable, path: path) {
                        set(\.rowDisabled, id, flag, rule, path, Feature.ruleEnableDisable, "disabled")
                    }
                default:
                    diagnostics.loss(Feature.ruleEnableDisable.rawValue, target: target,
                                     "\(target) can disable rows only, not \(rule.target)", at: rule.location, path: path)
                }
            }
        }
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

    /// `true` when the target takes the `on` state while the condition holds, `false` when it takes it
    /// while the condition fails, `nil` when the rule says nothing about this property.
    private func polarity(_ rule: Rule, on: Effect, off: Effect) -> Bool? {
        if rule.then.contains(on) { return true }
        if rule.then.contains(off) { return false }
        if rule.otherwise.contains(on) { return false }
        if rule.otherwise.contains(off) { return true }
        return nil
    }

    /// The flag a rule sets, or `nil` (reported as a loss on the rule's row) when XLForm cannot say its
    /// condition as a predicate string: it is never written broken.
    private mutating func flag(_ rule: Rule, when holds: Bool, feature: Feature, path: String) -> XLFormFlag? {
        guard var c = rule.condition else { return .bool(holds) }
        if rule.source?.dialect != .xlformPredicate { c = retyped(c) }
        let why: String
        if let reason = unsayable(c) {
            why = reason
        } else if let text = predicateText(holds ? c : c.negated, source: holds ? rule.source : nil) {
            return .predicate(text)
        } else {
            why = "the condition has no predicate-string form"
        }
        diagnostics.loss(feature.rawValue, target: target,
                         "\(target) cannot say the condition for \(rule.target) as a predicate: \(why); the rule is dropped",
                         at: rule.location, path: path)
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

    private mutating func set(_ table: WritableKeyPath<XLFormProjection, [String: XLFormFlag]>, _ id: String, _ flag: XLFormFlag, _ rule: Rule,
                              _ path: String, _ feature: Feature, _ property: String) {
        if self[keyPath: table][id] != nil {
            diagnostics.loss(feature.rawValue, target: target,
                             "'\(id)' already has a \(property) predicate; \(target) holds one, so this rule is dropped",
                             at: rule.location, path: path)
            return
        }
        self[keyPath: table][id] = flag
    }
}
