import FormIR
import Expressions
import Lowering

/// One thing a rule decides: an effect on a target, and the conditions under which it applies.
struct RuleFacts {
    /// (target, effect) → conditions, printed as predicates over NEW's field ids.
    var conditions: [String: Set<String>] = [:]
    /// (target, effect) → the target's name and the effect, for messages.
    var labels: [String: (target: String, effect: String)] = [:]
    /// (target, effect) → where the first rule deciding it starts.
    var locations: [String: SourceLocation] = [:]
    /// Keys in the order first met.
    var order: [String] = []

    mutating func add(target: String, effect: String, condition: String, location: SourceLocation?) {
        let key = target + "\u{1F}" + effect
        if conditions[key] == nil { order.append(key); labels[key] = (target, effect) }
        conditions[key, default: []].insert(condition)
        if locations[key] == nil, let location { locations[key] = location }
    }
}

extension DiffCollector {
    /// Conditions and their effects (show, hide, enable, disable, require, force, skip, compute, copy,
    /// options, texts), compared by what each effect on each target now depends on. Effects are
    /// normalised (show when C is hide when not C) and OLD's field ids are mapped to NEW's, so a
    /// renamed field or a rule written the other way round is no change. Rules on fields that were
    /// added or removed are part of that change.
    mutating func compareRules() {
        let oldNames = Dictionary(matching.pairs.map { (oldSites[$0.old].field.id, newSites[$0.new].name) }, uniquingKeysWith: { a, _ in a })
        let newNames = Dictionary(matching.pairs.map { (newSites[$0.new].field.id, newSites[$0.new].name) }, uniquingKeysWith: { a, _ in a })
        let oldFacts = facts(of: old, states: oldStates, fieldNames: oldNames, rename: renamedIDs)
        let newFacts = facts(of: new, states: newStates, fieldNames: newNames, rename: [:])
        for key in oldFacts.order {
            let (target, effect) = oldFacts.labels[key]!
            let was = oldFacts.conditions[key]!.sorted().joined(separator: " OR ")
            let ol = oldFacts.locations[key], nl = newFacts.locations[key] ?? newFieldLocation(target)
            guard let nowSet = newFacts.conditions[key] else {
                if effect == "required" {
                    add("required.conditional-removed", .warning, target, old: was,
                        "'\(target)' is no longer required when \(was)", ol, nl)
                } else {
                    add("condition.removed", .warning, target, old: was,
                        "\(effect) of '\(target)' no longer depends on \(was)", ol, nl)
                }
                continue
            }
            let now = nowSet.sorted().joined(separator: " OR ")
            if was != now {
                add("condition.changed", effect == "required" ? .breaking : .warning, target, old: was, new: now,
                    "\(effect) of '\(target)' now depends on \(now), no longer on \(was)", ol, nl)
            }
        }
        for key in newFacts.order where oldFacts.conditions[key] == nil {
            let (target, effect) = newFacts.labels[key]!
            let now = newFacts.conditions[key]!.sorted().joined(separator: " OR ")
            let ol = oldFieldLocation(target), nl = newFacts.locations[key]
            if effect == "required" {
                add("required.conditional-added", .breaking, target, new: now,
                    "'\(target)' is now required when \(now): answers that left it empty then are rejected", ol, nl)
            } else {
                add("condition.added", .warning, target, new: now, "\(effect) of '\(target)' now depends on \(now)", ol, nl)
            }
        }
    }

    func newFieldLocation(_ name: String) -> SourceLocation? { newSites.first { $0.name == name }?.field.location }
    func oldFieldLocation(_ name: String) -> SourceLocation? {
        guard let p = matching.pairs.first(where: { newSites[$0.new].name == name }) else { return nil }
        return oldSites[p.old].field.location
    }

