import Emitters
import FormConvKit
import FormIR
import Foundation
import Testing

/// Every example in `examples/` (MM XML and the other formats) → its schema and losses, compared with `Fixtures/<example>.*`,
/// checked against both metaschemas by python's `jsonschema`, with a payload the legacy app would send.
@Suite struct ExampleGoldenTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples")

    /// Every example file formconv can read (the format detected from its name and content).
    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? []).filter { name in
            let bytes = (try? Data(contentsOf: examples.appendingPathComponent(name))).map(Array.init) ?? []
            return FormatDetector.detect(name: name, bytes: bytes).flatMap(FormatRegistry.reader(for:)) != nil
        }.sorted()
    }

    static func read(_ file: String) throws -> Form {
        let bytes = Array(try Data(contentsOf: examples.appendingPathComponent(file)))
        let format = try #require(FormatDetector.detect(name: file, bytes: bytes))
        var d = Diagnostics()
        let reader = try #require(FormatRegistry.reader(for: format))
        return try reader.read(InputDocument(name: "examples/\(file)", bytes: bytes), diagnostics: &d)
    }

    @Test func examplesExist() {
        #expect(Self.files.count >= 3)
    }

    @Test(arguments: files)
    func golden(_ file: String) throws {
        let form = try Self.read(file)
        // `signup.xml` → `signup.*`; examples sharing a stem (`x.rows.json`, `x.rows.yaml`) keep their whole name.
        let stem = (file as NSString).deletingPathExtension
        let name = Self.files.filter { ($0 as NSString).deletingPathExtension == stem }.count > 1 ? file : stem
        let s = try SchemaHarness.emit(form)
        Golden.check(s.text, against: "\(name).schema.json")
        Golden.check(Golden.lossText(s.diagnostics), against: "\(name).losses.txt")
        let payload = try Self.legacyPayload(for: form)
        try SchemaHarness.expect(s, valid: [payload])
        let s07 = try SchemaHarness.emit(form, draft: "07")
        try SchemaHarness.expect(s07, draft: "07", valid: [payload])
    }

    /// A payload as the legacy app sends it in the form's initial state: every key `SubmissionModel`
    /// submits, with a plausible value of the type it sends.
    static func legacyPayload(for form: Form) throws -> String {
        var parts: [String] = []
        for page in form.pages {
            for section in page.sections {
                for field in section.fields
                where SubmissionModel.isSubmitted(field, hidden: field.isHidden || section.isHidden || page.isHidden) {
                    for key in SubmissionModel.keys(for: field) { parts.append("\"\(key.key)\": \(sample(key, field))") }
                }
            }
        }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    static func sample(_ key: SubmittedKey, _ field: Field) -> String {
        switch key.valueType {
        case .zeroOne: return "1"
        case .bitmask: return "1"
        case .unixTime: return "281062800"
        case .integer where sendsText(field), .number where sendsText(field):
            return sampleText(field, key: key)
        case .integer: return String(Int(field.validation.minValue ?? 1))
        case .number: return String(field.validation.minValue ?? 1)
        case .boolean: return "true"
        case .array: return field.options.first.map { "[\(json($0.value))]" } ?? "[]"
        case .dateComponent(let part): return part == "year" ? "\"1978\"" : (part == "day" ? "\"05\"" : "\"11\"")
        case .formattedDate: return "\"\""
        case .isoDate:
            switch field.kind {
            case .date: return "\"2024-01-31\""
            case .dateTime: return "\"2024-01-31T10:00:00Z\""
            case .time: return "\"10:00:00Z\""
            default: return "\"\""
            }
        case .string:
            if key.component == nil, let o = field.options.first { return json(o.value) }
            if key.component == nil, let r = field.optionRange { return "\"\(r.lower)\"" }
            return sampleText(field, key: key)
        }
    }

    /// MM textFields with a numeric validation submit their digits as text.
    static func sendsText(_ field: Field) -> Bool {
        let digits: [NamedValidator] = [.numericOnly, .numericWithPeriods, .numeric]
        return field.validation.named.contains { digits.contains($0) }
    }

    static func json(_ v: Value) -> String {
        switch v {
        case .string(let s): return "\"\(s)\""
        default: return v.displayText
        }
    }

    static func sampleText(_ field: Field, key: SubmittedKey) -> String {
        if key.component == "partClone" { return "\"4111\"" }
        if key.component != nil { return "\"x\"" }
        let named = Set(field.validation.named.map(\.rawValue))
        var text = "Jane"
        if !field.validation.patterns.isEmpty {
            let candidates = ["Jane", "Jane Doe", "Passw0rdX", "4111111111111111", "1234", "jane@example.com", "AB123", "https://example.com"]
            return "\"" + (candidates.first { c in
                field.validation.patterns.allSatisfy { p in c.range(of: p.regex, options: .regularExpression) != nil }
            } ?? text) + "\""
        }
        if named.contains("email") || field.kind == .email { text = "jane@example.com" }
        else if field.kind == .url { text = "https://example.com" }
        else if named.contains("numericOnly") || named.contains("numeric") || named.contains("numericWithPeriods") {
            text = "1234"
        }
        else if named.contains("intlphonenumber") || named.contains("usphonenumber") { text = "617-555-1234" }
        else if named.contains("canadianPostalCode") { text = "H3T1W5" }
        else if named.contains("usPostalCode") { text = "02139" }
        if let min = field.validation.minLength, text.count < min { text += String(repeating: "1", count: min - text.count) }
        if let max = field.validation.maxLength, text.count > max { text = String(text.prefix(max)) }
        return "\"\(text)\""
    }
}
