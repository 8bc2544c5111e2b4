import FormIR

/// Conditions that compare a choice item with a value none of its options has (`gender == "M"` where the
/// options' values are `Male` and `Female`): the comparison never holds (`!=`: always holds), so the
/// relationship always takes the same branch.
extension LintChecks {
    /// One `item == value`, `item != value` or `item IN {…}` comparison in a relationship's condition.
    struct ValueComparison {
        var field: String
        var value: Literal
        var caseInsensitive: Bool
        /// Whether the comparison holds when the item has the value (`==`, `IN`; flipped under `NOT`).
        var holdsOnMatch: Bool
    }

    /// The comparisons of an item's value with literals, in condition order.
    static func valueComparisons(_ e: Expression, negated: Bool = false) -> [ValueComparison] {
        switch e {
        case .and(let xs), .or(let xs): return xs.flatMap { valueComparisons($0, negated: negated) }
        case .not(let x): return valueComparisons(x, negated: !negated)
        case .compare(let l, let op, let r, let options):
            var (item, other) = (l, r)
            if case .literal = l, op == .equal || op == .notEqual { (item, other) = (r, l) }
            guard case .field(let ref) = item, ref.property == .value else { return [] }
            let holds = (op != .notEqual) != negated
            switch (op, other) {
            case (.equal, .literal(let v)), (.notEqual, .literal(let v)):
                return [ValueComparison(field: ref.id, value: v, caseInsensitive: options.caseInsensitive, holdsOnMatch: holds)]
            case (.in, .list(let items)):
                return items.compactMap { x in
                    guard case .literal(let v) = x else { return nil }
                    return ValueComparison(field: ref.id, value: v, caseInsensitive: options.caseInsensitive, holdsOnMatch: holds)
                }
            default: return []
            }
        default: return []
        }
    }

    /// The values a single-choice item can hold, or `nil` when lint cannot know them: options from a
    /// range or from the app, several selections at once, or a value a relationship sets (`<copy>`,
    /// `<evaluate>`, …). Options a relationship sets (`setOptions`) are counted with the item's own.
    static func possibleOptions(_ f: Field, _ s: LintSubject) -> [Option]? {
        guard f.kind == .singleChoice, !f.allowsMultiple, f.optionRange == nil, !optionsComeFromElsewhere(f),
              !s.analysis.isSetByRelationship(f.id) else { return nil }
        let options = f.options + s.analysis.optionsSetByRelationships(f.id)
        return options.isEmpty ? nil : options
    }

    /// The values a choice item can hold, indexed so each comparison is one lookup (forms with long
    /// option lists compared in many relationships stay linear). The indexes only a comparison with an
    /// unknown value needs (other cases, "did you mean") are built on its first use.
    final class KnownValues {
        let options: [Option]
        private var texts = Set<String>(), numbers = Set<Double>()
        private lazy var lowered = Set(texts.lazy.map { $0.lowercased() })
        /// For "did you mean": the first option by label, by value ignoring case, by label ignoring case.
        private lazy var suggestions: Suggestions = Suggestions(options)

        private struct Suggestions {
            var byLabel: [String: Option] = [:], byLoweredValue: [String: Option] = [:]
            var byLoweredLabel: [String: (label: String, option: Option)] = [:]

            init(_ options: [Option]) {
                for o in options {
                    if byLoweredValue[o.value.displayText.lowercased()] == nil { byLoweredValue[o.value.displayText.lowercased()] = o }
                    for e in o.label?.entries ?? [] {
                        if byLabel[e.text] == nil { byLabel[e.text] = o }
                        if byLoweredLabel[e.text.lowercased()] == nil { byLoweredLabel[e.text.lowercased()] = (e.text, o) }
                    }
                }
            }
        }

        init(_ options: [Option], defaultValue: Value?) {
            self.options = options
            for v in options.map(\.value) + [defaultValue].compactMap({ $0 }) {
                let t = v.displayText
                texts.insert(t)
                if let n = Double(t) { numbers.insert(n) }
            }
        }

