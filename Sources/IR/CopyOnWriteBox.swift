/// A value kept in a heap box that copies share until one of them writes: what makes `Field` and the
/// `Boxed` parts cheap to copy. The value lives in a `ManagedBuffer` header and is reached through a
/// pointer, so reads neither copy it nor pay the run-time exclusivity check a class property would.
struct CopyOnWriteBox<Value> {
    private(set) var buffer: ManagedBuffer<Value, Void>

    init(_ value: Value) { buffer = .create(minimumCapacity: 0) { _ in value } }

    /// The value in the box. Valid while the box is: use it only within one accessor.
    var pointer: UnsafeMutablePointer<Value> { buffer.withUnsafeMutablePointerToHeader { $0 } }

    /// Gives this copy a box of its own when another copy shares it; call before every write.
    mutating func makeUnique() {
        guard !isKnownUniquelyReferenced(&buffer) else { return }
        let value = pointer.pointee
        buffer = .create(minimumCapacity: 0) { _ in value }
    }
}

/// Writes happen only on a uniquely referenced box, so sharing boxes between threads is safe.
extension CopyOnWriteBox: @unchecked Sendable where Value: Sendable {}

extension CopyOnWriteBox: Equatable where Value: Equatable {
    /// The same box, or equal values.
    static func == (a: Self, b: Self) -> Bool { a.buffer === b.buffer || a.pointer.pointee == b.pointer.pointee }
}
