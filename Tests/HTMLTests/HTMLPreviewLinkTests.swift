import Emitters
import FormConvTestSupport
import FormIR
import Foundation
import Testing

/// Form text is text (issue 35): a button's link is written only for http, https and mailto
/// addresses; any other scheme (`javascript:`, `data:`, `vbscript:`, however spelled) is a loss naming
/// the field, and no `href` carries it.
@Suite struct HTMLPreviewLinkTests {
    static func emit(_ url: String) throws -> (String, Diagnostics) {
        let button = Field(id: "go", kind: .button, texts: FieldTexts(label: "Go"), actions: [.openURL(url)], location: HTMLHarness.at(3))
        let (html, d) = try HTMLHarness.emit(Form(pages: [Page(sections: [Section(fields: [button])])]))
        return (String(decoding: html, as: UTF8.self), d)
    }

    /// The values of every `href` in `html`.
    static func hrefs(_ html: String) -> [String] {
        html.components(separatedBy: "href=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    @Test(arguments: ["https://example.com/a?b=1", "http://example.com", "mailto:help@example.com", "HTTPS://EXAMPLE.COM"])
    func webAndMailAddressesAreLinks(_ url: String) throws {
        let (html, d) = try Self.emit(url)
        #expect(html.contains("href=\"\(url)\""))
        #expect(!d.losses.contains { $0.id == "loss.action.open-url" })
    }

    @Test(arguments: ["javascript:alert(1)", " JavaScript:alert(1)", "\u{1}javascript:alert(1)", "data:text/html,<b>x</b>",
                      "vbscript:msgbox", "relative/path", "java\tscript:alert(1)"])
    func otherSchemesAreNeverLinks(_ url: String) throws {
        let (html, d) = try Self.emit(url)
        #expect(!Self.hrefs(html).contains { $0.lowercased().contains("script") || $0.hasPrefix("data:") || $0 == url },
                "\(Self.hrefs(html))")
        let loss = d.losses.first { $0.id == "loss.action.open-url" }
        #expect(loss?.message.hasPrefix("go: ") == true, "\(d.losses.map(\.message))")
    }
}