    /// What every rule of `form` decides. Field targets are named by `fieldNames` (fields missing from
    /// it are skipped); ids in conditions are mapped through `rename`.
    func facts(of form: Form, states: RuleStates, fieldNames: [String: String], rename: [String: String]) -> RuleFacts {
        var facts = RuleFacts()
        // A checkbox's answer is a truth value however it is written (`"1"`, `YES`, `true`).
        let checkboxes = CheckboxTruth.checkboxes(of: form)
        let single = singleAnswerFields(of: form)
        for rule in form.rules {
            var targets: [String]
            switch rule.target {
            case .field(let id):
                guard let name = fieldNames[id] else { continue }
                targets = [name]
            case .section(let id): targets = [id]
            case .page(let id): targets = [id]
            case .form: targets = ["form"]
            }
            let original = targets
            let condition = rule.condition.map {
                normalizedLiterals(renamed(membershipAsEquality(CheckboxTruth.normalized($0, checkboxes: checkboxes), single: single),
                                           rename).simplified)
            }
            for (effects, holds) in [(rule.then, true), (rule.otherwise, false)] {
                for effect in effects {
                    // Option sets are compared as the sets each field shows (`optionFacts`).
                    if case .setOptions = effect, case .field = rule.target { continue }
                    let (name, positive, detail) = describe(effect, rename)
                    // Showing, hiding, enabling or disabling a page or section does it to each of its
                    // fields: compared field by field, whichever container a format puts the rule on.
                    targets = original
                    if name == "hidden" || name == "read-only", let fields = containedFields(form, rule.target) {
                        targets = fields.compactMap { fieldNames[$0] }
                    }
                    let c: Expression? = (holds == positive) ? condition : condition.map { normalizedLiterals($0.negated.simplified) }
                    let text: String
                    if let c { text = Predicate.print(c, dialect: .rowPredicate) } else { text = holds == positive ? "TRUEPREDICATE" : "FALSEPREDICATE" }
                    for target in targets {
                        facts.add(target: target, effect: name + detail, condition: text, location: rule.location)
                    }
                }
            }
        }
        optionFacts(of: form, states: states, fieldNames: fieldNames, rename: rename, checkboxes: checkboxes, single: single,
                    into: &facts)
        return facts
    }

    /// The option sets each field with option-set rules shows, and when (`RuleStates.listedOptionCases`).
    /// Compared by what the person filling the form can choose in each state, not by how the rules
    /// are cut: SurveyJS has one list of choices, each shown while its `visibleIf` holds, so an option
    /// set with no `else` (the field's own options otherwise) reads back as a rule with an `else`
    /// listing them, and a range the rules switch reads back as its listed values. Both show the same
    /// options under the same conditions.
    func optionFacts(of form: Form, states: RuleStates, fieldNames: [String: String], rename: [String: String],
                     checkboxes: Set<String>, single: Set<String>, into facts: inout RuleFacts) {
        var done = Set<String>()
        for rule in form.rules {
            guard case .field(let id) = rule.target, let name = fieldNames[id], !done.contains(id),
                  let field = form.field(id), states.hasOptionRules(field) else { continue }
            done.insert(id)
            let location = states.rules(for: .field(id)).lazy.compactMap { form.rules[$0].location }.first
            for c in states.listedOptionCases(field) {
                let e = Self.expression(c.when) { i in
                    form.rules[i].condition.map {
                        renamed(membershipAsEquality(CheckboxTruth.normalized($0, checkboxes: checkboxes), single: single), rename)
                    }
                }
                let text = e.map { Predicate.print(normalizedLiterals($0.simplified), dialect: .rowPredicate) } ?? "TRUEPREDICATE"
                facts.add(target: name, effect: "options (\(c.options.map(\.value.displayText).joined(separator: ", ")))",
                          condition: text, location: location)
            }
        }
    }

    /// `f` as an expression over the rules' conditions, negations pushed inward (`Expression.negated`)
    /// so `not (a == 1)` and `a != 1` print alike; `nil` for `true`.
    static func expression(_ f: Formula, condition: (Int) -> Expression?) -> Expression? {
        func walk(_ f: Formula) -> Expression {
            switch f {
            case .constant(let b): return .literal(.bool(b))
            case .atom(let i): return condition(i).map(pushed) ?? .literal(.bool(true))
            case .and(let xs): return .and(xs.map(walk))
            case .or(let xs): return .or(xs.map(walk))
            case .not(let x): return pushed(walk(x).negated)
            }
        }
        func pushed(_ e: Expression) -> Expression {
            switch e {
            case .not(let x): let n = pushed(x).negated; if case .not = n { return n } else { return pushed(n) }
            case .and(let xs): return .and(xs.map(pushed))
            case .or(let xs): return .or(xs.map(pushed))
            default: return e
            }
        }
        if f == .true { return nil }
        return walk(f)
    }

    /// An effect as (what it decides, whether it sets it on, detail): show and hide both decide `hidden`.
    func describe(_ e: Effect, _ rename: [String: String]) -> (String, Bool, String) {
        switch e {
        case .show: return ("hidden", false, "")
        case .hide: return ("hidden", true, "")
        case .enable: return ("read-only", false, "")
        case .disable: return ("read-only", true, "")
        case .setProperty(let name, let value) where name == "required":
            return ("required", value.boolValue ?? (value.stringValue.map { ["yes", "true", "1"].contains($0.lowercased()) } ?? true), "")
        case .setProperty(let name, let value): return ("\(name) = \(value.displayText)", true, "")
        case .submission(let p): return ("submission \(p.rawValue)", true, "")
        case .evaluate(let ev): return ("computed value", true, " (\(ev))")
        case .copy(let sources):
            return ("copied value", true, " (from \(sources.map { rename[$0.field] ?? $0.field }.joined(separator: ", ")))")
        case .setOptions(let options): return ("options", true, " (\(options.map(\.value.displayText).joined(separator: ", ")))")
        case .setText(let t): return ("text", true, " (\"\(t.defaultText ?? "")\")")
        case .setChecked(let b): return ("checked", b, "")
        }
    }
}

