import FormIR

/// A run's findings counted by id, input by input as their outcomes come back: what the end of a
/// batch needs to group losses by id and to say which ids tripped a threshold. It grows with the
/// number of distinct ids (a few dozen), not with the inputs or their findings: a per-input tally
/// took 2.5 KB an input (2,000 forms to `json`: 36 MB peak against 31 MB).
public struct FindingTally: Sendable, Equatable {
    /// One kind of finding: its id, severity, whether it is a loss and whether the project accepted it.
    public struct Key: Hashable, Sendable {
        /// The finding's id, severity, whether it is a loss and whether it was accepted.
        public var id: String
        /// The finding's severity.
        public var severity: Severity
        /// Whether the finding is a conversion loss.
        public var isLoss: Bool
        /// Whether the loss was accepted by `.formconv.yml`.
        public var accepted: Bool
    }

    /// An id, accepted or not: what the grouped lines name.
    struct Group: Hashable {
        var id: String
        var accepted: Bool
    }

    /// How many findings of each kind.
    public private(set) var counts: [Key: Int] = [:]
    /// In how many inputs each id (accepted or not) was found.
    private(set) var files: [Group: Int] = [:]

    /// No findings.
    public init() {}

    /// Adds one input's findings: `diagnostics`, and the losses it `accepted`.
    public mutating func add(_ diagnostics: [Diagnostic], accepted: [Diagnostic] = []) {
        // Counted for this input first: the run's tables are then updated once per kind, not per finding.
        var here: [Key: Int] = [:]
        for (ds, isAccepted) in [(diagnostics, false), (accepted, true)] {
            for d in ds { here[Key(id: d.id, severity: d.severity, isLoss: d.isLoss, accepted: isAccepted), default: 0] += 1 }
        }
        var seen = Set<Group>()
        for (key, n) in here {
            counts[key, default: 0] += n
            seen.insert(Group(id: key.id, accepted: key.accepted))
        }
        for g in seen { files[g, default: 0] += 1 }
    }

    /// The kinds `include` selects, grouped by id (and acceptance), most frequent first.
    func grouped(where include: (Key) -> Bool) -> [IDCount] {
        var totals: [Group: Int] = [:]
        for (key, n) in counts where include(key) { totals[Group(id: key.id, accepted: key.accepted), default: 0] += n }
        return IDCount.ordered(totals.map { g, n in IDCount(id: g.id, count: n, files: files[g] ?? 0, accepted: g.accepted) })
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

    /// Most frequent first, then by id, then not accepted before accepted.
    static func ordered(_ groups: [IDCount]) -> [IDCount] {
        groups.sorted { ($0.count, $1.id, $1.accepted ? 1 : 0) > ($1.count, $0.id, $0.accepted ? 1 : 0) }
    }
}
