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
        let s = lowercasedLetters(text)
        if s == "default" || s.isEmpty { return s.isEmpty ? nil : ("up_left", false) }
        // An ASCII key is searched on its bytes (the same answers as the `String` searches, which
        // compare `Character`s, for text that is not).
        let ascii = s.utf8.allSatisfy { $0 < 0x80 }
        func has(_ w: String) -> Bool {
            guard ascii else { return s.contains(w) }
            let b = s.utf8, n = w.utf8.count
            guard b.count >= n else { return false }
            var i = b.startIndex
            for _ in 0...(b.count - n) {
                if b[i...].starts(with: w.utf8) { return true }
                i = b.index(after: i)
            }
            return false
        }
        func starts(_ w: String) -> Bool { ascii ? s.utf8.starts(with: w.utf8) : s.hasPrefix(w) }
        func ends(_ w: String) -> Bool { ascii ? s.utf8.reversed().starts(with: w.utf8.reversed()) : s.hasSuffix(w) }
        let legacy = has("upper") || has("bottom")
        let up: Bool
        if starts("upper") || starts("up") || starts("top") { up = true }
        else if starts("lower") || starts("low") || starts("bottom") || starts("down") { up = false }
        else { return nil }
        let left: Bool
        if ends("left") { left = true } else if ends("right") { left = false } else { return nil }
        return (up ? (left ? "up_left" : "up_right") : (left ? "low_left" : "low_right"), legacy)
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

    static func normalise(_ text: String) -> String? { known[lowercasedLetters(text)] }
}

/// `text.lowercased().filter { $0.isLetter }`: an ASCII text's letters are lower-cased and kept on its
/// bytes, without lower-casing and filtering `Character`s (some 15,000 instructions a text).
func lowercasedLetters(_ text: String) -> String {
    guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return text.lowercased().filter { $0.isLetter } }
    var key: [UInt8] = []
    key.reserveCapacity(text.utf8.count)
    for c in text.utf8 {
        if c >= 0x41 && c <= 0x5A { key.append(c | 0x20) } else if c >= 0x61 && c <= 0x7A { key.append(c) }
    }
    return String(decoding: key, as: UTF8.self)
}
