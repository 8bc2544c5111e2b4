import Foundation

/// Guesses an input's format from its name and its content, as `--from` would name it.
///
/// Compound extensions (`.ir.json`, `.xlform.json`, `.rmsform.json`, `.xlform.plist`, `.rmsform.plist`,
/// `.shinobi.xml`) decide alone. Otherwise the content decides, read through `EncodingNormalizer` (so a
/// BOM or UTF-16 is no obstacle): binary and XML property lists by their root (dictionary: XLForm,
/// array: RMSForm), XML by its root element (`form` with `sections`/`fieldGroups`: ShinobiForms, else
/// MM XML), JSON by its keys (`formconv-ir`: IR, `formSections`/`formRows`: XLForm, top-level array:
/// RMSForm JSON, `pages`/`elements`/`questions` with typed, named elements: SurveyJS, else the row schema), and YAML by `.yaml`/`.yml` or by a first line that is a YAML
/// directive, document start or `key:` mapping entry. When the content is empty or says nothing clear, a
/// plain extension decides (`.xml`: MM XML, `.plist`: RMSForm, `.json`: row schema) and a corrupt
/// binary plist goes to the RMSForm reader, so that the reader reports what is wrong and where.
public enum FormatDetector {
    /// How much of the input the content checks look at.
    static let headSize = 8192

    /// `nil` when neither the extension nor the content identifies a readable format.
    public static func detect(name: String, bytes: [UInt8]) -> FormatID? {
        let lower = name.lowercased()
        for (suffix, format) in compoundExtensions where lower.hasSuffix(suffix) { return format }
        if bytes.starts(with: Array("bplist".utf8)) { return sniffBinaryPlist(bytes) ?? .rmsform }
        let head = String(decoding: EncodingNormalizer.normalize(Array(bytes.prefix(headSize))).bytes, as: UTF8.self)
        let text = head.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if text.hasPrefix("<"), let f = sniffXML(text) { return f }
        if text.hasPrefix("{") || text.hasPrefix("[") { return sniffJSON(text) }
        if lower.hasSuffix(".yaml") || lower.hasSuffix(".yml") || looksLikeYAML(text) { return .yaml }
        return byExtension(lower)
    }

    /// The reader a plain extension names when the content says nothing clearer (empty, truncated or
    /// corrupt files), so that the reader reports the problem with its position: the table's
    /// fallback suffixes (`.xml`: MM XML, `.plist`: RMSForm, `.json`: row schema).
    static func byExtension(_ lowercasedName: String) -> FormatID? {
        FormatRegistry.table.first { $0.fallbackSuffixes.contains { lowercasedName.hasSuffix($0) } }?.id
    }

    /// Names formconv gives its own outputs, which say the format exactly: the table's name suffixes.
    static let compoundExtensions: [(String, FormatID)] =
        FormatRegistry.table.flatMap { e in e.nameSuffixes.map { ($0, e.id) } }

    static func sniffBinaryPlist(_ bytes: [UInt8]) -> FormatID? {
        guard let root = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil) else {
            return nil
        }
        if root is [Any] { return .rmsform }
        if root is [String: Any] { return .xlformPlist }
        return nil
    }

    static func sniffXML(_ text: Substring) -> FormatID? {
        if text.contains("<plist") || text.contains("<!DOCTYPE plist") {
            guard let body = text.range(of: "<plist") else { return .rmsform }
            let after = text[body.upperBound...]
            guard let close = after.firstIndex(of: ">") else { return nil }
            let inner = after[after.index(after: close)...].drop { $0.isWhitespace }
            if inner.hasPrefix("<dict") { return .xlformPlist }
            if inner.hasPrefix("<array") { return .rmsform }
            return nil
        }
        guard let root = rootElement(text) else { return nil }
        guard root == "form" else { return nil }
        if text.contains("<sections") || text.contains("<fieldGroups") { return .shinobi }
        return .mmxml
    }

    /// The name of the first element, skipping the XML declaration, comments, processing instructions
    /// and the doctype.
    static func rootElement(_ text: Substring) -> String? {
        var rest = text
        while let lt = rest.firstIndex(of: "<") {
            let after = rest[rest.index(after: lt)...]
            if after.hasPrefix("?") || after.hasPrefix("!") {
                let terminator = after.hasPrefix("!--") ? "-->" : ">"
                // Compared by Character like Foundation's `range(of:)`, without bridging the whole head to
                // NSString (a UTF-16 index of the 8 KB head for a terminator a few characters away).
                guard let end = after.firstRange(of: terminator) else { return nil }
                rest = after[end.upperBound...]
                continue
            }
            let name = after.prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" }
            return name.isEmpty ? nil : String(name)
        }
        return nil
    }

    static func sniffJSON(_ text: Substring) -> FormatID? {
        if text.contains("\"formconv-ir\"") { return .ir }
        if text.hasPrefix("[") { return .rmsformJSON }
        if text.contains("\"formSections\"") || text.contains("\"formRows\"") { return .xlform }
        if looksLikeSurveyJS(text) { return .surveyjs }
        if text.contains("\"$schema\"") && !text.contains("\"sections\"") { return nil }
        return .json
    }

    /// A SurveyJS survey: `pages`, `elements` or `questions` holding objects with a `type` and a
    /// `name` (or a page's `elements`), and no row-schema `sections`.
    static func looksLikeSurveyJS(_ text: Substring) -> Bool {
        guard !text.contains("\"sections\"") else { return false }
        let containers = ["\"pages\"", "\"elements\"", "\"questions\""]
        guard containers.contains(where: { text.contains($0) }) else { return false }
        return text.contains("\"type\"") && text.contains("\"name\"")
    }

    /// A YAML directive, a document start, or a first content line of the form `key:` / `key: value`.
    static func looksLikeYAML(_ text: Substring) -> Bool {
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.drop { $0 == " " }
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("%YAML") || line == "---" || line.hasPrefix("--- ") { return true }
            var key = line.prefix { $0.isLetter || $0.isNumber || "_-.".contains($0) }
            if key.isEmpty, line.first == "\"" || line.first == "'" {
                let q = line.first!
                let body = line.dropFirst()
                guard let end = body.firstIndex(of: q) else { return false }
                key = line[line.startIndex...end]
            }
            guard !key.isEmpty else { return false }
            let after = line[key.endIndex...].drop { $0 == " " }
            return after.first == ":" && (after.count == 1 || after.dropFirst().first?.isWhitespace == true)
        }
        return false
    }

    /// The error recorded when `detect` returns `nil`: names the input and asks for `--from`.
    public static func undetectedMessage(name: String) -> String {
        let readable = FormatRegistry.readable.map(\.rawValue).joined(separator: ", ")
        return "cannot tell the format of \(name) from its name or content; name it with --from FORMAT (one of \(readable))"
    }
}
