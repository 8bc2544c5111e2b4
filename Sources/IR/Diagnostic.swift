/// How bad a finding is. Ordered: `note < warning < error`.
public enum Severity: String, Codable, Sendable, Comparable, CaseIterable {
    case note, warning, error

    private var rank: Int { switch self { case .note: 0; case .warning: 1; case .error: 2 } }
    /// Orders severities: note, warning, error.
    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
    /// The same severity (told by its rank: a raw-valued enumeration would otherwise compare its names).
    public static func == (a: Severity, b: Severity) -> Bool { a.rank == b.rank }
    /// Hashes the rank, not the name (a run's tally hashes the severity of every finding).
    public func hash(into hasher: inout Hasher) { hasher.combine(rank) }
}

/// What a conversion could not carry into its target: the IR feature and the target format.
public struct Loss: Hashable, Codable, Sendable {
    /// A `Feature` id (`relationship.evaluate`, `layout.position`, …) or an emitter-specific one.
    public var feature: String
    /// The target format id (`json`, `xlform`, …).
    public var target: String

    /// A loss of `feature` in `target`.
    public init(feature: String, target: String) {
        self.feature = feature
        self.target = target
    }
}

/// One finding: a value carried through the pipeline, never printed from deep inside.
///
/// Compact as a value (a run of the stress form keeps about 70,000): all its parts behind one
/// reference, so the list of a run's findings holds one word each and grows by copying words, not the
/// parts. A loss keeps its place in the form (`FeaturePlace`), and its IR path is built only when
/// `path` is read (the JSON and SARIF reports, the emitters that look a loss up by path): the printed
/// line has no path. A loss made by `Diagnostics.loss` keeps what its message is made of (`LossParts`:
/// the subject, the target, the use's words as the walk made them) and writes the message when it is
/// read or printed, never keeping it beside them. Equality, hashing and coding are those of the public
/// values.
public struct Diagnostic: Hashable, Codable, Sendable {
    /// The parts, replaced whole when one is set.
    private var parts: DiagnosticParts

    /// A finding of `severity` with its id and message and, when known, its position, IR path, loss and
    /// subject.
    public init(_ severity: Severity, id: String, _ message: String,
                at location: SourceLocation? = nil, path: String? = nil, loss: Loss? = nil, subject: String? = nil) {
        parts = .parts(severity: severity, id: id, message: message, location: location,
                       place: path.map { .text($0) } ?? .noPath, loss: loss, subject: subject)
    }

    /// A loss whose message is written from its parts when read.
    init(_ loss: LossParts) { parts = .loss(loss) }

    /// A finding whose IR path is that of `place`, made when read.
    init(_ severity: Severity, id: String, _ message: String, at location: SourceLocation?,
         place: FeaturePlace, loss: Loss?, subject: String?) {
        parts = .parts(severity: severity, id: id, message: message, location: location,
                       place: .place(place), loss: loss, subject: subject)
    }

    /// How serious the finding is.
    public var severity: Severity {
        get {
            switch parts {
            case .parts(let severity, _, _, _, _, _, _): severity
            case .loss(let p): p.severity
            }
        }
        set { parts = parts.with(severity: newValue) }
    }
    /// Stable kebab-case id, namespaced by its origin: `mmxml.duplicate-name`, `loss.relationship.copy`.
    public var id: String {
        get {
            switch parts {
            case .parts(_, let id, _, _, _, _, _): id
            case .loss(let p): p.id
            }
        }
        set { parts = parts.with(id: newValue) }
    }
    /// What happened, in one sentence.
    public var message: String {
        get {
            switch parts {
            case .parts(_, _, let message, _, _, _, _): message
            case .loss(let p): p.message
            }
        }
        set { parts = parts.with(message: newValue) }
    }
    /// Where in the input, when known.
    public var location: SourceLocation? {
        get {
            switch parts {
            case .parts(_, _, _, let location, _, _, _): location
            case .loss(let p): p.location
            }
        }
        set { parts = parts.with(location: newValue) }
    }
    /// The IR path of the node concerned, e.g. `/pages/0/sections/1/fields/taxId`.
    public var path: String? {
        get {
            switch parts {
            case .parts(_, _, _, _, let place, _, _): place.path
            case .loss(let p): p.place.path
            }
        }
        set { parts = parts.with(place: newValue.map { .text($0) } ?? .noPath) }
    }
    /// Whether the diagnostic reports a conversion loss (`loss != nil`), told without making the `Loss`
    /// (a run asks it of every finding it counts).
    public var isLoss: Bool {
        switch parts {
        case .parts(_, _, _, _, _, let loss, _): loss != nil
        case .loss: true
        }
    }
    /// Set when the diagnostic reports a conversion loss.
    public var loss: Loss? {
        get {
            switch parts {
            case .parts(_, _, _, _, _, let loss, _): loss
            case .loss(let p): Loss(feature: p.feature, target: p.target)
            }
        }
        set { parts = parts.with(loss: newValue) }
    }
    /// What the finding concerns, as its message names it first: a field's id, `form-level`, a page
    /// (`page 'p1'`), a group or a relationship. Every loss has one (`Diagnostics.loss`).
    public var subject: String? {
        get {
            switch parts {
            case .parts(_, _, _, _, _, _, let subject): subject
            case .loss(let p): p.subject
            }
        }
        set { parts = parts.with(subject: newValue) }
    }

