import FormIR

/// The checks that depend on relationships, answered by `RelationshipAnalysis`: who can submit a key
/// at the same time, which required items can never be shown, which targets are shown and hidden at once.
extension LintChecks {
    /// Two items sharing submission keys, and whether both can submit them at once.
    struct KeyOverlap {
        var keys: [String]
        var earlier: FieldEntry
        var later: FieldEntry
        var overlap: Overlap

        /// "the key 'title'" or "the keys 'birthDay', 'birthMonth' and 'birthYear'".
        var keysText: String {
            let quoted = keys.map { "'\($0)'" }
            guard quoted.count > 1 else { return "the key \(quoted[0])" }
            return "the keys " + quoted.dropLast().joined(separator: ", ") + " and " + quoted.last!
        }
    }

    /// How many pairs of items sharing keys one form may compare: hostile or generated forms with
    /// thousands of items on one key stay linear past it.
    static let pairBudget = 20_000

    /// For each item that shares a key with an earlier item (of another name), the first earlier one it
    /// can submit together with; failing that, the first it may submit with (undecided). Exclusive
    /// variants (one shown per choice) are left out, and so are items the reader renamed as repeated
    /// names (`duplicate-name` reports them). A pair sharing several keys (date or address
    /// components) is one overlap listing them.
    static func keyOverlaps(_ s: LintSubject) -> [KeyOverlap] {
        // Each key's items, in order of the key's first use: a key is hashed once when it is new (most
        // are), and a key with one item allocates nothing beyond its group.
        var groupOf: [String: Int] = [:]
        var groups: [(key: String, first: Int, more: [Int])] = []
        groupOf.reserveCapacity(s.fieldList.count)
        groups.reserveCapacity(s.fieldList.count)
        for (i, e) in s.fieldList.enumerated() where s.renamedDuplicates.isEmpty || !s.renamedDuplicates.contains(s.path(e)) {
            for k in SubmissionModel.keys(for: s[e]) {
                guard let g = groupOf.updateValue(groups.count, forKey: k.key) else {
                    groups.append((k.key, i, []))
                    continue
                }
                groupOf[k.key] = g
                if (groups[g].more.last ?? groups[g].first) != i { groups[g].more.append(i) }
            }
        }
        let analysis = s.analysis
        var waysCache: [Int: [StateWay]] = [:]
        func ways(_ i: Int) -> [StateWay] {
            if let w = waysCache[i] { return w }
            let w = analysis.submitWays(s.fieldList[i])
            waysCache[i] = w
            return w
        }
        struct Pair: Hashable { var earlier: Int, later: Int }
        var overlapCache: [Pair: Overlap] = [:]
        var out: [KeyOverlap] = []
        var reported: [Pair: Int] = [:]
        func report(_ key: String, _ pair: Pair, _ overlap: Overlap) {
            if let at = reported[pair] { out[at].keys.append(key); return }
            reported[pair] = out.count
            out.append(KeyOverlap(keys: [key], earlier: s.fieldList[pair.earlier], later: s.fieldList[pair.later], overlap: overlap))
        }
        var budget = pairBudget
        for (key, first, more) in groups where !more.isEmpty {
            let group = [first] + more
            for (n, j) in group.enumerated().dropFirst() {
                if budget < n {
                    report(key, Pair(earlier: group[0], later: j), .undecided(
                        "\(group.count - n) more items share this key, past the \(pairBudget) pairs of items the analysis compares in one form"))
                    break
                }
                var undecided: (Pair, Overlap)?
                for i in group.prefix(n) where s[s.fieldList[i]].id != s[s.fieldList[j]].id {
                    let pair = Pair(earlier: i, later: j)
                    let o: Overlap
                    if let cached = overlapCache[pair] { o = cached } else {
                        budget -= 1
                        o = Overlap.of(ways(i), ways(j))
                        overlapCache[pair] = o
                    }
                    if case .together = o { undecided = nil; report(key, pair, o); break }
                    if case .undecided = o, undecided == nil { undecided = (pair, o) }
                }
                if let (pair, o) = undecided { report(key, pair, o) }
            }
        }
        return out
    }

    @Sendable static func submissionKeyCollisions(_ s: LintSubject) -> [LintFinding] {
        s.keyOverlaps.compactMap { k in
            guard case .together(let witness) = k.overlap else { return nil }
            return LintFinding("'\(s[k.earlier].id)' and '\(s[k.later].id)' both submit \(k.keysText)"
                               + Overlap.when(witness), at: s[k.later].location, path: s.path(k.later))
        }
    }

    @Sendable static func possibleSubmissionKeyCollisions(_ s: LintSubject) -> [LintFinding] {
        s.keyOverlaps.compactMap { k in
            guard case .undecided(let reason) = k.overlap else { return nil }
            return LintFinding("'\(s[k.earlier].id)' and '\(s[k.later].id)' share \(k.keysText); "
                               + "whether both submit at once is undecided: \(reason)",
                               at: s[k.later].location, path: s.path(k.later))
        }
    }

    /// What a required item that no relationship can show does in its engine.
    enum NeverShownConsequence {
        /// Submitted while hidden, empty, with no way for the user to fill it: submission is blocked
        /// (under `witness`).
        case blocksSubmission(witness: [ConditionTerm])
        /// Never submitted (hidden and not forced): `required` has no effect.
        case requiredIgnored
        /// Maybe submitted empty while hidden; the reason says why the analysis cannot tell.
        case undecided(String)
        /// Submitted while hidden with a value it gets without the user: nothing to report.
        case harmless
    }