/// The ids of the fields whose answer is one value (not a list of chosen options).
func singleAnswerFields(of form: Form) -> Set<String> {
    Set(form.allFields.filter { $0.kind != .multipleChoice && !$0.allowsMultiple }.map(\.id))
}

/// `e` with `a IN {v}` written `a == v` where `a` is a field in `single`, and `NOT (a == v)` written
/// `a != v`: an answer that is one value is among one listed value exactly when it equals it (SurveyJS
/// reads `{a} anyof ['v']` on a single-choice question as `IN` and writes `IN` of one value as `=`),
/// and `!=` is the negation of `==` on every answer, empty ones included.
func membershipAsEquality(_ e: Expression, single: Set<String>) -> Expression {
    switch e {
    case .compare(.field(let r), .in, .list(let xs), let o) where xs.count == 1 && r.property == .value && single.contains(r.id):
        return .compare(.field(r), .equal, xs[0], o)
    case .not(let x):
        let inner = membershipAsEquality(x, single: single)
        if case .compare(let l, let op, let r, let o) = inner, op == .equal || op == .notEqual { return .compare(l, op.inverse!, r, o) }
        return .not(inner)
    case .and(let xs): return .and(xs.map { membershipAsEquality($0, single: single) })
    case .or(let xs): return .or(xs.map { membershipAsEquality($0, single: single) })
    default: return e
    }
}

/// `e` with every field reference renamed through `map`.
func renamed(_ e: Expression, _ map: [String: String]) -> Expression {
    if map.isEmpty { return e }
    switch e {
    case .field(var r):
        if let n = map[r.id] { r.id = n }
        return .field(r)
    case .list(let xs): return .list(xs.map { renamed($0, map) })
    case .and(let xs): return .and(xs.map { renamed($0, map) })
    case .or(let xs): return .or(xs.map { renamed($0, map) })
    case .not(let x): return .not(renamed(x, map))
    case .compare(let l, let op, let r, let o): return .compare(renamed(l, map), op, renamed(r, map), o)
    case .literal, .selfValue: return e
    }
}

/// The ids of the fields of the section or page `target` names; `nil` for a field or the form.
func containedFields(_ form: Form, _ target: RuleTarget) -> [String]? {
    switch target {
    case .section(let id):
        return form.pages.flatMap(\.sections).filter { $0.id == id }.flatMap { $0.fields.map(\.id) }
    case .page(let id):
        return form.pages.filter { $0.id == id }.flatMap { $0.sections.flatMap { $0.fields.map(\.id) } }
    case .field, .form: return nil
    }
}

/// `e` with number literals written as text: a form compares the text of a value, and formats differ
/// in whether they quote `1`. Equality tests that mean the same answers are written one way: a yes/no
/// answer is true or false (unanswered reads as false), so `!= TRUE` is `== FALSE` and `!= FALSE` is
/// `== TRUE`; an unanswered field's value is the empty text, so `== nil` is `== ''`.
func normalizedLiterals(_ e: Expression) -> Expression {
    switch e {
    case .compare(let l, let op, let r, let o) where op == .equal || op == .notEqual:
        var (l, op, r) = (normalizedLiterals(l), op, normalizedLiterals(r))
        for side in [0, 1] {
            guard case .literal(let lit) = side == 0 ? r : l else { continue }
            var now = lit
            if lit == .null { now = .string("") }
            if case .bool(let b) = lit, op == .notEqual { now = .bool(!b); op = .equal }
            if side == 0 { r = .literal(now) } else { l = .literal(now) }
        }
        return .compare(l, op, r, o)
    case .literal(.number(let d)): return .literal(.string(Value.format(d)))
    case .list(let xs): return .list(xs.map(normalizedLiterals))
    case .and(let xs): return .and(xs.map(normalizedLiterals))
    case .or(let xs): return .or(xs.map(normalizedLiterals))
    case .not(let x): return .not(normalizedLiterals(x))
    case .compare(let l, let op, let r, let o): return .compare(normalizedLiterals(l), op, normalizedLiterals(r), o)
    case .literal, .field, .selfValue: return e
    }
}