    /// Equal when the severity, id, message, location, path, loss and subject are.
    public static func == (a: Diagnostic, b: Diagnostic) -> Bool {
        a.severity == b.severity && a.id == b.id && a.message == b.message && a.location == b.location
            && a.path == b.path && a.loss == b.loss && a.subject == b.subject
    }

    /// Hashes the severity, id, message, location, path, loss and subject.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(severity)
        hasher.combine(id)
        hasher.combine(message)
        hasher.combine(location)
        hasher.combine(path)
        hasher.combine(loss)
        hasher.combine(subject)
    }

    private enum CodingKeys: String, CodingKey { case severity, id, message, location, path, loss, subject }

    /// Decodes the keyed form `encode(to:)` writes.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(try c.decode(Severity.self, forKey: .severity), id: try c.decode(String.self, forKey: .id),
                  try c.decode(String.self, forKey: .message),
                  at: try c.decodeIfPresent(SourceLocation.self, forKey: .location),
                  path: try c.decodeIfPresent(String.self, forKey: .path),
                  loss: try c.decodeIfPresent(Loss.self, forKey: .loss),
                  subject: try c.decodeIfPresent(String.self, forKey: .subject))
    }

    /// Encodes `severity`, `id`, `message` and whichever of `location`, `path`, `loss`, `subject` are set.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(severity, forKey: .severity)
        try c.encode(id, forKey: .id)
        try c.encode(message, forKey: .message)
        try c.encodeIfPresent(location, forKey: .location)
        try c.encodeIfPresent(path, forKey: .path)
        try c.encodeIfPresent(loss, forKey: .loss)
        try c.encodeIfPresent(subject, forKey: .subject)
    }

    /// `file:line:col: severity: message [id]` — the line printed on stderr.
    public func formatted(defaultFile: String? = nil) -> String {
        var line: [UInt8] = []
        appendFormatted(to: &line, defaultFile: defaultFile)
        return String(decoding: line, as: UTF8.self)
    }

    /// `formatted(defaultFile:)` appended to `out` as UTF-8, each part copied in as bytes and the line
    /// and column written as digits (a run prints tens of thousands of these lines).
    public func appendFormatted(to out: inout [UInt8], defaultFile: String? = nil) {
        if let l = location {
            out.appendUTF8(l.file)
            out.append(UInt8(ascii: ":"))
            out.appendDecimal(l.line)
            out.append(UInt8(ascii: ":"))
            out.appendDecimal(l.column)
            out.append(UInt8(ascii: ":"))
            out.append(UInt8(ascii: " "))
        } else if let f = defaultFile {
            out.appendUTF8(f)
            out.append(UInt8(ascii: ":"))
            out.append(UInt8(ascii: " "))
        }
        out.appendUTF8(severity.rawValue)
        out.append(UInt8(ascii: ":"))
        out.append(UInt8(ascii: " "))
        switch parts {
        case .parts(_, _, let message, _, _, _, _): out.appendUTF8(message)
        case .loss(let p): p.writeMessage(to: &out)
        }
        out.append(UInt8(ascii: " "))
        out.append(UInt8(ascii: "["))
        out.appendUTF8(id)
        out.append(UInt8(ascii: "]"))
    }
}

/// A diagnostic's parts: an indirect enumeration, so one reference inside the diagnostic and still a
/// value (as `Sparse` holds a field's rare parts), replaced whole when one is set. A finding made with
/// its message holds the message; a loss made by `Diagnostics.loss` holds what its message is written
/// from (`LossParts`), until its id, message, loss or subject is set.
private enum DiagnosticParts: Sendable {
    indirect case parts(severity: Severity, id: String, message: String, location: SourceLocation?,
                        place: DiagnosticPlace, loss: Loss?, subject: String?)
    indirect case loss(LossParts)

