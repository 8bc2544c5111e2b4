import DocumentTree
import FormIR

/// Describes the IR document, version 2 (docs/ir.md), to `JSONFittedWriter`, which makes each list's
/// elements as it writes them (a large form's document is never whole in memory): keys in the
/// documented order, defaults and empty containers left out, values as plain JSON, enumerations as
/// strings or one-key objects, source locations as `"at": "line:column"`.
struct IRJSONEncoder {
    static let version = 2

    /// The file most locations are in, written once as the document's `file`: an `at` in that file
    /// leaves it out.
    let file: String?

    init(form: Form) { file = Self.mainFile(of: form) }

    func document(_ form: Form) -> FittedNode {
        var o = IRJSONObject()
        o.int("formconv-ir", Self.version)
        o.string("file", file)
        o.string("id", form.id)
        o.add("title", form.title.map(text))
        o.string("defaultLocale", form.defaultLocale)
        o.list("validationGroups", form.validationGroups) { .array($0.map(FittedNode.string)) }
        o.list("requirementGroups", form.requirementGroups, requirementGroup)
        o.add("hiddenFields", form.hiddenFields.map(hiddenFields))
        o.flag("isDisabled", form.isDisabled)
        var layout = IRJSONObject()
        layout.number("pageWidth", form.layout.pageWidth)
        layout.number("leftMargin", form.layout.leftMargin)
        layout.number("rightMargin", form.layout.rightMargin)
        o.object("layout", layout)
        var colors = IRJSONObject()
        colors.string("requiredItem", form.requiredItemColor?.description)
        colors.string("optionalItem", form.optionalItemColor?.description)
        o.object("colors", colors)
        o.list("pages", form.pages, page)
        o.list("rules", form.rules, rule)
        o.add("extensions", extensions(form.extensions))
        o.add("at", at(form.location))
        return o.node
    }

    /// `{"fields": [id], "spelling": text, "declaredOn": [id], "at"}`.
    func requirementGroup(_ g: RequirementGroup) -> FittedNode {
        var o = IRJSONObject()
        o.add("fields", .array(g.fields.map(FittedNode.string)))
        o.string("spelling", g.spelling)
        o.list("declaredOn", g.declaredOn) { .string($0) }
        o.add("at", at(g.location))
        return o.node
    }

    /// `{"validatesHidden": bool, "values": policy}`; `values` is always written.
    func hiddenFields(_ h: HiddenFieldRules) -> FittedNode {
        var o = IRJSONObject()
        o.flag("validatesHidden", h.validatesHidden)
        o.string("values", h.values.rawValue)
        return o.node
    }

    func page(_ page: Page) -> FittedNode {
        var o = IRJSONObject()
        o.string("id", page.id)
        o.add("title", page.title.map(text))
        o.flag("isHidden", page.isHidden)
        o.flag("isImplicit", page.isImplicit)
        o.string("backgroundColor", page.backgroundColor?.description)
        o.list("sections", page.sections, section)
        o.add("extensions", extensions(page.extensions))
        o.add("at", at(page.location))
        return o.node
    }

    func section(_ section: Section) -> FittedNode {
        var o = IRJSONObject()
        o.string("id", section.id)
        o.add("title", section.title.map(text))
        o.add("footer", section.footer.map(text))
        o.flag("isHidden", section.isHidden)
        o.add("dynamic", section.dynamic.map(dynamic))
        o.object("style", style(section.style))
        o.list("fields", section.fields, field)
        o.object("appBinding", appBinding(section.appBinding))
        o.add("extensions", extensions(section.extensions))
        o.add("at", at(section.location))
        return o.node
    }

    func dynamic(_ d: DynamicSection) -> FittedNode {
        var o = IRJSONObject()
        o.flag("allowsInsert", d.allowsInsert)
        o.flag("allowsDelete", d.allowsDelete)
        o.flag("allowsReorder", d.allowsReorder)
        o.add("insertTitle", d.insertTitle.map(text))
        o.string("idPrefix", d.idPrefix)
        o.add("template", d.template.map(field))
        o.string("insertMode", d.insertMode)
        return o.node
    }

    func field(_ f: Field) -> FittedNode {
        var o = IRJSONObject()
        o.string("id", f.id)
        o.string("kind", f.kind.rawValue)
        o.string("presentation", f.presentation?.rawValue)
        o.object("texts", texts(f.texts))
        o.list("options", f.options, option)
        o.add("optionRange", f.optionRange.map(optionRange))
        o.flag("allowsMultiple", f.allowsMultiple)
        o.add("defaultValue", f.defaultValue.map(value))
        o.object("validation", validation(f.validation))
        o.flag("isHidden", f.isHidden)
        o.flag("isDisabled", f.isDisabled)
        o.object("layout", layout(f.layout))
        o.object("style", style(f.style))
        o.object("formatting", formatting(f.formatting))
        o.list("actions", f.actions, action)
        o.object("submission", submission(f.submission))
        o.object("appBinding", appBinding(f.appBinding))
        o.add("extensions", extensions(f.extensions))
        o.add("at", at(f.location))
        return o.node
    }

    /// `line:column` in the document's `file`, else `file:line:column` (read from the right, so a
    /// file name may hold colons).
    func at(_ location: SourceLocation?) -> FittedNode? {
        guard let l = location else { return nil }
        return .string(l.file == file ? "\(l.line):\(l.column)" : "\(l.file):\(l.line):\(l.column)")
    }

    /// The file of the form's location, else of the first page, section, field or rule that has one.
    static func mainFile(of form: Form) -> String? {
        if let l = form.location { return l.file }
        for page in form.pages {
            if let l = page.location { return l.file }
            for section in page.sections {
                if let l = section.location { return l.file }
                if let l = section.fields.lazy.compactMap(\.location).first { return l.file }
            }
        }
        return form.rules.lazy.compactMap(\.location).first?.file
    }
}
