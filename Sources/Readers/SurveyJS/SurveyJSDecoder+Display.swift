import FormIR
import DocumentTree

extension SurveyJSDecoder {
    /// An `html` question by what it shows: a rule alone (`<hr>`) is a separator, a line break alone
    /// (`<br>`) a spacer, no `html` at all an html element showing nothing, empty markup a label without text, one paragraph of plain text (`<p>…</p>` in every language) a label holding
    /// that text; any other markup stays HTML. Its `title`, which survey-core does not show on an html
    /// question, is the element's label; a paragraph showing just the title is that label.
    mutating func htmlDisplay(_ node: Node, owner: String, into f: inout Field) {
        let html = text(node["html"], owner: owner, key: "html")
        let title = text(node["title"], owner: owner)
        f.texts.label = title
        let shown = html?.entries.map(\.text) ?? []
        if node["html"] == nil {
            f.kind = .html  // what the writer makes of an html element with no markup
        } else if shown == ["<hr>"] {
            f.kind = .separator
        } else if shown == ["<br>"] {
            f.kind = .spacer
        } else if shown.allSatisfy(\.isEmpty) {
            f.kind = .label  // shows nothing but its place
        } else if let html, let plain = Self.paragraph(html) {
            f.kind = .label
            f.texts.body = plain == title ? nil : plain
        } else {
            f.texts.body = html
        }
    }

    /// The text of every entry that is one `<p>` of escaped text (line breaks as `<br>`), or `nil`
    /// when one holds other markup or an entity besides `&lt;`, `&gt;`, `&amp;` and `&#13;`.
    static func paragraph(_ html: LocalizedText) -> LocalizedText? {
        var out = LocalizedText()
        for e in html.entries {
            guard e.text.hasPrefix("<p>"), e.text.hasSuffix("</p>"), e.text.count >= 7, !e.text.contains("\n") else { return nil }
            let inner = e.text.dropFirst(3).dropLast(4).replacingOccurrences(of: "<br>", with: "\n")
            guard !inner.contains("<"), !inner.contains(">"), !inner.contains("\r") else { return nil }
            var text = ""
            var rest = Substring(inner)
            while let amp = rest.firstIndex(of: "&") {
                text += rest[..<amp]
                rest = rest[amp...]
                guard let (entity, char) = Self.entities.first(where: { rest.hasPrefix($0.0) }) else { return nil }
                text.append(char)
                rest = rest.dropFirst(entity.count)
            }
            text += rest
            out.entries.append(.init(locale: e.locale, text: text))
        }
        return out.isEmpty ? nil : out
    }

    /// The entities the writer's HTML escaping produces.
    static let entities: [(String, Character)] = [("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&"), ("&#13;", "\r")]
}
