import FormIR

extension RuleStates {
    /// The options `field` lists itself: its options, or those its range lists when it has none
    /// (none when the range is too long to list).
    package static func ownOptions(_ field: Field) -> [Option] {
        if !field.options.isEmpty || field.optionRange == nil { return field.options }
        return (field.optionRange?.listedValues ?? []).map { Option(value: .int($0)) }
    }

    /// The option sets `field` shows with when each shows (`optionCases`), a range standing for its own
    /// options as the values it lists: what the person filling the form can choose from, in each state.
    package func listedOptionCases(_ field: Field) -> [(options: [Option], when: Formula)] {
        guard field.options.isEmpty, field.optionRange != nil else { return optionCases(field) }
        var listed = field
        listed.options = Self.ownOptions(field)
        return optionCases(listed)
    }

    /// Every option `field` shows in some state the rules reach, by value: its own options first, in
    /// their order, then those only rules bring, in the order the rules list them. An own option no
    /// rule leaves in place is never shown and is not among them.
    package func shownOptions(_ field: Field) -> [Option] {
        let cases = listedOptionCases(field)
        var seen = Set<String>()
        var out: [Option] = []
        for o in Self.ownOptions(field) where cases.contains(where: { $0.options.contains { $0.value == o.value } }) {
            if seen.insert(o.value.displayText).inserted { out.append(o) }
        }
        for c in cases {
            for o in c.options where seen.insert(o.value.displayText).inserted { out.append(o) }
        }
        return out
    }

    /// Whether a rule sets `field`'s options.
    package func hasOptionRules(_ field: Field) -> Bool {
        rules(for: .field(field.id)).contains { i in
            (form.rules[i].then + form.rules[i].otherwise).contains { if case .setOptions = $0 { true } else { false } }
        }
    }
}
