import FormIR

/// The legacy (older) MM XML format, which an upgrade tool converts to the current one. The reader
/// accepts it, normalises it with `mmxml.deprecated` warnings, and writes back the current spelling.
enum Legacy {
    /// Tag spellings of the old format and their current names.
    static let tagNames: [String: String] = [
        "regEx": "regex", "regExMessage": "regexmessage", "regexMessage": "regexmessage", "regExmessage": "regexmessage",
    ]
    /// Validation names of the old format.
    static let validationNames: [String: String] = ["numbers": "numeric"]
    /// Elements of the old format that mean nothing now.
    static let obsoleteElements: Set<String> = ["remoteserver", "theme"]
    /// Attributes of containers and items that the old format used and the current one dropped.
    static let obsoleteAttributes: Set<String> = ["language", "emailName"]
}

/// `<buttonPosition>`: up left, up right, low right, low left, in any reasonable spelling.
enum ButtonPosition {
    /// The normalised position (`up_left`, …) and whether the spelling is the legacy one
    /// (`bottom`, `upper`); `nil` when the text names no position.
    static func normalise(_ text: String) -> (position: String, isLegacy: Bool)? {
        let s = text.lowercased().filter { $0.isLetter }
        if s == "default" || s.isEmpty { return s.isEmpty ? nil : ("up_left", false) }
        let legacy = s.contains("upper") || s.contains("bottom")
        let vertical: String
        if s.hasPrefix("upper") || s.hasPrefix("up") || s.hasPrefix("top") { vertical = "up" }
        else if s.hasPrefix("lower") || s.hasPrefix("low") || s.hasPrefix("bottom") || s.hasPrefix("down") { vertical = "low" }
        else { return nil }
        let horizontal: String
        if s.hasSuffix("left") { horizontal = "left" } else if s.hasSuffix("right") { horizontal = "right" } else { return nil }
        return ("\(vertical)_\(horizontal)", legacy)
    }
}

/// addressField `<country>`: the names real renderers know, normalised.
enum Country {
    static let known: [String: String] = [
        "canada": "CANADA", "ca": "CANADA", "can": "CANADA",
        "quebec": "QUEBEC", "québec": "QUEBEC", "qc": "QUEBEC",
        "usa": "USA", "us": "USA", "unitedstates": "USA", "unitedstatesofamerica": "USA", "america": "USA",
        "france": "FRANCE", "fra": "FRANCE", "fr": "FRANCE",
        "uk": "UK", "unitedkingdom": "UK", "gb": "UK", "greatbritain": "UK", "england": "UK",
        "mexico": "MEXICO", "méxico": "MEXICO", "mex": "MEXICO", "mx": "MEXICO",
    ]

    static func normalise(_ text: String) -> String? {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // The same key from ASCII bytes, without lower-casing and filtering `Character`s.
            var key: [UInt8] = []
            for c in text.utf8 {
                if c >= 0x41 && c <= 0x5A { key.append(c | 0x20) } else if c >= 0x61 && c <= 0x7A { key.append(c) }
            }
            return known[String(decoding: key, as: UTF8.self)]
        }
        return known[text.lowercased().filter { $0.isLetter }]
    }
}