    /// The same parts with the severity, id, message, location, place, loss or subject given instead. A
    /// loss keeps its message unwritten when what changes is none of what the message is written from
    /// (its severity, location or place); a new id, message, loss or subject writes the message out.
    func with(severity newSeverity: Severity? = nil, id newID: String? = nil, message newMessage: String? = nil,
              location newLocation: SourceLocation?? = nil, place newPlace: DiagnosticPlace? = nil,
              loss newLoss: Loss?? = nil, subject newSubject: String?? = nil) -> DiagnosticParts {
        switch self {
        case .parts(let severity, let id, let message, let location, let place, let loss, let subject):
            return .parts(severity: newSeverity ?? severity, id: newID ?? id, message: newMessage ?? message,
                          location: newLocation ?? location, place: newPlace ?? place, loss: newLoss ?? loss,
                          subject: newSubject ?? subject)
        case .loss(var p):
            guard newID == nil, newMessage == nil, newLoss == nil, newSubject == nil else {
                let written = DiagnosticParts.parts(severity: p.severity, id: p.id, message: p.message, location: p.location,
                                                    place: p.place, loss: Loss(feature: p.feature, target: p.target),
                                                    subject: p.subject)
                return written.with(severity: newSeverity, id: newID, message: newMessage, location: newLocation,
                                    place: newPlace, loss: newLoss, subject: newSubject)
            }
            if let newSeverity { p.severity = newSeverity }
            if let newLocation { p.location = newLocation }
            if let newPlace { p.place = newPlace }
            return .loss(p)
        }
    }
}

/// Where a diagnostic's IR path comes from.
enum DiagnosticPlace: Sendable {
    /// No path (a case not named `none`, which an optional `DiagnosticPlace` would read as its own).
    case noPath
    /// The path as given.
    case text(String)
    /// The place's path (`FeaturePlace.path`), built when read.
    case place(FeaturePlace)

    /// The IR path, when there is one.
    var path: String? {
        switch self {
        case .noPath: nil
        case .text(let path): path
        case .place(let place): place.path
        }
    }
}

extension [UInt8] {
    /// Appends the UTF-8 bytes of `text`, copied from its storage.
    mutating func appendUTF8(_ text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }

    /// Appends `n` in decimal digits (`-` first when negative), as `String(n)` spells it: the one
    /// place that writes an integer as bytes (diagnostic lines, the JSON writers). The power of ten of
    /// the first digit is found first, then each digit appended from the first.
    public mutating func appendDecimal(_ n: Int) {
        if n < 0 { append(UInt8(ascii: "-")) }
        let m = n.magnitude
        var unit: UInt = 1
        while unit <= m / 10 { unit &*= 10 }
        repeat {
            append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: m / unit % 10))
            unit /= 10
        } while unit != 0
    }
}

/// The collector readers and emitters take: they record and keep going; throwing is only for input
/// that cannot be read at all.
public struct Diagnostics: Sendable, Equatable {
    /// The diagnostics in the order they were recorded.
    public private(set) var items: [Diagnostic] = []

    /// An empty collector.
    public init() {}

    /// Makes room for `count` diagnostics in all.
    public mutating func reserveCapacity(_ count: Int) { items.reserveCapacity(count) }

    /// Records `d`.
    public mutating func append(_ d: Diagnostic) { items.append(d) }
    /// Records `ds` in order.
    public mutating func append(contentsOf ds: [Diagnostic]) { items.append(contentsOf: ds) }
    /// Records `ds` in order.
    public mutating func append(contentsOf ds: ArraySlice<Diagnostic>) { items.append(contentsOf: ds) }

