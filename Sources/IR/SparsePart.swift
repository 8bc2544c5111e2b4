/// A part of a value that most values leave empty (a field's layout, style, formatting, validation,
/// submission, app binding, option range, default value): it takes one word inside the value, and
/// its contents live in a side allocation made only when the part is not empty.
///
/// Reading an empty part gives `T.emptyPart`; writing `T.emptyPart` frees the side allocation, so
/// an empty part is always stored the same way and equality, hashing and coding are those of the
/// part itself. Coded as the bare part: a field's `layout` encodes and decodes exactly as before.
@propertyWrapper
public struct Sparse<T: SparsePartValue>: Hashable {
    /// The part when it is not empty.
    var side: SideBox<T>?

    /// A part holding `wrappedValue`.
    public init(wrappedValue: T) { side = SideBox(wrappedValue) }

    /// The part: `T.emptyPart` when nothing is stored.
    public var wrappedValue: T {
        get {
            if case .value(let v)? = side { return v }
            return T.emptyPart
        }
        set { side = SideBox(newValue) }
        _modify {
            var v = wrappedValue
            side = nil  // the copy is the only reference: arrays inside it grow in place
            defer { side = SideBox(v) }
            yield &v
        }
    }
}

/// The side allocation of a `Sparse` part: an indirect enumeration, so a value, not a class.
enum SideBox<T: SparsePartValue>: Hashable {
    indirect case value(T)

    /// `value` boxed, or `nil` when it is empty.
    init?(_ value: T) {
        if value == T.emptyPart { return nil }
        self = .value(value)
    }
}

extension Sparse: Sendable where T: Sendable {}

extension SideBox: Sendable where T: Sendable {}

/// A value that can be a `Sparse` part: it has an empty form, the one most values hold.
public protocol SparsePartValue: Hashable, Codable {
    /// The part as a value that does not use it has it.
    static var emptyPart: Self { get }
}

extension Optional: SparsePartValue where Wrapped: Hashable & Codable {
    /// `nil`.
    public static var emptyPart: Self { nil }
}

extension Layout: SparsePartValue {
    /// No position or size.
    public static var emptyPart: Layout { Layout() }
}

extension Style: SparsePartValue {
    /// No colours, size, alignment or class.
    public static var emptyPart: Style { Style() }
}

extension Formatting: SparsePartValue {
    /// No display format.
    public static var emptyPart: Formatting { Formatting() }
}

extension Validation: SparsePartValue {
    /// Not required, no constraint.
    public static var emptyPart: Validation { Validation() }
}

extension Submission: SparsePartValue {
    /// Submitted under its id, as it is.
    public static var emptyPart: Submission { Submission() }
}

extension AppBinding: SparsePartValue {
    /// Nothing supplied by the app.
    public static var emptyPart: AppBinding { AppBinding() }
}

extension Sparse: Codable {
    /// Decodes the bare part.
    public init(from decoder: Decoder) throws {
        self.init(wrappedValue: try decoder.singleValueContainer().decode(T.self))
    }

    /// Encodes the bare part.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(wrappedValue)
    }
}

// A containing type's synthesized coding calls these for its `Sparse` properties, so each codes as a
// property of the part's own type would: an optional part is left out when `nil` and may be missing,
// an app binding may be missing, every other part is required.
extension KeyedEncodingContainer {
    /// Encodes the part under `key`.
    public mutating func encode<T>(_ value: Sparse<T>, forKey key: Key) throws {
        try encode(value.wrappedValue, forKey: key)
    }

    /// Encodes an optional part under `key`, or nothing when it is `nil`.
    public mutating func encode<T>(_ value: Sparse<T?>, forKey key: Key) throws {
        try encodeIfPresent(value.wrappedValue, forKey: key)
    }
}

extension KeyedDecodingContainer {
    /// Decodes the part under `key`, which must be there.
    public func decode<T>(_ type: Sparse<T>.Type, forKey key: Key) throws -> Sparse<T> {
        Sparse(wrappedValue: try decode(T.self, forKey: key))
    }

    /// Decodes an optional part under `key`: `nil` when missing or null.
    public func decode<T>(_ type: Sparse<T?>.Type, forKey key: Key) throws -> Sparse<T?> {
        Sparse(wrappedValue: try decodeIfPresent(T.self, forKey: key))
    }

    /// Decodes an app binding under `key`: empty when missing.
    public func decode(_ type: Sparse<AppBinding>.Type, forKey key: Key) throws -> Sparse<AppBinding> {
        Sparse(wrappedValue: try decode(AppBinding.self, forKey: key))
    }
}
