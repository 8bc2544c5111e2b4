/// A part of the IR that most fields leave at its default (layout, style, formatting, submission).
public protocol DefaultedPart: Hashable, Codable, Sendable {
    /// The part with nothing set.
    init()
    /// One box holding `init()`, shared by every `Boxed` part at its default. Never mutated: it is
    /// never uniquely referenced, so a write always goes to a new box.
    static var sharedDefault: ManagedBuffer<Self, Void> { get }
}

extension Layout: DefaultedPart {
    public init() { self.init(position: nil) }
    nonisolated(unsafe) public static let sharedDefault = ManagedBuffer<Layout, Void>.create(minimumCapacity: 0) { _ in Layout() }
}
extension Style: DefaultedPart {
    public init() { self.init(textColor: nil) }
    nonisolated(unsafe) public static let sharedDefault = ManagedBuffer<Style, Void>.create(minimumCapacity: 0) { _ in Style() }
}
extension Formatting: DefaultedPart {
    public init() { self.init(dateFormat: nil) }
    nonisolated(unsafe) public static let sharedDefault = ManagedBuffer<Formatting, Void>.create(minimumCapacity: 0) { _ in Formatting() }
}
extension Submission: DefaultedPart {
    public init() { self.init(key: nil) }
    nonisolated(unsafe) public static let sharedDefault = ManagedBuffer<Submission, Void>.create(minimumCapacity: 0) { _ in Submission() }
}

/// Keeps a `DefaultedPart` out of line in a copy-on-write box; every part at its default shares one
/// box. Reads go through a pointer to the box (no copy, no run-time exclusivity check); equality,
/// hashing and the IR JSON are those of the value itself. It makes a `Field` about half as large: a
/// form of thirty thousand fields is some 15 MB smaller.
@propertyWrapper
public struct Boxed<Part: DefaultedPart>: Hashable, Codable, Sendable {
    private var box: CopyOnWriteBox<Part>

    public init(wrappedValue: Part) {
        // Compared in place with the shared default: building `Part()` for each comparison cost more
        // than the comparison.
        let isDefault = Part.sharedDefault.withUnsafeMutablePointerToHeader { wrappedValue == $0.pointee }
        box = isDefault ? CopyOnWriteBox(sharing: Part.sharedDefault) : CopyOnWriteBox(wrappedValue)
    }

    public var wrappedValue: Part {
        _read { yield box.pointer.pointee }
        _modify {
            box.makeUnique()
            yield &box.pointer.pointee
        }
    }

    /// `true` when the part equals `Part()`; a pointer comparison for a part in the shared default box.
    public var isDefault: Bool {
        box.buffer === Part.sharedDefault || Part.sharedDefault.withUnsafeMutablePointerToHeader { box.pointer.pointee == $0.pointee }
    }

    public static func == (a: Self, b: Self) -> Bool { a.box == b.box }
    public func hash(into hasher: inout Hasher) { box.pointer.pointee.hash(into: &hasher) }

    public init(from decoder: Decoder) throws {
        self.init(wrappedValue: try decoder.singleValueContainer().decode(Part.self))
    }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(box.pointer.pointee)
    }
}
