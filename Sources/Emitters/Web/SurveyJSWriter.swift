import DocumentTree
import FormIR

/// Builds the survey JSON of one form: structure and texts here, questions in `+Questions`, conditions
/// and computed values in `+Logic`.
struct SurveyJSWriter {
    let web: WebEmitContext
    let expressions: SurveyJSExpression
    var diagnostics = Diagnostics()
    /// Names taken so far: question names are the field ids; pages and panels get theirs after them.
    var names: Set<String>
    /// Rules whose condition could not be written, reported once each.
    var failedRules: Set<Int> = []
    /// Field ids already written as a question's name.
    var questionNames: Set<String> = []

    init(_ web: WebEmitContext) {
        self.web = web
        var answers: [String: FieldKind] = [:]
        for f in web.form.allFields where !f.kind.isDisplayOnly { answers[f.id] = f.kind }
        self.expressions = SurveyJSExpression(answers: answers)
        self.names = Set(web.form.allFields.map(\.id))
    }

    mutating func survey() -> Node {
        var root = SchemaObject()
        if let title = web.form.title { root.set("title", loc(title)) }
        // The language of the `default` texts: survey-core falls back to them in it (it has none of
        // its own), and a reader knows which language they are.
        if let shown = web.locales.shownLocale(of: web.form) { root.set("locale", .string(WebLocales.tag(shown))) }
        root.set("showQuestionNumbers", .string("off"))
        setHiddenValues(into: &root)
        var pages: [Node] = []
        for (pi, page) in web.form.pages.enumerated() {
            pages.append(self.page(page, index: pi))
        }
        root.set("pages", .array(pages))
        reportUnwrittenProperties()
        return root.node
    }

    private mutating func page(_ page: Page, index pi: Int) -> Node {
        var o = SchemaObject()
        o.set("name", .string(uniqueName(page.id, fallback: "page\(pi + 1)")))
        if let title = page.title { o.set("title", loc(title)) }
        if let id = page.id {
            setVisibility(web.rules.visible(.page(id), hidden: page.isHidden), into: &o)
        } else if page.isHidden {
            o.set("visible", .bool(false))
        }
        var elements: [Node] = []
        for (si, section) in page.sections.enumerated() {
            elements.append(panel(section, path: "/pages/\(pi)/sections/\(si)", number: si + 1, page: pi + 1))
        }
        o.set("elements", .array(elements))
        return o.node
    }

    private mutating func panel(_ section: Section, path: String, number: Int, page: Int) -> Node {
        var o = SchemaObject()
        o.set("type", .string("panel"))
        o.set("name", .string(uniqueName(section.id, fallback: "page\(page)panel\(number)")))
        if let title = section.title { o.set("title", loc(title)) }
        if let footer = section.footer { o.set("description", loc(footer)) }
        if let id = section.id {
            setVisibility(web.rules.visible(.section(id), hidden: section.isHidden), into: &o)
        } else if section.isHidden {
            o.set("visible", .bool(false))
        }
        o.set("elements", .array(section.fields.map { question($0, path: "\(path)/fields/\($0.id)") }))
        return o.node
    }

    /// `preferred` when no question, page or panel has it yet, else a numbered variant.
    mutating func uniqueName(_ preferred: String?, fallback: String) -> String {
        var name = preferred ?? fallback
        var n = 2
        while names.contains(name) { name = (preferred ?? fallback) + "_\(n)"; n += 1 }
        names.insert(name)
        return name
    }

    /// A localizable string: plain text with one language, else `{"default": …, "<tag>": …}`.
    func loc(_ text: LocalizedText) -> Node {
        let base = web.locales.baseText(text) ?? ""
        let translated = web.locales.translations(text)
        if translated.isEmpty { return .string(base) }
        return .object([("default", .string(base))] + translated.map { (WebLocales.tag($0.locale), .string($0.text)) })
    }
}
