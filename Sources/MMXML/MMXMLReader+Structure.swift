import FormIR

/// form → page → group → item, with relationships collected wherever they stand.
extension ReadSession {
    /// Reads the form.
    func readForm(_ root: MMElement) -> Form {
        var form = Form(location: root.location)
        var relationships: [MMElement] = []
        formRoot = root
        readFormAttributes(root, into: &form)
        readChildren(root.children[...], into: &form, relationships: &relationships)
        resolveRepeats(&form)
        form.rules = readRelationships(relationships)
        checkPendingReferences()
        form.requirementGroups = resolveRequirementLists()
        // `hiddenFields` stays nil: the MM XML rule (HiddenFieldCheck.mmxml, spec lines 121 and 126) is
        // what the IR assumes when a source does not say (docs/ir.md, "Requirement").
        if !windows1252Texts.isEmpty {
            form.extensions[MMKey.windows1252Texts] = .array(windows1252Texts.sorted().map(Value.string))
        }
        return form
    }

    /// The `<form>` element's attributes.
    func readFormAttributes(_ root: MMElement, into form: inout Form) {
        for a in root.attributes {
            switch a.name {
            case "name": form.id = a.value
            case "formPrefix": form.title = LocalizedText(a.value)
            case "pdfType": form.extensions["mmxml.pdfType"] = .string(a.value)
            case "pageWidth", "leftFormMargin", "rightFormMargin":
                setFormLayout(a.name, a.value, &form, at: a.location)
            case "language", "emailName":
                deprecated("attribute '\(a.name)' on <form> is obsolete (legacy format); dropped", at: a.location, path: "/")
            case _ where keepContainerAttribute(a, on: "form", in: &form.extensions, path: "/"): break
            default: keepAttribute(a, in: &form.extensions, path: "/", owner: "<form>")
            }
        }
    }

    /// Reads children of the form (the pages and what stands beside them), in order.
    func readChildren(_ children: Slice<MMElement.Children>, into form: inout Form, relationships: inout [MMElement]) {
        for child in children {
            switch child.name {
            case "page":
                form.pages.append(readPage(child, index: form.pages.count, relationships: &relationships))
            case "group", "item":
                if form.pages.last?.extensions[MMKey.implicit] != .bool(true) {
                    form.pages.append(Page(isImplicit: true, extensions: [MMKey.implicit: .bool(true)], location: child.location))
                }
                let pi = form.pages.count - 1
                addToPage(child, page: &form.pages[pi], pageIndex: pi, relationships: &relationships)
            case "relationship": relationships.append(child)
            case "relationships": collectRelationships(child, into: &relationships, extensions: &form.extensions, path: "/")
            case "pageWidth", "leftFormMargin", "rightFormMargin":
                setFormLayout(child.name, child.text, &form, at: child.location)
            case "requireditemcolor":
                readColor(child, into: &form.requiredItemColor, extensions: &form.extensions, path: "/", owner: "<form>")
            case "optionalitemcolor":
                readColor(child, into: &form.optionalItemColor, extensions: &form.extensions, path: "/", owner: "<form>")
            case "pdfInfo": keepElement(child, in: &form.extensions, path: "/", owner: "<form>")
            case "remoteserver", "theme":
                deprecated("<\(child.name)> is obsolete (legacy format); dropped", at: child.location, path: "/")
            default: keepTag(child, in: &form.extensions, path: "/", owner: "<form>")
            }
        }
    }

    private func setFormLayout(_ name: String, _ text: String, _ form: inout Form, at location: SourceLocation) {
        guard let d = Self.double(text) else {
            warning("mmxml.invalid-value", "\(name) '\(text)' is not a number; ignored", at: location, path: "/")
            return
        }
        switch name {
        case "pageWidth": form.layout.pageWidth = d
        case "leftFormMargin": form.layout.leftMargin = d
        default: form.layout.rightMargin = d
        }
    }

    func collectRelationships(_ e: MMElement, into list: inout [MMElement], extensions: inout Extensions, path: String) {
        for r in e.children {
            if r.name == "relationship" { list.append(r) }
            else { keepTag(r, in: &extensions, path: path, owner: "<relationships>") }
        }
    }

