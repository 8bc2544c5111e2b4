import DocumentTree
import Expressions
import FormIR
import Lowering

extension PayloadSchemaBuilder {
    /// Translates the condition of every rule used for conditionals. A condition JSON Schema cannot say
    /// is reported once (`loss.condition`) and kept as `x-formconv-condition` on the target's keys.
    mutating func translateConditions() {
        translator = conditionTranslator()
        for i in states.conditionalRules {
            let rule = form.rules[i]
            guard let condition = rule.condition else { translated[i] = .success(.bool(true)); continue }
            let result = translator.translate(condition)
            translated[i] = result
            guard case .failure(let f) = result else { continue }
            let text = Self.conditionText(rule)
            diagnostics.loss("condition", target: target,
                             "json-schema cannot express the condition \(text) of the relationship on \(rule.target): \(f.reason); kept as x-formconv-condition",
                             at: rule.source?.location ?? rule.location, path: "/rules/\(i)")
            annotate(rule.target, with: text)
        }
    }

    /// A translator over the collected entries: fields with one submitted value of their own. `build()`
    /// makes it once, as `translator`.
    func conditionTranslator() -> ConditionTranslator {
        var keys: [String: (key: String, shape: ValueShape)] = [:]
        var counts: [String: Int] = [:]
        for e in entries where e.component == nil { counts[e.fieldID, default: 0] += 1 }
        for e in entries where e.component == nil && counts[e.fieldID] == 1 && !keys.keys.contains(e.fieldID) {
            keys[e.fieldID] = (e.key, e.shape)
        }
        var textNumbers: Set<String> = []
        for page in form.pages {
            for section in page.sections {
                for field in section.fields where Self.sendsText(field) { textNumbers.insert(field.id) }
            }
        }
        let numericText = Set(keys.keys.filter { keys[$0]?.shape == .string && textNumbers.contains($0) })
        var translator = ConditionTranslator(keys: keys, numericText: numericText)
        translator.checkboxes = CheckboxTruth.checkboxes(of: form)
        return translator
    }

    /// The rule's condition as written, or as MM XML would write it.
    static func conditionText(_ rule: Rule) -> String {
        if let s = rule.source?.text { return s }
        guard let c = rule.condition else { return "" }
        return MMCondition.print(c) ?? Predicate.print(c, dialect: .rowPredicate)
    }

    private mutating func annotate(_ target: RuleTarget, with text: String) {
        let fieldIDs: Set<String>
        switch target {
        case .field(let id): fieldIDs = [id]
        case .section(let id):
            fieldIDs = Set(form.pages.flatMap(\.sections).filter { $0.id == id }.flatMap(\.fields).map(\.id))
        case .page(let id): fieldIDs = Set(form.pages.filter { $0.id == id }.flatMap(\.sections).flatMap(\.fields).map(\.id))
        case .form: fieldIDs = Set(form.allFields.map(\.id))
        }
        for i in entries.indices where fieldIDs.contains(entries[i].fieldID) {
            var texts: [String] = []
            switch entries[i].schema["x-formconv-condition"]?.kind {
            case .string(let s)?: texts = [s]
            case .array(let xs)?: texts = xs.compactMap { if case .string(let s) = $0.kind { return s }; return nil }
            default: break
            }
            if texts.contains(text) { continue }
            texts.append(text)
            entries[i].schema.set("x-formconv-condition", texts.count == 1 ? .string(texts[0]) : .strings(texts))
        }
    }

    /// The schema a payload satisfies exactly when `f` holds, `nil` when a condition in it has none.
    func schema(of f: Formula) -> Node? {
        Self.schema(of: f) { i in
            if case .success(let n)? = translated[i] { return n }
            return nil
        }
    }

    /// The schema of `f` whose atoms' schemas `atom` gives; `nil` when one of them has none.
    static func schema(of f: Formula, atom: (Int) -> Node?) -> Node? {
        switch f {
        case .constant(let b): return .bool(b)
        case .atom(let i): return atom(i)
        case .and(let xs), .or(let xs):
            var parts: [Node] = []
            for x in xs { guard let n = schema(of: x, atom: atom) else { return nil }; parts.append(n) }
            if case .and = f { return .object([("allOf", .array(parts))]) }
            return .object([("anyOf", .array(parts))])
        case .not(let x): return schema(of: x, atom: atom).map { .object([("not", $0)]) }
        }
    }

    /// The `allOf` items: one `if`/`then` per distinct formula; a formula and its negation share one
    /// `if`/`then`/`else`. Conditionals whose formula cannot be said are left out (their keys are then
    /// never required, so every payload the legacy app sends still validates).
    func mergedConditionals() -> [Node] {
        // The conditionals grouped by formula once, in order of first use.
        var formulas: [Formula] = []
        var thens: [Formula: [SchemaObject]] = [:]
        for c in conditionals where c.when != .true && c.when != .false && schema(of: c.when) != nil {
            if thens[c.when] == nil { formulas.append(c.when) }
            thens[c.when, default: []].append(c.then)
        }
        var out: [Node] = []
        var done: Set<Formula> = []
        for when in formulas {
            guard done.insert(when).inserted else { continue }  // the `else` of an earlier formula
            let same = thens[when]!
            var merged = same[0]
            for (k, v) in same.dropFirst().flatMap(\.entries) { merge(k, v, into: &merged) }
            var elseSchema: SchemaObject?
            if let negated = thens[when.negation], done.insert(when.negation).inserted {
                var e = SchemaObject()
                for (k, v) in negated.flatMap(\.entries) { merge(k, v, into: &e) }
                elseSchema = e
            }
            var item = SchemaObject()
            item.set("if", schema(of: when)!)
            item.set("then", merged.node)
            if let elseSchema { item.set("else", elseSchema.node) }
            out.append(item.node)
        }
        return out
    }

    /// Adds `key: value` to `o`, joining `required` lists and `properties` mappings.
    private func merge(_ key: String, _ value: Node, into o: inout SchemaObject) {
        guard let old = o[key] else { o.set(key, value); return }
        switch (old.kind, value.kind) {
        case (.array(let a), .array(let b)): o.set(key, .array(a + b.filter { !a.contains($0) }))
        case (.mapping(let a), .mapping(let b)):
            o.set(key, Node(.mapping(a + b.filter { e in !a.contains { $0.key == e.key } })))
        default: break
        }
    }
}
