/// A position in an input file: 1-based line, 1-based column counted in Unicode scalars.
public struct SourceLocation: Hashable, Codable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// The same location, with the file given as a `SourceFile` (what readers keep for their input).
    public init(file: SourceFile, line: Int, column: Int) {
        self.init(file: file.name, line: line, column: column)
    }

    /// The file, as a `SourceFile`.
    var sourceFile: SourceFile { SourceFile(file) }

    /// `file:line:col`, the form every diagnostic prints.
    public var description: String { "\(file):\(line):\(column)" }
}

/// An input file's name.
public struct SourceFile: Hashable, Sendable {
    public let name: String

    public init(_ name: String) { self.name = name }
}

/// Wraps a value that travels with an IR node but takes no part in its equality or hash:
/// source locations, so that round-trip tests compare meaning, not positions.
@propertyWrapper
public struct Uncompared<T: Codable & Sendable>: Codable, Sendable, Hashable {
    public var wrappedValue: T?

    public init(wrappedValue: T?) { self.wrappedValue = wrappedValue }

    public static func == (lhs: Self, rhs: Self) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}

    public init(from decoder: Decoder) throws {
        wrappedValue = try decoder.singleValueContainer().decode(T?.self)
    }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(wrappedValue)
    }
}

extension KeyedDecodingContainer {
    public func decode<T>(_ type: Uncompared<T>.Type, forKey key: Key) throws -> Uncompared<T> {
        Uncompared(wrappedValue: try decodeIfPresent(T.self, forKey: key))
    }
}

extension KeyedEncodingContainer {
    public mutating func encode<T>(_ value: Uncompared<T>, forKey key: Key) throws {
        try encodeIfPresent(value.wrappedValue, forKey: key)
    }
}
