/// Guesses an input's format from its name and its first bytes, as `--from` would name it.
public enum FormatDetector {
    /// `nil` when neither the extension nor the content identifies a readable format.
    public static func detect(name: String, bytes: [UInt8]) -> FormatID? {
        let lower = name.lowercased()
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
        if lower.hasSuffix(".ir.json") { return .ir }
        if lower.hasSuffix(".yaml") || lower.hasSuffix(".yml") { return .yaml }
        if bytes.starts(with: Array("bplist".utf8)) || head.contains("<plist") {
            return sniffPlist(head, bytes: bytes)
        }
        if lower.hasSuffix(".xml") || head.trimmingLeadingSpace.hasPrefix("<") {
            return sniffXML(head)
        }
        if lower.hasSuffix(".json") || head.trimmingLeadingSpace.hasPrefix("{") || head.trimmingLeadingSpace.hasPrefix("[") {
            return sniffJSON(head)
        }
        if lower.hasSuffix(".plist") { return sniffPlist(head, bytes: bytes) }
        return nil
    }

    static func sniffXML(_ head: String) -> FormatID? {
        if head.contains("<page") || head.contains("<group") || head.contains("<item") { return .mmxml }
        if head.contains("<sections") || head.contains("<fieldGroups") { return .shinobi }
        if head.contains("<form") { return .mmxml }
        return nil
    }

    static func sniffJSON(_ head: String) -> FormatID? {
        let t = head.trimmingLeadingSpace
        if t.contains("\"formconv-ir\"") { return .ir }
        if t.contains("\"formSections\"") || t.contains("\"formRows\"") { return .xlform }
        if t.hasPrefix("[") { return .rmsformJSON }
        return .json
    }

    static func sniffPlist(_ head: String, bytes: [UInt8]) -> FormatID? {
        if bytes.starts(with: Array("bplist".utf8)) {
            // Binary plists name their keys in a string table: look for XLForm's.
            let text = String(decoding: bytes, as: UTF8.self)
            return text.contains("formSections") || text.contains("formRows") ? .xlformPlist : .rmsform
        }
        if head.contains("formSections") || head.contains("formRows") { return .xlformPlist }
        return .rmsform
    }
}

extension String {
    var trimmingLeadingSpace: Substring {
        var s = Substring(self)
        if s.hasPrefix("\u{FEFF}") { s = s.dropFirst() }
        return s.drop { $0.isWhitespace }
    }
}
