import Foundation

/// A position in an input file: 1-based line, 1-based column counted in Unicode scalars.
///
/// Sixteen bytes and free to copy: the file name is interned once per process (see `SourceFile`) and
/// the location keeps an unretained reference to it, so the millions of copies a large form makes of
/// its locations cost no reference counting.
public struct SourceLocation: Hashable, Codable, Sendable, CustomStringConvertible {
    private var source: SourceFile
    private var line32: UInt32
    private var column32: UInt32

    public var file: String {
        get { source.name }
        set { source = SourceFile(newValue) }
    }
    public var line: Int {
        get { Int(line32) }
        set { line32 = UInt32(clamping: newValue) }
    }
    public var column: Int {
        get { Int(column32) }
        set { column32 = UInt32(clamping: newValue) }
    }

    public init(file: String, line: Int, column: Int) {
        self.init(file: SourceFile(file), line: line, column: column)
    }

    /// The same location, with a file name interned beforehand: what readers use for the many
    /// locations of one input.
    public init(file: SourceFile, line: Int, column: Int) {
        source = file
        line32 = UInt32(clamping: line)
        column32 = UInt32(clamping: column)
    }

    /// The interned file name.
    var sourceFile: SourceFile { source }

    /// `file:line:col`, the form every diagnostic prints.
    public var description: String { "\(file):\(line):\(column)" }

    private enum CodingKeys: String, CodingKey { case file, line, column }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(file: try c.decode(String.self, forKey: .file), line: try c.decode(Int.self, forKey: .line),
                  column: try c.decode(Int.self, forKey: .column))
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(file, forKey: .file)
        try c.encode(line, forKey: .line)
        try c.encode(column, forKey: .column)
    }
}

/// An input file's name, interned: every `SourceFile` made from the same name is the same reference,
/// and it lives until the process ends. Copies are not reference counted.
public struct SourceFile: Hashable, Sendable {
    private unowned(unsafe) let entry: Entry

    /// Interns `name` (a lookup under a lock: make one per input and reuse it).
    public init(_ name: String) { entry = Entry.table.intern(name) }

    public var name: String { entry.name }

    public static func == (a: SourceFile, b: SourceFile) -> Bool { a.entry === b.entry }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(entry)) }

    private final class Entry: Sendable {
        let name: String
        init(name: String) { self.name = name }

        static let table = Table()
    }

    /// Every name interned so far. Entries are never removed, which is what makes the unretained
    /// references in `SourceFile` safe.
    private final class Table: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [String: Entry] = [:]
        private var last: Entry?

        func intern(_ name: String) -> Entry {
            lock.lock()
            defer { lock.unlock() }
            if let last, last.name == name { return last }
            let entry = entries[name] ?? Entry(name: name)
            entries[name] = entry
            last = entry
            return entry
        }
    }
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
