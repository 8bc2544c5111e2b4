import Foundation
import FormIR

/// Reads IR documents of version 1, the format formconv wrote before version 2: the IR types'
/// synthesized `Codable` (keys sorted, every default written, enumerations as `{"case": {"_0": …}}`),
/// documented in docs/ir-v1.md. Read exactly as before version 2 existed; never written.
enum IRJSONVersion1 {
    static let version = 1

    private struct Envelope: Decodable {
        var version: Int
        var form: Form
        enum CodingKeys: String, CodingKey { case version = "formconv-ir", form }
    }

    /// Non-finite numbers (YAML `.inf`, plist `nan`) as the strings plists use for them.
    private static let nonFinite = JSONDecoder.NonConformingFloatDecodingStrategy.convertFromString(
        positiveInfinity: "+infinity", negativeInfinity: "-infinity", nan: "nan")

    /// Decodes a version 1 document; the error names the JSON path that failed (its position is
    /// found by the caller).
    static func decode(_ bytes: [UInt8], name: String) throws -> Form {
        let envelope: Envelope
        do {
            let decoder = JSONDecoder()
            decoder.nonConformingFloatDecodingStrategy = nonFinite
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
            throw ReadFailure(id: "ir.version", IRReader.Message.unsupportedVersion(envelope.version),
                              at: SourceLocation(file: name, line: 1, column: 1))
        }
        var form = envelope.form
        RMSReadContext.liftSubstitutions(in: &form)
        liftCellClasses(in: &form)
        return form
    }

    /// Version 1 kept an XLForm row's `cellClass` as the extension `xlform.cellClass`; version 2 has
    /// it as the row's `appBinding.cellClass` (what the XLForm reader now reads), so targets name it.
    static func liftCellClasses(in form: inout Form) {
        func lift(_ field: inout Field) {
            guard case .string(let c)? = field.extensions["xlform.cellClass"], field.appBinding.cellClass == nil else { return }
            field.appBinding.cellClass = c
            field.extensions["xlform.cellClass"] = nil
        }
        for pi in form.pages.indices {
            for si in form.pages[pi].sections.indices {
                for fi in form.pages[pi].sections[si].fields.indices { lift(&form.pages[pi].sections[si].fields[fi]) }
                if var t = form.pages[pi].sections[si].dynamic?.template {
                    lift(&t)
                    form.pages[pi].sections[si].dynamic?.template = t
                }
            }
        }
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