    /// Records an error `id` saying `message`, at `location` and the IR `path` when known.
    public mutating func error(_ id: String, _ message: String, at location: SourceLocation? = nil, path: String? = nil) {
        items.append(Diagnostic(.error, id: id, message, at: location, path: path))
    }
    /// Records a warning `id` saying `message`, at `location` and the IR `path` when known.
    public mutating func warning(_ id: String, _ message: String, at location: SourceLocation? = nil, path: String? = nil) {
        items.append(Diagnostic(.warning, id: id, message, at: location, path: path))
    }
    /// Records a note `id` saying `message`, at `location` and the IR `path` when known.
    public mutating func note(_ id: String, _ message: String, at location: SourceLocation? = nil, path: String? = nil) {
        items.append(Diagnostic(.note, id: id, message, at: location, path: path))
    }
    /// Records a finding of `severity`, `id` saying `message`, at `location` and `place`, whose IR path
    /// is made only when read (`Diagnostic.path`).
    public mutating func add(_ severity: Severity, _ id: String, _ message: String, at location: SourceLocation? = nil,
                             place: FeaturePlace) {
        items.append(Diagnostic(severity, id: id, message, at: location, place: place, loss: nil, subject: nil))
    }
    /// Reports a loss: `feature` could not be expressed in `target`. Id is `loss.<feature>`.
    ///
    /// The loss names what it concerns first, the one place every loss line gets it from: `subject`
    /// when given, else what the place `path` names is about (`FeaturePlace.subject(in:)`, without the
    /// form: the field's id, a page or group by position, a relationship), else `form-level`. The
    /// message reads `<subject>: <message>` (unless it already starts so) and the subject is kept as
    /// data in `Diagnostic.subject`.
    public mutating func loss(_ feature: String, target: String, _ message: String,
                              at location: SourceLocation? = nil, path: String? = nil,
                              severity: Severity = .warning, subject: String? = nil) {
        let who = subject ?? path.map { FeaturePlace(path: $0).subject(in: nil) } ?? "form-level"
        loss(id: LossParts.idPrefix + feature, target: target, at: location, place: path.map { .text($0) } ?? .noPath,
             who: who, severity: severity, LossText(message: message, about: who))
    }

    /// Reports a loss at `place` of `form`: the subject is the place's (`FeaturePlace.subject(in:)`),
    /// and the IR path is built from the place only when read (`Diagnostic.path`).
    public mutating func loss(_ feature: String, target: String, _ message: String,
                              at location: SourceLocation? = nil, place: FeaturePlace, in form: Form?,
                              severity: Severity = .warning) {
        let who = place.subject(in: form)
        loss(id: LossParts.idPrefix + feature, target: target, at: location, place: .place(place), who: who,
             severity: severity, LossText(message: message, about: who))
    }

    /// Reports a loss of `feature` at `place` of `form`, its message `<subject>: ` and `text`, written
    /// only when read (`LossParts`). The id is the feature's own (`Feature.lossID`), one string for the
    /// run.
    mutating func loss(_ feature: Feature, target: String, at location: SourceLocation?, place: FeaturePlace,
                       in form: Form?, severity: Severity = .warning, _ text: LossText) {
        loss(id: feature.lossID, target: target, at: location, place: .place(place), who: place.subject(in: form),
             severity: severity, text)
    }

    /// Records a loss made of its parts (`LossParts`).
    private mutating func loss(id: String, target: String, at location: SourceLocation?, place: DiagnosticPlace,
                               who: String, severity: Severity, _ text: LossText) {
        items.append(Diagnostic(LossParts(id: id, target: target, location: location, place: place, subject: who,
                                          text: text, severity: severity)))
    }

    /// Whether any diagnostic is an error (read in place: no diagnostic is copied).
    public var hasErrors: Bool {
        for i in items.indices where items[i].severity == .error { return true }
        return false
    }
    /// The errors only.
    public var errors: [Diagnostic] { items.filter { $0.severity == .error } }
    /// The conversion losses only, of any severity.
    public var losses: [Diagnostic] { items.filter(\.isLoss) }
}

/// Thrown when an input cannot be read at all (malformed XML, not JSON, …). Other problems are diagnostics.
public struct ReadFailure: Error, Sendable, CustomStringConvertible {
    /// The error, with its id and position.
    public var diagnostic: Diagnostic
    /// A failure reporting `diagnostic`.
    public init(_ diagnostic: Diagnostic) { self.diagnostic = diagnostic }
    /// A failure reporting the error `id` with `message` at `location`.
    public init(id: String, _ message: String, at location: SourceLocation? = nil) {
        self.diagnostic = Diagnostic(.error, id: id, message, at: location)
    }
    /// The diagnostic as printed: `file:line:col: error: message [id]`.
    public var description: String { diagnostic.formatted() }
}

/// Thrown when an emitter cannot produce any output for the form.
public struct EmitFailure: Error, Sendable, CustomStringConvertible {
    /// The error, with its id and position.
    public var diagnostic: Diagnostic
    /// A failure reporting `diagnostic`.
    public init(_ diagnostic: Diagnostic) { self.diagnostic = diagnostic }
    /// A failure reporting the error `id` with `message` at `location`.
    public init(id: String, _ message: String, at location: SourceLocation? = nil) {
        self.diagnostic = Diagnostic(.error, id: id, message, at: location)
    }
    /// The diagnostic as printed: `file:line:col: error: message [id]`.
    public var description: String { diagnostic.formatted() }
}
