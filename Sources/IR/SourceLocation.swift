/// A position in an input file: 1-based line, 1-based column counted in Unicode scalars.
public struct SourceLocation: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The file's name as given (a path, or `<stdin>`).
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, in Unicode scalars.
    public var column: Int

    /// Line `line`, column `column` of `file`, both 1-based.
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
    /// The name diagnostics print: a path, or `<stdin>`.
    public let name: String

    /// A file named `name`.
    public init(_ name: String) { self.name = name }
}

/// Wraps a value that travels with an IR node but takes no part in its equality or hash:
/// source locations, so that round-trip tests compare meaning, not positions.
@propertyWrapper
public struct Uncompared<T: Codable & Sendable>: Codable, Sendable, Hashable {
    /// The wrapped value, ignored by `==` and hashing.
    public var wrappedValue: T?

    /// Wraps `wrappedValue`.
    public init(wrappedValue: T?) { self.wrappedValue = wrappedValue }

    /// Always `true`: the value is not compared.
    public static func == (lhs: Self, rhs: Self) -> Bool { true }
    /// Hashes nothing, consistent with `==`.
    public func hash(into hasher: inout Hasher) {}

    /// Decodes the wrapped value (`nil` for null).
    public init(from decoder: Decoder) throws {
        wrappedValue = try decoder.singleValueContainer().decode(T?.self)
    }
    /// Encodes the wrapped value (null for `nil`).
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(wrappedValue)
    }
}

extension KeyedDecodingContainer {
    /// Decodes an `Uncompared` property, `nil` when its key is absent.
    public func decode<T>(_ type: Uncompared<T>.Type, forKey key: Key) throws -> Uncompared<T> {
        Uncompared(wrappedValue: try decodeIfPresent(T.self, forKey: key))
    }
}

extension KeyedEncodingContainer {
    /// Encodes an `Uncompared` property, leaving its key out when the value is `nil`.
    public mutating func encode<T>(_ value: Uncompared<T>, forKey key: Key) throws {
        try encodeIfPresent(value.wrappedValue, forKey: key)
    }
}
