import Foundation

/// The IR's own serialization (`--to ir`, `--from ir`): a versioned JSON document
/// `{"formconv-ir": <version>, "form": {…}}`, documented in docs/ir.md.
public enum IRDocument {
    /// Bumped on every incompatible change of the IR's shape.
    public static let version = 1

    private struct Envelope: Codable {
        var version: Int
        var form: Form
        enum CodingKeys: String, CodingKey { case version = "formconv-ir", form }
    }

    /// Non-finite numbers (YAML `.inf`, plist `nan`) as the strings plists use for them.
    private static let nonFinite = JSONEncoder.NonConformingFloatEncodingStrategy.convertToString(
        positiveInfinity: "+infinity", negativeInfinity: "-infinity", nan: "nan")
    private static let nonFiniteDecoding = JSONDecoder.NonConformingFloatDecodingStrategy.convertFromString(
        positiveInfinity: "+infinity", negativeInfinity: "-infinity", nan: "nan")

    public static func encode(_ form: Form) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = nonFinite
        var bytes = Array(try encoder.encode(Envelope(version: version, form: form)))
        bytes.append(0x0A)
        return bytes
    }

    /// Decodes an IR document; the error names the JSON path that failed.
    public static func decode(_ bytes: [UInt8], name: String) throws -> Form {
        let envelope: Envelope
        do {
            let decoder = JSONDecoder()
            decoder.nonConformingFloatDecodingStrategy = nonFiniteDecoding
            envelope = try decoder.decode(Envelope.self, from: Data(bytes))
        } catch let DecodingError.dataCorrupted(ctx) {
            throw ReadFailure(id: "ir.invalid-json", "not a formconv IR document: \(describe(ctx))",
                              at: SourceLocation(file: name, line: 1, column: 1))
        } catch let DecodingError.keyNotFound(key, ctx) {
            throw ReadFailure(Diagnostic(.error, id: "ir.invalid", "missing key '\(key.stringValue)' at \(path(ctx.codingPath))",
                                         at: SourceLocation(file: name, line: 1, column: 1), path: path(ctx.codingPath)))
        } catch let DecodingError.typeMismatch(_, ctx), let DecodingError.valueNotFound(_, ctx) {
            throw ReadFailure(Diagnostic(.error, id: "ir.invalid", "\(describe(ctx)) at \(path(ctx.codingPath))",
                                         at: SourceLocation(file: name, line: 1, column: 1), path: path(ctx.codingPath)))
        }
        guard envelope.version == version else {
            throw ReadFailure(id: "ir.version", "IR version \(envelope.version) is not supported (this formconv reads version \(version))",
                              at: SourceLocation(file: name, line: 1, column: 1))
        }
        return envelope.form
    }

    private static func path(_ keys: [CodingKey]) -> String {
        "/" + keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: "/")
    }
    private static func describe(_ ctx: DecodingError.Context) -> String {
        var s = ctx.debugDescription
        if let u = ctx.underlyingError { s += " (\(u.localizedDescription))" }
        return s
    }
}
