import DocumentTree
import FormIR

/// The preview page: a header with the title and language switch, one tab per page, the form's
/// sections as fieldsets of fields (`+Field`), the validation, submission and losses panels, then the
/// runtime's data (`+Data`), condition functions and script. Nothing is loaded from elsewhere: the
/// page's Content-Security-Policy forbids every fetch.
extension HTMLEmission {

    /// The policy every preview carries: inline style and script, images from `data:` only.
    static let contentSecurityPolicy =
        "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; form-action 'none'"

    /// Writes everything but the panels and scripts (`finish` adds those once every loss is known).
    mutating func writeForm() {
        html.raw("<!DOCTYPE html>\n")
        html.open("html", [("lang", Self.language(texts.locale))])
        html.open("head")
        html.open("meta", [("charset", "utf-8")])
        html.open("meta", [("http-equiv", "Content-Security-Policy"), ("content", Self.contentSecurityPolicy)])
        html.open("meta", [("name", "viewport"), ("content", "width=device-width, initial-scale=1")])
        html.element("title", text: form.title.map(texts.string) ?? form.id ?? "Form preview")
        html.raw("\n<style>\n")
        html.embedded(HTMLStyle.css)
        html.raw("</style>\n</head>\n<body>\n")
        writeHeader()
        var formStyle: String?
        if let w = form.layout.pageWidth, w > 0 { formStyle = "max-width:\(Value.format(w))px" }
        html.open("form", [("id", "fc-form"), ("novalidate", ""), ("style", formStyle)])
        html.open("fieldset", [("class", "fc-body"), ("disabled", form.isDisabled ? "" : nil)])
        var sectionIndex = 0
        var planIndex = 0
        for (pi, page) in form.pages.enumerated() {
            html.open("section", [("class", "fc-page"), ("id", "fc-p-\(pi)"), ("data-page", page.id ?? ""),
                                  ("hidden", pi == firstShownPage ? nil : "")])
            if let title = page.title { textElement("h2", title, attributes: [("class", "fc-page-title")]) }
            for section in page.sections {
                html.open("fieldset", [("class", "fc-section"), ("id", "fc-s-\(sectionIndex)"),
                                       ("data-section", section.id ?? ""), ("hidden", section.isHidden ? "" : nil)])
                if let title = section.title { textElement("legend", title) }
                for _ in section.fields {
                    writeField(plans[planIndex])
                    planIndex += 1
                }
                if let footer = section.footer { textElement("p", footer, attributes: [("class", "fc-footer")]) }
                html.close("fieldset")
                sectionIndex += 1
            }
            html.close("section")
        }
        html.close("fieldset")
        html.raw("<div class=\"fc-actions\"><button type=\"button\" id=\"fc-prev\">Previous</button>"
                 + "<button type=\"button\" id=\"fc-next\">Next</button>"
                 + "<button type=\"submit\" id=\"fc-submit\">Submit</button></div>\n")
        html.close("form")
    }

    /// The page shown first: the first one not hidden.
    var firstShownPage: Int { form.pages.firstIndex { !$0.isHidden } ?? 0 }

    private mutating func writeHeader() {
        html.open("header", [("class", "fc-header")])
        if let title = form.title { textElement("h1", title) } else { html.element("h1", text: form.id ?? "Form") }
        let locales = form.locales
        if locales.count > 1 {
            html.open("label", [("class", "fc-lang")])
            html.text("Language ")
            html.open("select", [("id", "fc-lang")])
            for l in locales {
                html.element("option", [("value", l), ("selected", l.lowercased() == texts.locale?.lowercased() ? "" : nil)], text: l)
            }
            html.close("select")
            html.close("label")
        }
        html.close("header")
        html.open("nav", [("class", "fc-tabs"), ("role", "tablist"), ("hidden", form.pages.count > 1 ? nil : "")])
        for (pi, page) in form.pages.enumerated() {
            let attributes: [(String, String?)] = [("type", "button"), ("role", "tab"), ("class", "fc-tab"), ("data-tab", String(pi)),
                                                   ("aria-selected", pi == firstShownPage ? "true" : "false"),
                                                   ("hidden", page.isHidden ? "" : nil)]
            if let title = page.title {
                html.open("button", attributes + [("data-fc-t", String(texts.number(title)))])
                html.text(texts.string(title))
                html.close("button")
            } else {
                html.element("button", attributes, text: page.id ?? "Page \(pi + 1)")
            }
        }
        html.close("nav")
    }

    /// `<name data-fc-t=n>text</name>`: a text the language switch rewrites.
    mutating func textElement(_ name: String, _ text: LocalizedText, attributes: [(String, String?)] = []) {
        html.element(name, attributes + [("data-fc-t", String(texts.number(text)))], text: texts.string(text))
        html.raw("\n")
    }

    /// The panels (validation, submission, losses) and the scripts.
    mutating func finish(data: Node, losses: [Diagnostic]) -> [UInt8] {
        html.raw("<aside class=\"fc-panels\">\n")
        html.raw("<section id=\"fc-validation\" hidden><h2>Validation</h2><ul id=\"fc-errors\"></ul></section>\n")
        html.raw("<section id=\"fc-submission\"><h2>Submission</h2><p id=\"fc-status\">The payload the form sends now:</p>"
                 + "<pre id=\"fc-payload\"></pre></section>\n")
        html.open("section", [("id", "fc-losses")])
        html.element("h2", text: "Not shown in this preview (\(losses.count))")
        if losses.isEmpty { html.element("p", text: "Everything in the input is shown.") }
        html.raw("<ul>\n")
        for d in losses {
            html.open("li", [("data-loss", d.loss?.feature)])
            if let l = d.location { html.element("code", text: l.description); html.text(" ") }
            html.text(d.message)
            html.text(" ")
            html.element("span", [("class", "fc-id")], text: "[\(d.id)]")
            html.close("li")
        }
        html.raw("</ul>\n</section>\n</aside>\n")
        html.raw("<script type=\"application/json\" id=\"fc-data\">")
        html.embeddedStrings(String(decoding: JSONWriter.write(data, pretty: false), as: UTF8.self))
        html.raw("</script>\n<script>\nvar FC_FUNCTIONS = ")
        html.embeddedStrings(functionsSource)
        html.raw(";\n</script>\n<script>\n")
        html.embedded(HTMLRuntimeScript.source)
        html.raw("</script>\n</body>\n</html>\n")
        return html.bytes
    }

    /// `EN_US` → `en-US`, the HTML `lang` spelling.
    static func language(_ locale: String?) -> String {
        let parts = (locale ?? "").split(whereSeparator: { $0 == "_" || $0 == "-" })
        guard let first = parts.first, parts.allSatisfy({ $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        else { return "en" }
        return ([first.lowercased()] + parts.dropFirst().map { $0.uppercased() }).joined(separator: "-")
    }
}
