import DocumentTree
import FormIR

/// Reads an IR document, version 2 (docs/ir.md), from its JSON tree: what is left out takes its
/// default; a missing key or a value of the wrong type is an `ir.invalid` error naming the JSON path,
/// at the value's position; a key the version does not define is an `ir.unknown-key` warning.
final class IRJSONDecoder {
    static let version = 2

    /// The document's `file`: where an `at` without a file name points.
    private var file: String?
    private var warnings: [Diagnostic] = []

    static func decode(_ root: Node, diagnostics: inout Diagnostics) throws -> Form {
        let decoder = IRJSONDecoder()
        let form = try decoder.document(IRJSONElement(node: root, path: ""))
        // Objects report their unknown keys once read, inner ones first: report them in document order.
        let order = { (i: Int, d: Diagnostic) in (d.location?.line ?? 0, d.location?.column ?? 0, i) }
        diagnostics.append(contentsOf: decoder.warnings.enumerated().sorted {
            order($0.offset, $0.element) < order($1.offset, $1.element)
        }.map(\.element))
        return form
    }

    /// Reads the members of the object `e` with `body`, then reports the members it did not read.
    func object<T>(_ e: IRJSONElement, _ body: (inout IRJSONMembers) throws -> T) throws -> T {
        var members = try IRJSONMembers(e)
        let result = try body(&members)
        for (key, location) in members.unread {
            warnings.append(Diagnostic(.warning, id: "ir.unknown-key", IRJSONMessage.unknownKey(key, at: e.displayPath),
                                       at: location ?? e.node.location, path: e.child(key, e.node).path))
        }
        return result
    }

    private func document(_ e: IRJSONElement) throws -> Form {
        try object(e) { m in
            _ = try m.required("formconv-ir").int()
            file = try m.string("file")
            let colors = try m.optional("colors").map(formColors)
            return Form(id: try m.string("id"), title: try m.optional("title").map(text),
                        defaultLocale: try m.string("defaultLocale"), pages: try m.list("pages", page),
                        rules: try m.list("rules", rule),
                        validationGroups: try m.list("validationGroups") { try $0.array().map { try $0.string() } },
                        isDisabled: try m.flag("isDisabled"), layout: try m.optional("layout").map(formLayout) ?? FormLayout(),
                        requiredItemColor: colors?.required, optionalItemColor: colors?.optional,
                        extensions: try extensions(&m),
                        requirementGroups: try m.list("requirementGroups", requirementGroup),
                        hiddenFields: try m.optional("hiddenFields").map(hiddenFields), location: try at(&m))
        }
    }

    /// `{"fields": [id] required, "spelling", "declaredOn", "at"}`.
    private func requirementGroup(_ e: IRJSONElement) throws -> RequirementGroup {
        try object(e) { m in
            RequirementGroup(fields: try m.required("fields").array().map { try $0.string() },
                             spelling: try m.string("spelling"),
                             declaredOn: try m.list("declaredOn") { try $0.string() }, location: try at(&m))
        }
    }

    /// `{"validatesHidden": bool, "values": policy required}`.
    private func hiddenFields(_ e: IRJSONElement) throws -> HiddenFieldRules {
        try object(e) { m in
            HiddenFieldRules(validatesHidden: try m.flag("validatesHidden"),
                             values: try hiddenValuePolicy(try m.required("values")))
        }
    }

    /// `submitted`, `omitted` or `cleared`.
    func hiddenValuePolicy(_ e: IRJSONElement) throws -> HiddenValuePolicy {
        let s = try e.string()
        guard let policy = HiddenValuePolicy(rawValue: s) else { throw e.unknown("hidden-value policy", s) }
        return policy
    }

    private func formLayout(_ e: IRJSONElement) throws -> FormLayout {
        try object(e) { m in
            FormLayout(pageWidth: try m.number("pageWidth"), leftMargin: try m.number("leftMargin"),
                       rightMargin: try m.number("rightMargin"))
        }
    }

