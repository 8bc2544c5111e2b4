import FormIR

/// How much a change between two versions of a form matters, judged by the answers they accept
/// (docs/diff.md). Ordered: `info` < `warning` < `breaking`.
public enum DiffLevel: String, CaseIterable, Sendable, Comparable, Codable {
    /// Texts, translations, layout, style, order, a field moved with its key unchanged.
    case info
    /// NEW accepts or submits answers OLD never produced, or behaves differently while filled.
    case warning
    /// An answer set OLD accepted is rejected by NEW, or a value OLD submitted loses its meaning.
    case breaking

    private var rank: Int { switch self { case .info: 0; case .warning: 1; case .breaking: 2 } }
    /// Ordered by seriousness.
    public static func < (a: DiffLevel, b: DiffLevel) -> Bool { a.rank < b.rank }
}

/// One difference between two forms: what changed, for which field, and where in each file.
public struct FormChange: Hashable, Sendable {
    /// The stable change id (`option.value-removed`, `field.renamed`; docs/diff.md lists them).
    public var id: String
    /// How much it matters.
    public var level: DiffLevel
    /// The field's submission key (its id when it submits nothing), or the section, page or `form`.
    public var field: String
    /// What it was, `nil` when it did not exist.
    public var old: String?
    /// What it is, `nil` when it no longer exists.
    public var new: String?
    /// One sentence saying what changed.
    public var message: String
    /// Where the changed thing is in OLD.
    public var oldLocation: SourceLocation?
    /// Where the changed thing is in NEW.
    public var newLocation: SourceLocation?

    /// A change `id` at `level` for `field`.
    public init(_ id: String, _ level: DiffLevel, field: String, old: String? = nil, new: String? = nil,
                message: String, oldLocation: SourceLocation? = nil, newLocation: SourceLocation? = nil) {
        self.id = id
        self.level = level
        self.field = field
        self.old = old
        self.new = new
        self.message = message
        self.oldLocation = oldLocation
        self.newLocation = newLocation
    }
}

/// What to compare: two forms and the names their files are shown under.
public struct DiffResult: Sendable {
    /// The name OLD is shown under.
    public var oldName: String
    /// The name NEW is shown under.
    public var newName: String
    /// Every change, in NEW's document order (removals at their place in OLD).
    public var changes: [FormChange]

    /// The changes between two named forms.
    public init(oldName: String, newName: String, changes: [FormChange]) {
        self.oldName = oldName
        self.newName = newName
        self.changes = changes
    }

    /// How many changes there are at each level.
    public func count(_ level: DiffLevel) -> Int { changes.reduce(0) { $0 + ($1.level == level ? 1 : 0) } }
    /// The most serious level among the changes, `nil` when there is none.
    public var highest: DiffLevel? { changes.map(\.level).max() }
}
