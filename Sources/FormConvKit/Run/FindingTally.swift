import FormIR

/// Findings counted by id: what a run keeps of an input's warnings, notes and losses once they are
/// printed, so that the end of a batch can group losses by id and say which ids tripped a threshold
/// (a few dozen ids a form, however many findings).
public struct FindingTally: Sendable, Equatable {
    /// One kind of finding: its id, severity, whether it is a loss and whether the project accepted it.
    public struct Key: Hashable, Sendable {
        /// The finding's id, severity, whether it is a loss and whether it was accepted.
        public var id: String
        public var severity: Severity
        public var isLoss: Bool
        public var accepted: Bool
    }

    /// How many findings of each kind.
    public private(set) var counts: [Key: Int] = [:]

    /// No findings.
    public init() {}

    /// The tally of `diagnostics` and of `accepted` losses.
    public init(_ diagnostics: [Diagnostic], accepted: [Diagnostic] = []) {
        for d in diagnostics { add(d, accepted: false) }
        for d in accepted { add(d, accepted: true) }
    }

    /// Counts one more finding.
    public mutating func add(_ d: Diagnostic, accepted: Bool) {
        counts[Key(id: d.id, severity: d.severity, isLoss: d.loss != nil, accepted: accepted), default: 0] += 1
    }
}

/// One id's share of a run: how many findings, in how many inputs.
public struct IDCount: Sendable, Equatable, Encodable {
    /// The finding id (for lint's conversion losses, the loss id).
    public var id: String
    /// How many findings.
    public var count: Int
    /// In how many inputs.
    public var files: Int
    /// Whether these were accepted (`accept-losses`): counted, not printed, never failing.
    public var accepted: Bool

    /// `count` findings of `id` in `files` inputs.
    public init(id: String, count: Int, files: Int, accepted: Bool = false) {
        self.id = id
        self.count = count
        self.files = files
        self.accepted = accepted
    }

    /// Most frequent first, then by id.
    static func ordered(_ groups: [IDCount]) -> [IDCount] {
        groups.sorted { ($0.count, $1.id, $1.accepted ? 1 : 0) > ($1.count, $0.id, $0.accepted ? 1 : 0) }
    }

    /// Tallies grouped by id (and acceptance) over inputs, for the keys `include` selects.
    static func group(_ tallies: [FindingTally], where include: (FindingTally.Key) -> Bool) -> [IDCount] {
        var totals: [String: (count: Int, files: Int, accepted: Bool)] = [:]
        for tally in tallies {
            var seen = Set<String>()
            for (key, n) in tally.counts where include(key) {
                let name = key.accepted ? "\u{1}" + key.id : key.id
                var t = totals[name] ?? (0, 0, key.accepted)
                t.count += n
                if seen.insert(name).inserted { t.files += 1 }
                totals[name] = t
            }
        }
        return ordered(totals.map { name, t in
            IDCount(id: t.accepted ? String(name.dropFirst()) : name, count: t.count, files: t.files, accepted: t.accepted)
        })
    }
}
