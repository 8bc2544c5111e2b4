import Foundation
import FormIR

/// The `--report FILE` document: a JSON array with one object per diagnostic of the run, losses
/// included, in the order they were found. Every object has `severity`, `id`, `message`, `file`, `line`,
/// `column` and `path` (`null` when unknown); losses add `feature` and `target`.
public struct DiagnosticReport: Sendable {
    public struct Entry: Encodable, Sendable, Equatable {
        public var severity: String
        public var id: String
        public var message: String
        public var file: String?
        public var line: Int?
        public var column: Int?
        public var path: String?
        public var feature: String?
        public var target: String?

        enum CodingKeys: String, CodingKey { case severity, id, message, file, line, column, path, feature, target }

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(severity, forKey: .severity)
            try c.encode(id, forKey: .id)
            try c.encode(message, forKey: .message)
            try c.encode(file, forKey: .file)
            try c.encode(line, forKey: .line)
            try c.encode(column, forKey: .column)
            try c.encode(path, forKey: .path)
            if feature != nil || target != nil {
                try c.encode(feature, forKey: .feature)
                try c.encode(target, forKey: .target)
            }
        }
    }

    public private(set) var entries: [Entry] = []

    public init() {}

    /// Adds `diagnostics` found in input `file` (used when a diagnostic has no location).
    public mutating func add(_ diagnostics: [Diagnostic], file: String?) {
        for d in diagnostics {
            entries.append(Entry(severity: d.severity.rawValue, id: d.id, message: d.message,
                                 file: d.location?.file ?? file, line: d.location?.line, column: d.location?.column,
                                 path: d.path, feature: d.loss?.feature, target: d.loss?.target))
        }
    }

    /// The report as pretty-printed JSON with a final newline.
    public func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var bytes = Array((try? encoder.encode(entries)) ?? Data("[]".utf8))
        bytes.append(0x0A)
        return bytes
    }

    /// Writes the report atomically to `path`.
    public func write(to path: String) -> Result<Void, OutputProblem> { AtomicWriter.write(encoded(), to: path) }
}
