/// How bad a finding is. Ordered: `note < warning < error`.
public enum Severity: String, Codable, Sendable, Comparable, CaseIterable {
    case note, warning, error

    private var rank: Int { switch self { case .note: 0; case .warning: 1; case .error: 2 } }
    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// What a conversion could not carry into its target: the IR feature and the target format.
public struct Loss: Hashable, Codable, Sendable {
    /// A `Feature` id (`relationship.evaluate`, `layout.position`, …) or an emitter-specific one.
    public var feature: String
    /// The target format id (`json`, `xlform`, …).
    public var target: String

    public init(feature: String, target: String) {
        self.feature = feature
        self.target = target
    }
}

/// One finding: a value carried through the pipeline, never printed from deep inside.
public struct Diagnostic: Hashable, Codable, Sendable {
    /// The severity, id and loss, in one object the diagnostics of one kind share (a loss report makes
    /// tens of thousands of them: 56 bytes each instead of 104, and no id string per diagnostic).
    @usableFromInline var kind: Kind
    public var message: String
    public var location: SourceLocation?
    /// The IR path of the node concerned, e.g. `/pages/0/sections/1/fields/taxId`.
    public var path: String?

    // The getters are inlinable, so a scan of many diagnostics in place (`withUnsafeBufferPointer`)
    // reads the shared kind without copying each diagnostic (and retaining its strings) for the call:
    // a run's exit status and `--quiet` printing each scan a large lossy form's 40,000.
    public var severity: Severity {
        @inlinable get { kind.severity }
        set { kind = Kind(severity: newValue, id: kind.id, loss: kind.loss) }
    }
    /// Stable kebab-case id, namespaced by its origin: `mmxml.duplicate-name`, `loss.relationship.copy`.
    public var id: String {
        @inlinable get { kind.id }
        set { kind = Kind(severity: kind.severity, id: newValue, loss: kind.loss) }
    }
    /// Set when the diagnostic reports a conversion loss.
    public var loss: Loss? {
        @inlinable get { kind.loss }
        set { kind = Kind(severity: kind.severity, id: kind.id, loss: newValue) }
    }

    /// A diagnostic's severity, id and loss, shared (never changed: setting any makes a new one).
    @usableFromInline final class Kind: Sendable {
        @usableFromInline let severity: Severity
        @usableFromInline let id: String
        @usableFromInline let loss: Loss?
        init(severity: Severity, id: String, loss: Loss?) {
            self.severity = severity
            self.id = id
            self.loss = loss
        }
    }

    public init(_ severity: Severity, id: String, _ message: String,
                at location: SourceLocation? = nil, path: String? = nil, loss: Loss? = nil) {
        self.init(kind: Kind(severity: severity, id: id, loss: loss), message, at: location, path: path)
    }

    /// A diagnostic of a kind others share.
    init(kind: Kind, _ message: String, at location: SourceLocation?, path: String?) {
        self.kind = kind
        self.message = message
        self.location = location
        self.path = path
    }

    // Equality, hashing and coding as the synthesized ones over severity, id, message, location, path
    // and loss (the properties before `kind` held the severity, id and loss).
    public static func == (a: Diagnostic, b: Diagnostic) -> Bool {
        (a.kind === b.kind || (a.severity == b.severity && a.id == b.id && a.loss == b.loss))
            && a.message == b.message && a.location == b.location && a.path == b.path
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(severity)
        hasher.combine(id)
        hasher.combine(message)
        hasher.combine(location)
        hasher.combine(path)
        hasher.combine(loss)
    }

    private enum CodingKeys: String, CodingKey { case severity, id, message, location, path, loss }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let severity = try c.decode(Severity.self, forKey: .severity)
        let id = try c.decode(String.self, forKey: .id)
        let message = try c.decode(String.self, forKey: .message)
        let location = try c.decodeIfPresent(SourceLocation.self, forKey: .location)
        let path = try c.decodeIfPresent(String.self, forKey: .path)
        let loss = try c.decodeIfPresent(Loss.self, forKey: .loss)
        self.init(severity, id: id, message, at: location, path: path, loss: loss)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(severity, forKey: .severity)
        try c.encode(id, forKey: .id)
        try c.encode(message, forKey: .message)
        try c.encodeIfPresent(location, forKey: .location)
        try c.encodeIfPresent(path, forKey: .path)
        try c.encodeIfPresent(loss, forKey: .loss)
    }

    /// `file:line:col: severity: message [id]` — the line printed on stderr.
    public func formatted(defaultFile: String? = nil) -> String {
        var prefix = ""
        if let l = location { prefix = "\(l): " } else if let f = defaultFile { prefix = "\(f): " }
        return "\(prefix)\(severity.rawValue): \(message) [\(id)]"
    }
}

