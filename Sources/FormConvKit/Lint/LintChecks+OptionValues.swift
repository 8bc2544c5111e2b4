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

    @Sendable static func unknownOptionValues(_ s: LintSubject) -> [LintFinding] {
        var out: [LintFinding] = []
        for (i, r) in s.form.rules.enumerated() {
            guard let condition = r.condition else { continue }
            var reported: [String] = []
            for c in valueComparisons(condition) {
                let text = FieldValueSpace.text(c.value)
                guard c.value != .null, !text.isEmpty, let at = s.firstFieldIndex[c.field],
                      let options = possibleOptions(s.fieldList[at].field, s) else { continue }
                let f = s.fieldList[at].field
                let same = { (v: Value) in optionValue(v, matches: c.value, caseInsensitive: c.caseInsensitive) }
                guard !options.contains(where: { same($0.value) }), !(f.defaultValue.map(same) ?? false),
                      !reported.contains(c.field + "\u{0}" + text) else { continue }
                reported.append(c.field + "\u{0}" + text)
                out.append(LintFinding(unknownValueMessage(c, text, f, options),
                                       at: r.source?.location ?? r.location, path: "/rules/\(i)"))
            }
        }
        return out
    }

    static func unknownValueMessage(_ c: ValueComparison, _ text: String, _ f: Field, _ options: [Option]) -> String {
        let values = options.map { "\"\($0.value.displayText)\"" }
        let listed = values.count > 6 ? values.prefix(5).joined(separator: ", ") + ", …" : values.joined(separator: ", ")
        var message = "'\(c.field)' has no option with the value \"\(text)\" (its values: \(listed)), so comparing it "
            + "with \"\(text)\" \(c.holdsOnMatch ? "never holds" : "always holds")"
        let lowered = text.lowercased()
        func labelled(_ o: Option, ignoringCase: Bool) -> String? {
            o.label?.entries.first { ignoringCase ? $0.text.lowercased() == lowered : $0.text == text }?.text
        }
        if let o = options.first(where: { labelled($0, ignoringCase: false) != nil }) {
            message += "; did you mean \"\(o.value.displayText)\", the value of the option labelled \"\(text)\"?"
        } else if let near = options.first(where: { $0.value.displayText.lowercased() == lowered }) {
            message += "; did you mean \"\(near.value.displayText)\"? Values compare case-sensitively"
        } else if let o = options.first(where: { labelled($0, ignoringCase: true) != nil }), let label = labelled(o, ignoringCase: true) {
            message += "; did you mean \"\(o.value.displayText)\", the value of the option labelled \"\(label)\"?"
        }
        return message
    }

    /// An option's value equals a compared literal: numerically when both read as numbers, else as text
    /// (ignoring case under `[c]`).
    static func optionValue(_ v: Value, matches literal: Literal, caseInsensitive: Bool) -> Bool {
        let text = FieldValueSpace.text(literal)
        let option = v.displayText
        if let a = Double(option), let b = FieldValueSpace.number(literal) { return a == b }
        return caseInsensitive ? option.lowercased() == text.lowercased() : option == text
    }
}