    /// `colors`: `{requiredItem, optionalItem}`.
    private func formColors(_ e: IRJSONElement) throws -> (required: Color?, optional: Color?) {
        try object(e) { m in
            (try m.optional("requiredItem").map(color), try m.optional("optionalItem").map(color))
        }
    }

    /// `#RRGGBB` or a colour name (`Color`).
    private func color(_ e: IRJSONElement) throws -> Color {
        let s = try e.string()
        guard let c = Color(s) else { throw e.unknown("colour", s) }
        return c
    }

    private func page(_ e: IRJSONElement) throws -> Page {
        try object(e) { m in
            Page(id: try m.string("id"), title: try m.optional("title").map(text), sections: try m.list("sections", section),
                 isHidden: try m.flag("isHidden"), isImplicit: try m.flag("isImplicit"),
                 backgroundColor: try m.optional("backgroundColor").map(color), extensions: try extensions(&m),
                 location: try at(&m))
        }
    }

    private func section(_ e: IRJSONElement) throws -> Section {
        try object(e) { m in
            Section(id: try m.string("id"), title: try m.optional("title").map(text), footer: try m.optional("footer").map(text),
                    fields: try m.list("fields", field), isHidden: try m.flag("isHidden"),
                    dynamic: try m.optional("dynamic").map(dynamic), style: try m.optional("style").map(style) ?? Style(),
                    appBinding: try m.optional("appBinding").map(appBinding) ?? AppBinding(),
                    extensions: try extensions(&m), location: try at(&m))
        }
    }

    private func dynamic(_ e: IRJSONElement) throws -> DynamicSection {
        try object(e) { m in
            DynamicSection(allowsInsert: try m.flag("allowsInsert"), allowsDelete: try m.flag("allowsDelete"),
                           allowsReorder: try m.flag("allowsReorder"), insertTitle: try m.optional("insertTitle").map(text),
                           idPrefix: try m.string("idPrefix"), template: try m.optional("template").map(field),
                           insertMode: try m.string("insertMode"))
        }
    }

    func field(_ e: IRJSONElement) throws -> Field {
        try object(e) { m in
            Field(id: try m.required("id").string(), kind: FieldKind(try m.required("kind").string()),
                  presentation: try m.string("presentation").map { Presentation($0) },
                  texts: try m.optional("texts").map(texts) ?? FieldTexts(), options: try m.list("options", option),
                  optionRange: try m.optional("optionRange").map(optionRange), allowsMultiple: try m.flag("allowsMultiple"),
                  defaultValue: try m.optional("defaultValue").map(value),
                  validation: try m.optional("validation").map(validation) ?? Validation(),
                  isHidden: try m.flag("isHidden"), isDisabled: try m.flag("isDisabled"),
                  layout: try m.optional("layout").map(layout) ?? Layout(), style: try m.optional("style").map(style) ?? Style(),
                  formatting: try m.optional("formatting").map(formatting) ?? Formatting(),
                  actions: try m.list("actions", action),
                  submission: try m.optional("submission").map(submission) ?? Submission(),
                  appBinding: try m.optional("appBinding").map(appBinding) ?? AppBinding(),
                  extensions: try extensions(&m), location: try at(&m))
        }
    }

    /// The object's `at`: `line:column` in the document's `file`, or `file:line:column`, read from the
    /// right (a file name may hold colons).
    func at(_ m: inout IRJSONMembers) throws -> SourceLocation? {
        guard let e = m.optional("at") else { return nil }
        let s = try e.string()
        let bad = e.invalid(IRJSONMessage.badLocation(s))
        guard let c = s.lastIndex(of: ":"), let column = Int(s[s.index(after: c)...]) else { throw bad }
        let rest = s[..<c]
        let l = rest.lastIndex(of: ":")
        guard let line = Int(l.map { rest[rest.index(after: $0)...] } ?? rest) else { throw bad }
        guard let name = l.map({ String(rest[..<$0]) }) ?? file else {
            throw e.invalid(IRJSONMessage.locationWithoutFile(s))
        }
        return SourceLocation(file: name, line: line, column: column)
    }

    func extensions(_ m: inout IRJSONMembers) throws -> Extensions {
        try m.optional("extensions").map(values) ?? [:]
    }
}
