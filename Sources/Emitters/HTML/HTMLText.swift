import DocumentTree
import Foundation

/// HTML under construction: elements with escaped attributes and text (XML's escaping, which HTML
/// reads the same way), and script text that cannot close its `<script>` element early.
struct HTMLText {
    private(set) var bytes: [UInt8] = []

    /// `<name a="v" …>`; an attribute whose value is `nil` is left out, one whose value is `""` is
    /// written bare (`hidden`).
    mutating func open(_ name: String, _ attributes: [(String, String?)] = []) {
        bytes.append(contentsOf: "<\(name)".utf8)
        for (key, value) in attributes {
            guard let value else { continue }
            bytes.append(contentsOf: " \(key)".utf8)
            if value.isEmpty { continue }
            bytes.append(contentsOf: "=\"".utf8)
            XMLEscaping.escape(value, attribute: true, into: &bytes)
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append(UInt8(ascii: ">"))
    }

    mutating func close(_ name: String) { bytes.append(contentsOf: "</\(name)>\n".utf8) }

    /// `<name …>text</name>`.
    mutating func element(_ name: String, _ attributes: [(String, String?)] = [], text: String) {
        open(name, attributes)
        self.text(text)
        bytes.append(contentsOf: "</\(name)>".utf8)
    }

    mutating func text(_ s: String) { XMLEscaping.escape(s, into: &bytes) }

    /// Markup written as is (the emitter's own constant markup only).
    mutating func raw(_ s: String) { bytes.append(contentsOf: s.utf8) }

    /// A `<script>` or `<style>` body: `</` is written `<\/`, which JavaScript strings, JSON and CSS
    /// read as the same characters, so no text from the input can end the element.
    mutating func embedded(_ s: String) { raw(Self.embeddable(s)) }

    static func embeddable(_ s: String) -> String { s.replacingOccurrences(of: "</", with: "<\\/") }

    /// JSON or JavaScript whose every `<` is inside a string literal (the data, the condition functions):
    /// each `<` is written `\u003c`, so neither `</script` nor `<!--` from the input can change how the
    /// browser splits the page.
    mutating func embeddedStrings(_ s: String) { raw(s.replacingOccurrences(of: "<", with: "\\u003c")) }
}