    /// The attributes `<page>` and `<group>` share: `name` (declared for the duplicate check), `title`,
    /// `isHidden`; the legacy `language`/`emailName` are dropped with a warning; any other is kept.
    private func readContainerAttributes(_ e: MMElement, kind: NameKind, path: String, id: inout String?,
                                         title: inout LocalizedText?, isHidden: inout Bool, extensions: inout Extensions) {
        let tag = e.name
        for a in e.attributes {
            switch a.name {
            case "name":
                id = declare(a.value, kind: kind, at: e.location) { _ in path }
            case "title": title = LocalizedText(a.value)
            case "isHidden": isHidden = bool(a, in: &extensions, path: path, owner: "<\(tag)>") ?? isHidden
            case "language", "emailName":
                deprecated("attribute '\(a.name)' on <\(tag)> is obsolete (legacy format); dropped", at: a.location, path: path)
            case _ where keepContainerAttribute(a, on: tag, in: &extensions, path: path): break
            default: keepAttribute(a, in: &extensions, path: path, owner: "\(tag) '\(id ?? "")'")
            }
        }
    }

    func readPage(_ e: MMElement, index pi: Int, relationships: inout [MMElement]) -> Page {
        let path = "/pages/\(pi)"
        var page = Page(location: e.location)
        readContainerAttributes(e, kind: .page, path: path, id: &page.id, title: &page.title,
                                isHidden: &page.isHidden, extensions: &page.extensions)
        for child in e.children {
            addToPage(child, page: &page, pageIndex: pi, relationships: &relationships)
        }
        return page
    }

    /// Adds a child of a page (or of the form, into its implicit page): a group, an item (into an
    /// implicit group), relationships, or an unknown tag.
    private func addToPage(_ child: MMElement, page: inout Page, pageIndex pi: Int, relationships: inout [MMElement]) {
        // Built only where a case needs it: most children are items.
        var path: String { "/pages/\(pi)" }
        switch child.name {
        case "group":
            page.sections.append(readGroup(child, section: SectionPath(page: pi, section: page.sections.count),
                                           relationships: &relationships))
        case "item":
            if page.sections.last?.extensions[MMKey.implicit] != .bool(true) {
                page.sections.append(Section(extensions: [MMKey.implicit: .bool(true)], location: child.location))
            }
            let si = page.sections.count - 1
            readItem(child, section: SectionPath(page: pi, section: si), into: &page.sections[si].fields)
        case "relationship": relationships.append(child)
        case "relationships": collectRelationships(child, into: &relationships, extensions: &page.extensions, path: path)
        case "bgcolor" where !page.isImplicit:
            readColor(child, into: &page.backgroundColor, extensions: &page.extensions, path: path, owner: "page '\(page.id ?? "")'")
        case "leftPageMargin" where !page.isImplicit, "rightPageMargin" where !page.isImplicit:
            keepNumber(child, in: &page.extensions, path: path, owner: "page '\(page.id ?? "")'")
        case "remoteserver", "theme":
            deprecated("<\(child.name)> is obsolete (legacy format); dropped", at: child.location, path: path)
        default: keepTag(child, in: &page.extensions, path: path, owner: "page '\(page.id ?? "")'")
        }
    }

    private func readGroup(_ e: MMElement, section sectionPath: SectionPath, relationships: inout [MMElement]) -> Section {
        let path = sectionPath.path
        var section = Section(location: e.location)
        readContainerAttributes(e, kind: .group, path: path, id: &section.id, title: &section.title,
                                isHidden: &section.isHidden, extensions: &section.extensions)
        section.fields.reserveCapacity(e.children.count)
        for child in e.children {
            switch child.name {
            case "item": readItem(child, section: sectionPath, into: &section.fields)
            case "relationship": relationships.append(child)
            case "relationships": collectRelationships(child, into: &relationships, extensions: &section.extensions, path: path)
            default: keepTag(child, in: &section.extensions, path: path, owner: "group '\(section.id ?? "")'")
            }
        }
        return section
    }

    /// A boolean attribute; an unreadable value is kept as an unknown attribute and `nil` returned.
    func bool(_ a: MMElement.Attribute, in extensions: inout Extensions, path: @autoclosure () -> String,
              owner: @autoclosure () -> String) -> Bool? {
        if let b = a.plainBool ?? Self.bool(a.value) { return b }
        let owner = owner()
        keepAttribute(a, in: &extensions, path: path(), owner: owner, id: "mmxml.invalid-value",
                      message: "\(a.name)=\"\(a.value)\" on \(owner) is not YES/NO/true/false/1/0; kept as written")
        return nil
    }

    /// Reports names in fields' tags that name no item.
    func checkPendingReferences() {
        for r in pendingReferences where !isItem(r.name) {
            reportUnresolved(r.name, wanted: .item, what: r.what, at: nameLocation(r.name, in: r.element), path: r.path,
                             id: "mmxml.unknown-reference")
        }
    }
}