    /// A required item that nothing can show: what that does, and the lines of relationships that
    /// would show it but never take effect.
    struct NeverShown {
        var entry: FieldEntry
        var consequence: NeverShownConsequence
        var deadShows: [Int]

        /// "nothing can show it" or "the relationships at lines 12, 14 that show it never take effect".
        var why: String {
            switch deadShows.count {
            case 0: "nothing can show it"
            case 1: "the relationship at line \(deadShows[0]) that shows it never takes effect"
            default: "the relationships at lines \(deadShows.map(String.init).joined(separator: ", ")) that show it never take effect"
            }
        }
    }

    /// Required items that no relationship (nor the initial state) can show, with what that does.
    static func requiredNeverShown(_ s: LintSubject) -> [NeverShown] {
        let analysis = s.analysis
        var out: [NeverShown] = []
        for e in s.fieldList where e.required && !analysis.canBeShown(e) {
            let consequence: NeverShownConsequence
            if analysis.isFilledWithoutUser(s[e]) {
                consequence = .harmless
            } else {
                switch Overlap.of(analysis.forcedHiddenWays(e), [StateWay(.always)]) {
                case .together(let witness): consequence = .blocksSubmission(witness: witness)
                case .undecided(let reason): consequence = .undecided(reason)
                case .exclusive: consequence = .requiredIgnored
                }
            }
            out.append(NeverShown(entry: e, consequence: consequence,
                                  deadShows: analysis.showingRules(e).compactMap { $0.location?.line }))
        }
        return out
    }

    @Sendable static func requiredAlwaysHidden(_ s: LintSubject) -> [LintFinding] {
        s.requiredNeverShown.compactMap { n in
            guard case .blocksSubmission(let witness) = n.consequence else { return nil }
            let when = witness.isEmpty ? "" : " (forced\(Overlap.when(witness)))"
            return LintFinding("'\(s[n.entry].id)' is required and submitted while hidden\(when), but \(n.why) and "
                               + "nothing fills it in: the form can never be submitted", at: s[n.entry].location, path: s.path(n.entry))
        }
    }

    @Sendable static func requiredNeverShownNotes(_ s: LintSubject) -> [LintFinding] {
        s.requiredNeverShown.compactMap { n in
            let message: String
            switch n.consequence {
            case .requiredIgnored:
                message = "'\(s[n.entry].id)' is required but \(n.why); hidden and not force-submitted, "
                    + "it is never submitted, so `required` has no effect"
            case .undecided(let reason):
                message = "'\(s[n.entry].id)' is required but \(n.why); whether it is submitted empty "
                    + "while hidden is undecided: \(reason)"
            case .blocksSubmission, .harmless: return nil
            }
            return LintFinding(message, at: s[n.entry].location, path: s.path(n.entry))
        }
    }

    @Sendable static func conflictingVisibility(_ s: LintSubject) -> [LintFinding] { conflictFindings(s, .visibility, proved: true) }
    @Sendable static func conflictingSubmission(_ s: LintSubject) -> [LintFinding] { conflictFindings(s, .submission, proved: true) }
    @Sendable static func possibleConflicts(_ s: LintSubject) -> [LintFinding] { conflictFindings(s, nil, proved: false) }

    /// Conflicts over one property (any when `nil`) that the analysis proves, or those it cannot decide.
    static func conflictFindings(_ s: LintSubject, _ property: RelationshipAnalysis.Conflict.Property?, proved: Bool) -> [LintFinding] {
        s.conflicts.compactMap { c in
            guard property == nil || c.property == property, !isHarmlessSubmissionConflict(c, s) else { return nil }
            let earlier = c.earlier.location.map { "line \($0.line)" } ?? "an earlier relationship"
            let what: String, outcome: String
            switch c.property {
            case .visibility: (what, outcome) = ("show and hide \(c.target)", "the one that runs last wins")
            case .submission: (what, outcome) = ("skip and submit \(c.target)", "the one that runs last decides whether its value is submitted")
            }
            let message: String
            switch c.overlap {
            case .together(let witness) where proved:
                let when = Overlap.when(witness)
                message = "this relationship and the one at \(earlier) \(what) at once\(when.isEmpty ? "" : " —" + when); \(outcome)"
            case .undecided(let reason) where !proved:
                message = "this relationship and the one at \(earlier) may \(what) at once; whether their conditions "
                    + "hold together is undecided: \(reason). If they do, \(outcome)"
            default: return nil
            }
            // The positions compared first: comparing whole relationships is left to the one at the same place.
            let index = s.form.rules.firstIndex { $0.location == c.later.location && $0 == c.later }
            return LintFinding(message, at: c.later.location, path: index.map { "/rules/\($0)" })
        }
    }

    /// A skip against a `<submit>` on an item that is never shown: skipSubmit has no effect on a hidden
    /// item (the language document: forceSubmit has precedence), and neither relationship forces it.
    static func isHarmlessSubmissionConflict(_ c: RelationshipAnalysis.Conflict, _ s: LintSubject) -> Bool {
        guard c.property == .submission, case .field(let id) = c.target, let at = s.firstFieldIndex[id] else { return false }
        let forces = [c.earlier, c.later].contains { $0.eitherBranchContains { $0 == .submission(.force) } }
        return !forces && !s.analysis.canBeShown(s.fieldList[at])
    }
}