        /// `; did you mean "CC"…` when `text` is an option's label, or a value or label in another case.
        func suggestion(for text: String) -> String? {
            if let o = suggestions.byLabel[text] {
                return "; did you mean \"\(o.value.displayText)\", the value of the option labelled \"\(text)\"?"
            } else if let o = suggestions.byLoweredValue[text.lowercased()] {
                return "; did you mean \"\(o.value.displayText)\"? Values compare case-sensitively"
            } else if let (label, o) = suggestions.byLoweredLabel[text.lowercased()] {
                return "; did you mean \"\(o.value.displayText)\", the value of the option labelled \"\(label)\"?"
            }
            return nil
        }

        /// Whether the item can hold `literal`: numerically when it reads as a number, else as text
        /// (ignoring case under `[c]`).
        func contains(_ literal: Literal, caseInsensitive: Bool) -> Bool {
            if let n = FieldValueSpace.number(literal), numbers.contains(n) { return true }
            let text = FieldValueSpace.text(literal)
            return caseInsensitive ? lowered.contains(text.lowercased()) : texts.contains(text)
        }
    }

    @Sendable static func unknownOptionValues(_ s: LintSubject) -> [LintFinding] {
        var out: [LintFinding] = []
        var known: [String: KnownValues?] = [:]
        for (i, r) in s.form.rules.enumerated() {
            // A condition that cannot change the outcome is `irrelevant-condition`'s, whatever it compares.
            guard let condition = r.condition, !hasIdenticalBranches(r) else { continue }
            let alwaysTrueIdiom = isAlwaysTrueIdiom(condition)
            var reported = Set<String>()
            for c in valueComparisons(condition) {
                let text = FieldValueSpace.text(c.value)
                guard c.value != .null, !text.isEmpty, let at = s.firstFieldIndex[c.field] else { continue }
                if known[c.field] == nil {
                    let f = s[s.fieldList[at]]
                    known[c.field] = .some(possibleOptions(f, s).map { KnownValues($0, defaultValue: f.defaultValue) })
                }
                guard let values = known[c.field] ?? nil, !values.contains(c.value, caseInsensitive: c.caseInsensitive),
                      !(alwaysTrueIdiom && values.suggestion(for: text) == nil),
                      reported.insert(c.field + "\u{0}" + text).inserted else { continue }
                out.append(LintFinding(unknownValueMessage(c, text, values),
                                       at: r.source?.location ?? r.location, path: "/rules/\(i)"))
            }
        }
        return out
    }

    static func unknownValueMessage(_ c: ValueComparison, _ text: String, _ known: KnownValues) -> String {
        let values = known.options.prefix(6).map { "\"\($0.value.displayText)\"" }
        let listed = known.options.count > 6 ? values.prefix(5).joined(separator: ", ") + ", …" : values.joined(separator: ", ")
        let message = "'\(c.field)' has no option with the value \"\(text)\" (its values: \(listed)), so comparing it "
            + "with \"\(text)\" \(c.holdsOnMatch ? "never holds" : "always holds")"
        return message + (known.suggestion(for: text) ?? "")
    }

    /// `x != "value"` alone, the whole condition: the idiom legacy forms use for "always" (a relationship
    /// that must run whatever the answer). When the value is no option's, nor looks like one (no
    /// did-you-mean), it is deliberate and not reported.
    static func isAlwaysTrueIdiom(_ condition: Expression) -> Bool {
        if case .compare(_, .notEqual, _, _) = condition, valueComparisons(condition).count == 1 { return true }
        return false
    }

    /// Whether the relationship's `<if>` and `<else>` do the same (and something): its condition cannot
    /// change the outcome.
    static func hasIdenticalBranches(_ r: Rule) -> Bool {
        !r.then.isEmpty && r.then == r.otherwise
    }

    @Sendable static func irrelevantConditions(_ s: LintSubject) -> [LintFinding] {
        s.form.rules.enumerated().compactMap { i, r in
            guard r.condition != nil, hasIdenticalBranches(r) else { return nil }
            let condition = r.source.map { " '\($0.text)'" } ?? ""
            return LintFinding("the relationship on \(r.target) does the same in its if and its else, so its condition\(condition) "
                               + "cannot change anything; drop the condition (or the else) or make the branches differ",
                               at: r.source?.location ?? r.location, path: "/rules/\(i)")
        }
    }
}
