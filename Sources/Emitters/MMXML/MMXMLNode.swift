import DocumentTree

/// An element the MM XML emitter writes: attributes in the order given, text or children.
struct MMXMLNode {
    var name: String
    var attributes: [(name: String, value: String)] = []
    var text: String?
    var children: [MMXMLNode] = []

    init(_ name: String, _ attributes: [(name: String, value: String)] = [], text: String? = nil,
         children: [MMXMLNode] = []) {
        self.name = name
        self.attributes = attributes
        self.text = text
        self.children = children
    }

    /// Adds an attribute unless one of that name is already there.
    mutating func set(_ name: String, _ value: String?) {
        guard let value, !attributes.contains(where: { $0.name == name }) else { return }
        attributes.append((name, value))
    }

    /// Adds `<name>text</name>` when `text` is given.
    mutating func add(_ name: String, _ text: String?) {
        guard let text else { return }
        children.append(MMXMLNode(name, text: text))
    }
}

/// Serialises nodes with two-space indentation; counts characters XML 1.0 cannot hold (dropped).
struct MMXMLWriter {
    private(set) var output = ""
    private(set) var droppedCharacters = 0

    mutating func document(_ root: MMXMLNode) -> String {
        output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        write(root, depth: 0)
        return output
    }

    private mutating func write(_ n: MMXMLNode, depth: Int) {
        let pad = String(repeating: "  ", count: depth)
        var open = "<\(n.name)"
        for a in n.attributes { open += " \(a.name)=\"\(escape(a.value, attribute: true))\"" }
        if n.children.isEmpty {
            if let t = n.text, !t.isEmpty { output += "\(pad)\(open)>\(escape(t, attribute: false))</\(n.name)>\n" }
            else { output += "\(pad)\(open)/>\n" }
            return
        }
        output += "\(pad)\(open)>\n"
        if let t = n.text, !t.isEmpty { output += "\(pad)  \(escape(t, attribute: false))\n" }
        for c in n.children { write(c, depth: depth + 1) }
        output += "\(pad)</\(n.name)>\n"
    }

    private mutating func escape(_ s: String, attribute: Bool) -> String {
        let (text, replaced) = XMLEscaping.escaped(s, attribute: attribute)
        droppedCharacters += replaced
        return text
    }

}
