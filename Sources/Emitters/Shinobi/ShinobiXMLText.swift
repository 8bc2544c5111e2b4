/// Builds indented XML text; escapes content and replaces characters XML 1.0 cannot hold.
struct ShinobiXMLText {
    private(set) var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    private var depth = 0
    /// Set when some text held a character XML 1.0 cannot carry (it was replaced by U+FFFD).
    private(set) var replacedCharacters = false

    mutating func open(_ name: String, name attribute: String? = nil) {
        text += indent + "<\(name)" + attributeText(attribute) + ">\n"
        depth += 1
    }

    mutating func close(_ name: String) {
        depth -= 1
        text += indent + "</\(name)>\n"
    }

    mutating func empty(_ name: String, name attribute: String? = nil) {
        text += indent + "<\(name)" + attributeText(attribute) + "/>\n"
    }

    mutating func leaf(_ name: String, _ content: String) {
        text += indent + "<\(name)>" + escape(content, quotes: false) + "</\(name)>\n"
    }

    private var indent: String { String(repeating: "  ", count: depth) }

    private mutating func attributeText(_ value: String?) -> String {
        guard let value else { return "" }
        return " name=\"" + escape(value, quotes: true) + "\""
    }

    private mutating func escape(_ s: String, quotes: Bool) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quotes: out += "&quot;"
            case "\r": out += "&#13;"
            case "\t" where quotes: out += "&#9;"
            case "\n" where quotes: out += "&#10;"
            default:
                let v = scalar.value
                let allowed = v == 0x9 || v == 0xA || (v >= 0x20 && v <= 0xD7FF) || (v >= 0xE000 && v <= 0xFFFD)
                    || v >= 0x10000
                if allowed { out.unicodeScalars.append(scalar) } else {
                    out += "\u{FFFD}"
                    replacedCharacters = true
                }
            }
        }
        return out
    }
}
