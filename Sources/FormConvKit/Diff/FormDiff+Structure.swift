import FormIR

extension DiffCollector {
    /// The form's own settings: title, locale, read-only, geometry, colours, validation groups.
    mutating func compareForm() {
        let ol = old.location, nl = new.location
        compareTexts(old.title.map { [("title", $0)] } ?? [], new.title.map { [("title", $0)] } ?? [], owner: "form", ol, nl)
        if old.isDisabled != new.isDisabled {
            add("editable.changed", .warning, "form", old: old.isDisabled ? "read-only" : "editable",
                new: new.isDisabled ? "read-only" : "editable", "the form is now \(new.isDisabled ? "read-only" : "editable")", ol, nl)
        }
        if old.layout != new.layout {
            add("layout.changed", .info, "form", "the page width or margins changed", ol, nl)
        }
        if old.requiredItemColor != new.requiredItemColor || old.optionalItemColor != new.optionalItemColor {
            add("style.changed", .info, "form", "the colours of required or optional items changed", ol, nl)
        }
        let renamedGroups = old.validationGroups.map { $0.map { renamedIDs[$0] ?? $0 } }
        if renamedGroups != new.validationGroups {
            add("validation.groups-changed", .warning, "form", "the fields validated together changed", ol, nl)
        }
    }

    /// Pages and sections, matched by name (id, else title, else position): added, removed, moved to
    /// another page, retitled, hidden, repeatable.
    mutating func compareContainers() {
        let oldPages = Self.pagesByName(old), newPages = Self.pagesByName(new)
        let claimedPages = Set(pageMap.values)
        for p in oldPages where pageMap[p.name] == nil && !p.page.isImplicit {
            add("page.removed", .info, p.name, old: p.name, "page \(p.name) was removed", p.page.location, new.location)
        }
        for p in newPages where !claimedPages.contains(p.name) && !p.page.isImplicit {
            add("page.added", .info, p.name, new: p.name, "page \(p.name) was added", old.location, p.page.location)
        }
        for o in oldPages {
            guard let target = pageMap[o.name], let n = newPages.first(where: { $0.name == target })?.page else { continue }
            compareTexts(o.page.title.map { [("title", $0)] } ?? [], n.title.map { [("title", $0)] } ?? [],
                         owner: o.name, o.page.location, n.location)
            if o.page.isHidden != n.isHidden && !(oldRuled.contains(o.page.id ?? "") && newRuled.contains(n.id ?? "")) {
                add("visibility.changed", .warning, o.name, old: o.page.isHidden ? "hidden" : "shown", new: n.isHidden ? "hidden" : "shown",
                    "page \(o.name) now starts \(n.isHidden ? "hidden" : "shown")", o.page.location, n.location)
            }
            if o.page.backgroundColor != n.backgroundColor {
                add("style.changed", .info, o.name, "the background colour of page \(o.name) changed", o.page.location, n.location)
            }
        }
        let oldSections = Self.sectionsByName(old), newSections = Self.sectionsByName(new)
        let claimed = Set(sectionMap.values)
        for s in oldSections where sectionMap[s.name] == nil {
            add("section.removed", .info, s.name, old: s.name, "section \(s.name) was removed", s.section.location, new.location)
        }
        for s in newSections where !claimed.contains(s.name) {
            add("section.added", .info, s.name, new: s.name, "section \(s.name) was added", old.location, s.section.location)
        }
        for o in oldSections {
            guard let target = sectionMap[o.name], let n = newSections.first(where: { $0.name == target }) else { continue }
            let ol = o.section.location, nl = n.section.location
            if pageMap[o.page] != n.page {
                add("section.moved", .info, o.name, old: o.page, new: n.page,
                    "section \(o.name) moved from page \(o.page) to page \(n.page), with its fields", ol, nl)
            }
            compareTexts([("title", o.section.title), ("footer", o.section.footer)].compactMap { r in r.1.map { (r.0, $0) } },
                         [("title", n.section.title), ("footer", n.section.footer)].compactMap { r in r.1.map { (r.0, $0) } },
                         owner: o.name, ol, nl)
            if o.section.isHidden != n.section.isHidden
                && !(oldRuled.contains(o.section.id ?? "") && newRuled.contains(n.section.id ?? "")) {
                add("visibility.changed", .warning, o.name, old: o.section.isHidden ? "hidden" : "shown",
                    new: n.section.isHidden ? "hidden" : "shown",
                    "section \(o.name) now starts \(n.section.isHidden ? "hidden" : "shown")", ol, nl)
            }
            if o.section.dynamic != n.section.dynamic {
                add("section.repeat-changed", .warning, o.name,
                    "whether and how rows of section \(o.name) can be added, deleted or reordered changed", ol, nl)
            }
            if o.section.style != n.section.style {
                add("style.changed", .info, o.name, "the colours, text size or alignment of section \(o.name) changed", ol, nl)
            }
        }
    }

    static func pagesByName(_ form: Form) -> [(name: String, page: Page)] {
        form.pages.enumerated().map { (containerName(id: $1.id, title: $1.title, fallback: "page \($0 + 1)"), $1) }
    }

    static func sectionsByName(_ form: Form) -> [(name: String, page: String, section: Section)] {
        var out: [(String, String, Section)] = []
        for (pi, page) in form.pages.enumerated() {
            let pageName = containerName(id: page.id, title: page.title, fallback: "page \(pi + 1)")
            for (si, s) in page.sections.enumerated() {
                out.append((containerName(id: s.id, title: s.title, fallback: "\(pageName) section \(si + 1)"), pageName, s))
            }
        }
        return out
    }
}
