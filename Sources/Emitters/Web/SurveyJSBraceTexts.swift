import FormIR

/// SurveyJS replaces `{name}` in titles, descriptions, choice texts and messages with the value of the
/// question, variable or calculated value called `name`, and has no escape for a brace. A form text
/// holding `{…}` may therefore change on screen: each one is reported (`loss.text.braces`), naming the
/// field (or the form, page or group) and the text.
enum SurveyJSBraceTexts {
    static let feature = "text.braces"

    static func report(_ form: Form, target: String, into diagnostics: inout Diagnostics) {
        func check(_ text: LocalizedText?, _ what: String, _ owner: String, _ location: SourceLocation?, _ path: String) {
            guard let text else { return }
            for e in text.entries {
                guard let open = e.text.firstIndex(of: "{"), let close = e.text[open...].firstIndex(of: "}") else { continue }
                let name = e.text[e.text.index(after: open)..<close]
                diagnostics.loss(feature, target: target,
                                 "\(owner): the \(what) \"\(e.text.excerpt())\" holds {\(name)}; \(target) shows the value of a question or variable named '\(name)' there instead, if the survey has one (it has no escape for braces)",
                                 at: location, path: path)
                return
            }
        }
        check(form.title, "title", "form-level", form.location, "/")
        for (pi, page) in form.pages.enumerated() {
            let pagePath = "/pages/\(pi)"
            check(page.title, "title", "page '\(page.id ?? String(pi + 1))'", page.location, pagePath)
            for (si, section) in page.sections.enumerated() {
                let sectionPath = "\(pagePath)/sections/\(si)"
                let group = "group '\(section.id ?? String(si + 1))'"
                check(section.title, "title", group, section.location, sectionPath)
                check(section.footer, "footer", group, section.location, sectionPath)
                for f in section.fields {
                    let path = "\(sectionPath)/fields/\(f.id)"
                    check(f.texts.label, "label", f.id, f.location, path)
                    check(f.texts.detail, "detail text", f.id, f.location, path)
                    check(f.texts.placeholder, "placeholder", f.id, f.location, path)
                    check(f.texts.missingMessage, "missing-answer message", f.id, f.location, path)
                    check(f.texts.body, "text", f.id, f.location, path)
                    for o in f.options { check(o.label, "label of option '\(o.value.displayText)'", f.id, o.location ?? f.location, path) }
                    for p in f.validation.patterns { check(p.message, "pattern message", f.id, p.location ?? f.location, path) }
                }
            }
        }
    }
}