/// The collector readers and emitters take: they record and keep going; throwing is only for input
/// that cannot be read at all.
public struct Diagnostics: Sendable, Equatable {
    public private(set) var items: [Diagnostic] = []
    /// How many of `items` are errors (kept as they are added: `hasErrors` is asked after every stage).
    private var errorCount = 0
    /// The id and loss of the last few kinds of loss reported, for the next ones to share.
    private var recentLossKinds: [Diagnostic.Kind] = []

    /// Equal when the items are (what is shared between them does not matter).
    public static func == (a: Diagnostics, b: Diagnostics) -> Bool { a.items == b.items }

    public init() {}

    /// Makes room for `count` diagnostics in all, so that appending up to there allocates nothing.
    public mutating func reserveCapacity(_ count: Int) { items.reserveCapacity(count) }

    public mutating func append(_ d: consuming Diagnostic) {
        if d.severity == .error { errorCount += 1 }
        items.append(consume d)  // moved in: without `consume` each diagnostic was copied and then destroyed
    }
    public mutating func append(contentsOf ds: [Diagnostic]) {
        errorCount += ds.withUnsafeBufferPointer(Self.errors)
        if items.isEmpty { items = ds } else { items.append(contentsOf: ds) }  // shared, not copied, when first
    }

    public mutating func append(contentsOf ds: ArraySlice<Diagnostic>) {
        errorCount += ds.withUnsafeBufferPointer(Self.errors)
        items.append(contentsOf: ds)
    }

    /// How many of `ds` are errors, read in place (a `for … in` copied each diagnostic).
    private static func errors(in ds: UnsafeBufferPointer<Diagnostic>) -> Int {
        var n = 0
        for i in ds.indices where ds[i].severity == .error { n += 1 }
        return n
    }

    public mutating func error(_ id: String, _ message: String, at location: SourceLocation? = nil, path: String? = nil) {
        append(Diagnostic(.error, id: id, message, at: location, path: path))
    }
    public mutating func warning(_ id: String, _ message: String, at location: SourceLocation? = nil, path: String? = nil) {
        items.append(Diagnostic(.warning, id: id, message, at: location, path: path))
    }
    public mutating func note(_ id: String, _ message: String, at location: SourceLocation? = nil, path: String? = nil) {
        items.append(Diagnostic(.note, id: id, message, at: location, path: path))
    }
    /// Reports a loss: `feature` could not be expressed in `target`. Id is `loss.<feature>`.
    public mutating func loss(_ feature: String, target: String, _ message: String,
                              at location: SourceLocation? = nil, path: String? = nil,
                              severity: Severity = .warning) {
        append(Diagnostic(kind: lossKind(feature, target: target, severity: severity), message, at: location, path: path))
    }

    /// The shared severity, id and loss of `feature` in `target`: one of the last few made, or a new one.
    private mutating func lossKind(_ feature: String, target: String, severity: Severity) -> Diagnostic.Kind {
        for kind in recentLossKinds {
            if kind.severity == severity, let loss = kind.loss, loss.feature == feature, loss.target == target { return kind }
        }
        let kind = Diagnostic.Kind(severity: severity, id: "loss.\(feature)", loss: Loss(feature: feature, target: target))
        if recentLossKinds.count == 8 { recentLossKinds.removeFirst() }
        recentLossKinds.append(kind)
        return kind
    }

    public var hasErrors: Bool { errorCount > 0 }
    public var errors: [Diagnostic] { items.filter { $0.severity == .error } }
    public var losses: [Diagnostic] { items.filter { $0.loss != nil } }
}

/// Thrown when an input cannot be read at all (malformed XML, not JSON, …). Other problems are diagnostics.
public struct ReadFailure: Error, Sendable, CustomStringConvertible {
    public var diagnostic: Diagnostic
    public init(_ diagnostic: Diagnostic) { self.diagnostic = diagnostic }
    public init(id: String, _ message: String, at location: SourceLocation? = nil) {
        self.diagnostic = Diagnostic(.error, id: id, message, at: location)
    }
    public var description: String { diagnostic.formatted() }
}

/// Thrown when an emitter cannot produce any output for the form.
public struct EmitFailure: Error, Sendable, CustomStringConvertible {
    public var diagnostic: Diagnostic
    public init(_ diagnostic: Diagnostic) { self.diagnostic = diagnostic }
    public init(id: String, _ message: String, at location: SourceLocation? = nil) {
        self.diagnostic = Diagnostic(.error, id: id, message, at: location)
    }
    public var description: String { diagnostic.formatted() }
}
