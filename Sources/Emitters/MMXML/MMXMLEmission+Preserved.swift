import Foundation
import FormIR
import DocumentTree

/// Writing back what the reader kept: `mmxml.tags` (elements) and `mmxml.attributes` (name/value pairs),
/// and localized texts with their encodings.
extension MMXMLEmission {
    func addPreservedAttributes(_ ext: Extensions, to node: inout MMXMLNode) {
        for pair in ext["mmxml.attributes"]?.arrayValue ?? [] {
            guard let a = pair.arrayValue, a.count == 2, let n = a[0].stringValue, let v = a[1].stringValue else { continue }
            node.set(n, v)
        }
    }

    func preservedTags(_ ext: Extensions) -> [MMXMLNode] {
        (ext["mmxml.tags"]?.arrayValue ?? []).compactMap(MMXMLEmission.element)
    }

    /// Rebuilds an element kept as `{name, attributes, text, children}`.
    static func element(_ v: Value) -> MMXMLNode? {
        guard let o = v.objectValue, let name = o["name"]?.stringValue else { return nil }
        var n = MMXMLNode(name, text: o["text"]?.stringValue)
        for pair in o["attributes"]?.arrayValue ?? [] {
            if let a = pair.arrayValue, a.count == 2, let k = a[0].stringValue, let val = a[1].stringValue { n.set(k, val) }
        }
        n.children = (o["children"]?.arrayValue ?? []).compactMap(element)
        return n
    }

    /// `<name language="…">text</name>` per entry; text that is not plain printable ASCII, or that has
    /// surrounding whitespace, is written `encoding="base64"` so that it reads back exactly.
    /// One language only unless `keepLegacy` (see `writtenEntries`), reported for the current `owner`.
    func textNodes(_ name: String, _ text: LocalizedText?) -> [MMXMLNode] {
        writtenEntries(text, element: name, owner: owner.name, at: owner.location, path: owner.path)
            .map { textNode(name, $0.text, locale: $0.locale) }
    }

    /// A text the reader decoded from Windows-1252 base64 (`mmxml.windows1252Texts`) is written in
    /// Windows-1252 again, so that its bytes keep the meaning they had for the renderers that ran it.
    func textNode(_ name: String, _ text: String, locale: String?, extra: [(name: String, value: String)] = []) -> MMXMLNode {
        var n = MMXMLNode(name, extra)
        if keepLegacy {
            n.set("language", locale)
            if locale != nil { keptOutsideSchema.append("<\(name) language>") }
        } else if locale != nil {
            strippedLanguages += 1
        }
        if MMXMLEmission.needsEncoding(text) {
            n.set("encoding", "base64")
            let bytes = windows1252Texts.contains(text) ? Windows1252.encode(text) ?? Array(text.utf8) : Array(text.utf8)
            n.text = Data(bytes).base64EncodedString()
        } else {
            n.text = text
        }
        return n
    }

    static func needsEncoding(_ text: String) -> Bool {
        if text != text.trimmingCharacters(in: .whitespacesAndNewlines) { return true }
        return text.unicodeScalars.contains { !($0.isASCII && ($0.value >= 0x20 || $0 == "\n") && $0.value != 0x7F) }
    }

    /// A localized text as the reader keeps it in an extension: `[{language?, text}]`.
    static func localizedText(_ v: Value?) -> LocalizedText? {
        guard let list = v?.arrayValue else { return nil }
        let entries = list.compactMap { e -> LocalizedText.Entry? in
            guard let o = e.objectValue, let t = o["text"]?.stringValue else { return nil }
            return LocalizedText.Entry(locale: o["language"]?.stringValue, text: t)
        }
        return entries.isEmpty ? nil : LocalizedText(entries)
    }
}
