import DocumentTree

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
        let (text, replaced) = XMLEscaping.escaped(s, attribute: quotes)
        if replaced > 0 { replacedCharacters = true }
        return text
    }
}
