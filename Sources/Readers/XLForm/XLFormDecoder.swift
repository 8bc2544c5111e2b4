import FormIR
import DocumentTree

/// Turns a descriptor tree into the IR: the form and its sections (rows in `XLFormDecoder+Rows.swift`).
struct XLFormDecoder {
    let file: String
    let syntax: DocumentSyntax
    var diagnostics = Diagnostics()
    /// Tags seen so far, for duplicate detection and unique ids of untagged rows.
    var usedIDs: Set<String> = []
    var rules: [Rule] = []

    init(file: String, syntax: DocumentSyntax) {
        self.file = file
        self.syntax = syntax
    }

    static let formKeys: Set<String> = ["title", "disabled", "addAsteriskToRequiredRowsTitle", "assignFirstResponderOnShow",
                                        "endEditingTableViewOnScroll", "rowNavigationOptions", "formSections"]
    /// Form properties without an IR concept, kept as `xlform.<name>` extensions.
    static let formExtensionKeys = ["addAsteriskToRequiredRowsTitle", "assignFirstResponderOnShow",
                                    "endEditingTableViewOnScroll", "rowNavigationOptions"]
    static let sectionKeys: Set<String> = ["title", "footerTitle", "hidden", "multivaluedTag", "sectionOptions",
                                           "sectionInsertMode", "multivaluedRowTemplate", "formRows"]

    mutating func decodeForm(_ root: Node) throws -> Form {
        guard let obj = object(root, "the form", known: Self.formKeys) else {
            throw ReadFailure(id: "xlform.not-a-form", "an XLForm descriptor is an object with 'formSections'",
                              at: root.location ?? SourceLocation(file: file, line: 1, column: 1))
        }
        var form = Form(location: root.location)
        // XLForm keeps a hidden row's value in formValues and does not validate it while hidden
        // (shared/specs/web-targets.md line 533): answers submitted, required only while shown.
        form.hiddenFields = HiddenFieldRules(validatesHidden: false, values: .submitted)
        if let t = string(obj["title"], "title") { form.title = LocalizedText(t) }
        form.isDisabled = bool(obj["disabled"], "disabled") ?? false
        for key in Self.formExtensionKeys {
            guard let n = obj[key] else { continue }
            if key == "rowNavigationOptions" {
                if let i = int(n, key) { form.extensions["xlform.\(key)"] = .int(i) }
            } else if let b = bool(n, key) {
                form.extensions["xlform.\(key)"] = .bool(b)
            }
        }
        var page = Page(isImplicit: true, location: root.location)
        if let sectionsNode = obj["formSections"] {
            if case .array(let items) = sectionsNode.kind {
                for (i, item) in items.enumerated() {
                    if let s = decodeSection(item, index: i) { page.sections.append(s) }
                }
            } else {
                invalid(sectionsNode, "'formSections' must be an array of sections")
            }
        } else {
            diagnostics.warning("xlform.no-sections", "the form has no 'formSections'", at: root.location)
        }
        form.pages = [page]
        form.rules = rules
        warnOptionObjectComparisons(form)
        return form
    }

    /// NOTES.md, XLForm: a selector row whose options are option objects holds the chosen object, which
    /// equals only another option object, so `$tag.value == 'M'` is never true in XLForm. Such a
    /// predicate is read as comparing the option's value (what `$tag.value.formValue` says), with a
    /// warning, since that is not what the file did.
    mutating func warnOptionObjectComparisons(_ form: Form) {
        let objectRows = Set(form.allFields.filter { f in
            !f.options.isEmpty && f.options.allSatisfy { $0.label != nil } && !f.allowsMultiple && f.kind != .multipleChoice
        }.map(\.id))
        for rule in form.rules {
            guard let source = rule.source, source.dialect == .xlformPredicate, let condition = rule.condition else { continue }
            for id in condition.referencedFields(reading: .value) where objectRows.contains(id) && !source.text.contains("$\(id).value.formValue") {
                diagnostics.warning("xlform.option-object-compared",
                                    "'\(id)' holds an option object, which XLForm never finds equal to a plain value: the predicate is read as comparing its formValue",
                                    at: source.location ?? rule.location)
            }
        }
    }

    mutating func decodeSection(_ node: Node, index si: Int) -> Section? {
        guard let obj = object(node, "a section", known: Self.sectionKeys) else { return nil }
        var section = Section(location: node.location)
        section.title = string(obj["title"], "title").map { LocalizedText($0) }
        section.footer = string(obj["footerTitle"], "footerTitle").map { LocalizedText($0) }
        let tag = string(obj["multivaluedTag"], "multivaluedTag")
        let options = obj["sectionOptions"].flatMap { int($0, "sectionOptions") } ?? 0
        if options & ~7 != 0, let n = obj["sectionOptions"] {
            invalid(n, "'sectionOptions' is a bitmask of 1 (insert), 2 (delete) and 4 (reorder); other bits are ignored")
        }
        var insertMode: String?
        if let n = obj["sectionInsertMode"] {
            switch n.kind {
            case .int(0), .string("lastRow"): insertMode = "lastRow"
            case .int(2), .string("button"): insertMode = "button"
            default: invalid(n, "'sectionInsertMode' must be 0 (last row) or 2 (button)")
            }
        }
        let prefix = tag ?? "section\(si)-row"
        var template: Field?
        if let n = obj["multivaluedRowTemplate"] {
            template = decodeRow(n, fallbackID: "\(prefix)-template", registers: false)
        }
        if tag != nil || options & 7 != 0 || insertMode != nil || template != nil {
            section.dynamic = DynamicSection(allowsInsert: options & 1 != 0, allowsDelete: options & 2 != 0,
                                             allowsReorder: options & 4 != 0, idPrefix: tag, template: template,
                                             insertMode: insertMode)
        }
        if let n = obj["hidden"] {
            let id = "section\(si)"
            switch condition(n, "hidden") {
            case .bool(let b)?: section.isHidden = b
            case .predicate(let text, let expr)?:
                section.id = id
                rules.append(visibilityRule(expr, text: text, node: n, target: .section(id), hide: true))
            case .unparsed(let text)?: section.extensions["xlform.hidden"] = .string(text)
            case nil: break
            }
        }
        if let rowsNode = obj["formRows"] {
            if case .array(let items) = rowsNode.kind {
                for (ri, item) in items.enumerated() {
                    if let f = decodeRow(item, fallbackID: "\(prefix)\(ri)", registers: true) { section.fields.append(f) }
                }
            } else {
                invalid(rowsNode, "'formRows' must be an array of rows")
            }
        }
        return section
    }

    /// A rule that hides (or disables) `target` while the predicate holds, as XLForm evaluates it.
    func visibilityRule(_ expr: FormIR.Expression, text: String, node: Node, target: RuleTarget, hide: Bool) -> Rule {
        Rule(condition: expr, source: ConditionSource(dialect: .xlformPredicate, text: text, location: node.location),
             target: target, then: [hide ? .hide : .disable], otherwise: [hide ? .show : .enable],
             location: node.location)
    }
}
