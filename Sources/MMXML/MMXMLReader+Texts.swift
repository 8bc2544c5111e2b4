import Foundation
import FormIR
import DocumentTree

/// Localized, possibly encoded texts: `<label language="FR_CA" encoding="base64">…</label>`.
extension ReadSession {
    /// The entry a text element holds: its `language` and its decoded text. Base64 and URL-encoded
    /// text is decoded; bytes that are not UTF-8 read as Windows-1252 (warned); text that does not
    /// decode is kept as written (warned).
    func textEntry(_ e: MMElement, path: @autoclosure () -> String) -> LocalizedText.Entry {
        textEntry(e, textAttributes(e, path: path()), path: path())
    }

    /// `textEntry` with the element's attributes already read.
    func textEntry(_ e: MMElement, _ attributes: TextAttributes, path: @autoclosure () -> String) -> LocalizedText.Entry {
        LocalizedText.Entry(locale: locale(attributes.language), text: decodedText(e, encoding: attributes.encoding, path: path()))
    }

    /// Where a text element's `language`, `encoding` and `value` attributes are (`document.attributes`
    /// indices; `nil` when absent): plain numbers, so passing them on retains nothing.
    struct TextAttributes {
        var language: Int?
        var encoding: Int?
        var value: Int?
    }

    /// Finds `e`'s `language`, `encoding` and `value` (each the first of its name) in one pass over its
    /// attributes, and warns about any other attribute (`langauge`), with the one it may mean.
    func textAttributes(_ e: MMElement, path: @autoclosure () -> String) -> TextAttributes {
        // By name number: `language`, `encoding` and `value` are the document's only names so spelled.
        let (language, encoding, value) = (document.languageAttributeID, document.encodingAttributeID, document.valueAttributeID)
        var found = TextAttributes()
        let attributes = e.attributes
        for i in attributes.indices {
            let id = document.attributes[i].name
            if id == language {
                if found.language == nil { found.language = i }
            } else if id == encoding {
                if found.encoding == nil { found.encoding = i }
            } else if id == value {
                if found.value == nil { found.value = i }
            } else {
                let a = attributes[i]
                let hint = Suggest.closest(to: a.name, in: Self.textAttributes.sorted()).map { " (did you mean '\($0)'?)" } ?? ""
                warning("mmxml.unknown-attribute", "unknown attribute '\(a.name)' on <\(e.name)>\(hint); it has no effect and is left out",
                        at: a.location, path: path())
            }
        }
        return found
    }

    /// The attributes a text element may carry (`value` on options, tags, images and overrides).
    static let textAttributes: Set<String> = ["language", "encoding", "value"]

    /// The value of the attribute at `index` of `document.attributes`.
    func attributeValue(_ index: Int) -> String { MMElement.Attribute(document: document, index: index).value }

    /// A `language` attribute's value (at `index`), trimmed; `nil` when absent or empty.
    func locale(_ index: Int?) -> String? {
        guard let index else { return nil }
        let locale = MMElement.Attribute(document: document, index: index).trimmedSpacesValue
        return locale.isEmpty ? nil : locale
    }

    /// `e`'s text, decoded as its `encoding` attribute says.
    func decodedText(_ e: MMElement, path: @autoclosure () -> String) -> String {
        decodedText(e, encoding: e.attribute(id: document.encodingAttributeID)?.index, path: path())
    }

    /// `e`'s text, decoded as its `encoding` attribute (at `index`) says.
    func decodedText(_ e: MMElement, encoding index: Int?, path: @autoclosure () -> String) -> String {
        guard let index else { return e.text }
        let encoding = MMElement.Attribute(document: document, index: index)
        switch encoding.textEncoding {
        case .base64:
            // Decoded from the document's bytes into `decodedBytes`, which the text is made of; the text
            // as written only when it is kept.
            guard let count = e.withTextBytes({ Base64Text.decode($0, into: &decodedBytes) }) else {
                warning("mmxml.bad-base64", "<\(e.name)> text is not valid base64; kept as written", at: textLocation(e), path: path())
                return e.text
            }
            let bytes = decodedBytes
            return bytes.withUnsafeBufferPointer {
                bytesAsText(UnsafeBufferPointer(rebasing: $0[..<count]), e, path: path(), isBase64: true)
            }
        case .url:
            let raw = e.text
            guard let bytes = Self.percentDecoded(raw) else {
                warning("mmxml.bad-urlencode", "<\(e.name)> text has an invalid %-escape; kept as written", at: textLocation(e), path: path())
                return raw
            }
            return bytes.withUnsafeBufferPointer { bytesAsText($0, e, path: path()) }
        default:
            warning("mmxml.unknown-encoding", "encoding '\(encoding.value)' is neither base64 nor URLEncode; text kept as written",
                    at: encoding.location, path: path())
            return e.text
        }
    }

