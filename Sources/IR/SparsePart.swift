/// A part of a value that most values leave empty (a field's layout, style, formatting, validation,
/// submission, app binding, option range, default value): it takes one word inside the value, and
/// its contents live in a side allocation made only when the part is first set to something not empty.
///
/// The side allocation is a `ContiguousArray` of no element or one: a value with copy-on-write, so a
/// change is made in place when the allocation is not shared (no copy, no comparison, no new
/// allocation). Only a change to a part with no allocation yet compares the result with `T.emptyPart`,
/// to allocate only for a part that is not empty. A part changed back to empty keeps its allocation:
/// equality, hashing and coding are those of the part itself, so it compares, hashes and codes as one
/// never set. Coded as the bare part: a field's `layout` encodes and decodes exactly as before.
///
/// Its accessors are inlinable, so code in other modules reads a part in place: `isSet` (through the
/// projection, `field.$layout.isSet`) tests for a part without reading it, and `read` hands one
/// property of the part out without copying the rest (`texts.rare.read { $0.detail }`). A read through
/// a non-inlinable accessor or a `_read` coroutine would copy the containing value out of its array
/// and allocate the coroutine's frame for each read.
@propertyWrapper
public struct Sparse<T: SparsePartValue> {
    /// The part, when it has an allocation: no element (the part is `T.emptyPart`) or one.
    @usableFromInline var side: ContiguousArray<T>

    /// A part holding `wrappedValue`.
    @inlinable public init(wrappedValue: T) { side = wrappedValue == T.emptyPart ? [] : [wrappedValue] }

    /// The part: `T.emptyPart` when nothing is stored.
    @inlinable public var wrappedValue: T {
        @inline(__always) get { side.isEmpty ? T.emptyPart : side[0] }
        set {
            if !side.isEmpty { side[0] = newValue } else if newValue != T.emptyPart { side.append(newValue) }
        }
        @inline(__always) _modify {
            if !side.isEmpty {
                yield &side[0]
            } else {
                var part = T.emptyPart
                defer { if part != T.emptyPart { side.append(part) } }
                yield &part
            }
        }
    }

    /// The wrapper itself, for `isSet` and `read` (`field.$layout.isSet`).
    @inlinable public var projectedValue: Sparse<T> { self }

    /// Whether the part is not `T.emptyPart`: `false` with no allocation, without a comparison.
    @inlinable public var isSet: Bool { !side.isEmpty && side[0] != T.emptyPart }

    /// `body` applied to the part, read in place.
    @inlinable public func read<R>(_ body: (T) throws -> R) rethrows -> R {
        side.isEmpty ? try body(T.emptyPart) : try body(side[0])
    }
}

extension Sparse: Hashable {
    /// Whether the parts are equal (an emptied part equals one never set).
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.wrappedValue == rhs.wrappedValue }

    /// Hashes the part.
    public func hash(into hasher: inout Hasher) { hasher.combine(wrappedValue) }
}

extension Sparse: Sendable where T: Sendable {}

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
    public static let emptyPart = Layout()
}

extension Style: SparsePartValue {
    /// No colours, size, alignment or class.
    public static let emptyPart = Style()
}

extension Formatting: SparsePartValue {
    /// No display format.
    public static let emptyPart = Formatting()
}

extension Validation: SparsePartValue {
    /// Not required, no constraint.
    public static let emptyPart = Validation()
}

extension Submission: SparsePartValue {
    /// Submitted under its id, as it is.
    public static let emptyPart = Submission()
}

extension AppBinding: SparsePartValue {
    /// Nothing supplied by the app.
    public static let emptyPart = AppBinding()
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
