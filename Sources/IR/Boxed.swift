/// A part of the IR that most fields leave at its default (layout, style, formatting, submission).
public protocol DefaultedPart: Hashable, Codable, Sendable {
    /// The part with nothing set.
    init()
    /// `init()`, kept once per process at a fixed address (`keptForever`). A `Boxed` part at its
    /// default holds no box and is read through this pointer, so it costs no reference counting: a
    /// shared default box was retained and released by every copy and check of every field, on both
    /// threads at once, and its count's cache line moved between the cores each time.
    static var defaultValue: UnsafePointer<Self> { get }
}

extension Layout: DefaultedPart {
    public init() { self.init(position: nil) }
    nonisolated(unsafe) public static let defaultValue = keptForever(Layout())
}
extension Style: DefaultedPart {
    public init() { self.init(textColor: nil) }
    nonisolated(unsafe) public static let defaultValue = keptForever(Style())
}
extension Formatting: DefaultedPart {
    public init() { self.init(dateFormat: nil) }
    nonisolated(unsafe) public static let defaultValue = keptForever(Formatting())
}
extension Submission: DefaultedPart {
    public init() { self.init(key: nil) }
    nonisolated(unsafe) public static let defaultValue = keptForever(Submission())
}

/// `value` in memory of its own that is never freed: for the few defaults the process keeps.
func keptForever<T>(_ value: T) -> UnsafePointer<T> {
    let p = UnsafeMutablePointer<T>.allocate(capacity: 1)
    p.initialize(to: value)
    return UnsafePointer(p)
}

/// Keeps a `DefaultedPart` out of line in a copy-on-write box, or in no box at all while it is at its
/// default. Reads go through a pointer (no copy, no run-time exclusivity check); equality, hashing and
/// the IR JSON are those of the value itself. It makes a `Field` about half as large: a form of thirty
/// thousand fields is some 15 MB smaller.
@propertyWrapper
public struct Boxed<Part: DefaultedPart>: Hashable, Codable, Sendable {
    /// `nil` for a part built at its default and never written since.
    private var box: CopyOnWriteBox<Part>?

    public init(wrappedValue: Part) {
        // Compared in place with the kept default: building `Part()` for each comparison cost more
        // than the comparison.
        box = wrappedValue == Part.defaultValue.pointee ? nil : CopyOnWriteBox(wrappedValue)
    }

    /// Where the value is: in the box, or the kept default. Valid only within one accessor, or while
    /// the value holding the part is, for reading (`Field.storedLayout`, …).
    var pointer: UnsafePointer<Part> {
        if let p = box?.pointer { return UnsafePointer(p) }
        return Part.defaultValue
    }

    public var wrappedValue: Part {
        _read { yield pointer.pointee }
        _modify {
            if box == nil { box = CopyOnWriteBox(Part.defaultValue.pointee) } else { box!.makeUnique() }
            yield &box!.pointer.pointee
        }
    }

    /// `true` when the part equals `Part()`; a `nil` test for a part that was never written.
    public var isDefault: Bool {
        guard let p = box?.pointer else { return true }
        return p.pointee == Part.defaultValue.pointee
    }

    public static func == (a: Self, b: Self) -> Bool {
        (a.box == nil && b.box == nil) || a.pointer.pointee == b.pointer.pointee
    }
    public func hash(into hasher: inout Hasher) { pointer.pointee.hash(into: &hasher) }

    public init(from decoder: Decoder) throws {
        self.init(wrappedValue: try decoder.singleValueContainer().decode(Part.self))
    }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(pointer.pointee)
    }
}