    /// The text of decoded bytes: UTF-8, else Windows-1252 (warned). A base64 text read as Windows-1252
    /// is remembered (`windows1252Texts`), so that the emitter writes its bytes back the same way.
    private func bytesAsText(_ bytes: UnsafeBufferPointer<UInt8>, _ e: MMElement, path: @autoclosure () -> String,
                             isBase64: Bool = false) -> String {
        // Validated once, then copied into the string (`String(validating:as:)` goes through generic
        // code: some 800 instructions a text more).
        if let utf8 = try? UTF8Span(validating: bytes.span) { return String(copying: utf8) }
        let s = Windows1252.decode(bytes)
        if isBase64 { windows1252Texts.insert(s) }
        warning("mmxml.text-not-utf8", "decoded <\(e.name)> text is not UTF-8; read as Windows-1252: \"\(s)\"\(isBase64 ? " (written back in Windows-1252)" : "")",
                at: textLocation(e), path: path())
        return s
    }

    /// `%XX` escapes decoded to bytes; `nil` when an escape is malformed.
    static func percentDecoded(_ s: String) -> [UInt8]? {
        var out: [UInt8] = []
        let u = Array(s.utf8)
        var i = 0
        while i < u.count {
            if u[i] == UInt8(ascii: "%") {
                guard i + 2 < u.count, let hi = hex(u[i + 1]), let lo = hex(u[i + 2]) else { return nil }
                out.append(hi << 4 | lo)
                i += 3
            } else {
                out.append(u[i])
                i += 1
            }
        }
        return out
    }

    private static func hex(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Adds a text element to `text`; returns `false` (adding nothing) when `text` already has an entry
    /// for that language.
    func addText(_ e: MMElement, to text: inout LocalizedText?, path: @autoclosure () -> String) -> Bool {
        let attributes = textAttributes(e, path: path())
        let locale = locale(attributes.language)
        if text?.entries.contains(where: { sameLanguage($0.locale, locale) }) == true { return false }
        let entry = LocalizedText.Entry(locale: locale, text: decodedText(e, encoding: attributes.encoding, path: path()))
        // Appended in place (`text!` is the stored text itself, so the entries array is not copied).
        if text == nil { text = LocalizedText([entry]) } else { text!.entries.append(entry) }
        return true
    }

    /// The messages of an `<onmissing>`/`<onerror>`: one per language; duplicates after the first are
    /// reported (the legacy format repeats them).
    func addMessages(_ e: MMElement, to text: inout LocalizedText?, path: @autoclosure () -> String,
                     owner: @autoclosure () -> String) {
        for m in e.children {
            guard lowercasedNames[Int(m.nameID)] == "message" else {
                warning("mmxml.unknown-tag", "unknown tag <\(m.name)> in <\(e.name)> of \(owner()); ignored", at: m.location, path: path())
                continue
            }
            let entry = textEntry(m, path: path())
            if text?.entries.contains(where: { sameLanguage($0.locale, entry.locale) }) == true {
                warning("mmxml.duplicate-message",
                        "<\(e.name)> of \(owner()) repeats its \(entry.locale ?? "default") message; only the first counts",
                        at: m.location, path: path())
                continue
            }
            // Appended in place: `text` given up first, so the entries array is not copied.
            var t = text ?? LocalizedText()
            text = nil
            t.entries.append(entry)
            text = t
        }
        if e.children.isEmpty, !e.text.isEmpty {
            var t = text ?? LocalizedText()
            if !t.entries.contains(where: { $0.locale == nil }) { t.entries.append(.init(text: e.text)); text = t }
        }
    }
}
