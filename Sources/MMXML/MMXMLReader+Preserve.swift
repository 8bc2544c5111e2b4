import FormIR

/// The `mmxml.*` extension keys the reader writes and the emitter reads back (see docs/mmxml.md).
enum MMKey {
    /// Unknown (or, for the item type, unused) tags, in source order with their attributes and children.
    static let tags = "mmxml.tags"
    /// Unknown attributes, in source order, as `[name, value]` pairs.
    static let attributes = "mmxml.attributes"
    /// `true` on the page or group the reader made for items (or groups) written without one.
    static let implicit = "mmxml.implicit"
    /// On the form: the base64 texts whose bytes were Windows-1252 (decoded), written back so.
    static let windows1252Texts = "mmxml.windows1252Texts"
    /// On a relationship: `<evaluate>` texts as written when that differs from the canonical spelling.
    static let evaluateSpellings = "mmxml.evaluateSpellings"
}

extension ReadSession {
    /// An element as an extension value: `{name, attributes: [[n, v]], text, children}` (empty parts left out).
    static func preserved(_ e: MMElement) -> Value {
        var o: [String: Value] = ["name": .string(e.name)]
        if !e.attributes.isEmpty {
            o["attributes"] = .array(e.attributes.map { .array([.string($0.name), .string($0.value)]) })
        }
        if !e.text.isEmpty { o["text"] = .string(e.text) }
        if !e.children.isEmpty { o["children"] = .array(e.children.map(preserved)) }
        return .object(o)
    }

    /// Keeps `e` in `extensions[mmxml.tags]`, warning with `id` (default `mmxml.unknown-tag`).
    func keepTag(_ e: MMElement, in extensions: inout Extensions, path: String, owner: String,
                 id: String = "mmxml.unknown-tag", message: String? = nil) {
        warning(id, message ?? "unknown tag <\(e.name)> in \(owner); kept as written", at: e.location, path: path)
        var list = extensions[MMKey.tags]?.arrayValue ?? []
        list.append(Self.preserved(e))
        extensions[MMKey.tags] = .array(list)
    }

    /// Keeps an attribute in `extensions[mmxml.attributes]`, warning with `id`.
    func keepAttribute(_ a: MMElement.Attribute, in extensions: inout Extensions, path: String, owner: String,
                       id: String = "mmxml.unknown-attribute", message: String? = nil) {
        warning(id, message ?? "unknown attribute '\(a.name.excerpt())' on \(owner); kept as written", at: a.location, path: path)
        // Taken out of the dictionary first, so the list is appended to in place: copied out while the
        // dictionary still held it, each attribute copied all the earlier ones (100,000 unknown
        // attributes on one item took 476 s).
        var list = extensions.removeValue(forKey: MMKey.attributes)?.arrayValue ?? []
        list.append(.array([.string(a.name), .string(a.value)]))
        extensions[MMKey.attributes] = .array(list)
    }
}

extension LocalizedText {
    /// The text as an extension value: `[{language?, text}]` in entry order.
    var extensionValue: Value {
        .array(entries.map { e in
            var o: [String: Value] = ["text": .string(e.text)]
            if let l = e.locale { o["language"] = .string(l) }
            return .object(o)
        })
    }
}
