import FormIR

/// MM XML needs page, group and item names unique in the file; forms from other formats may reuse one
/// (a section and a row both called `address`). The emitter writes them as they are and warns.
extension MMXMLEmission {
    func checkUniqueNames() {
        func article(_ kind: String) -> String { kind == "item" ? "an item" : "a \(kind)" }
        var seen: [String: String] = [:]
        func visit(_ name: String?, _ kind: String, _ location: SourceLocation?, _ path: String) {
            guard let name else { return }
            if let first = seen[name] {
                diagnostics.warning("mmxml.duplicate-name",
                                    "MM XML needs unique names: '\(name)' names \(article(first)) and \(article(kind)); renderers and relationships will confuse them",
                                    at: location, path: path)
            } else {
                seen[name] = kind
            }
        }
        for (pi, page) in form.pages.enumerated() {
            if page.extensions[MMXMLEmission.implicitKey] != .bool(true) { visit(page.id, "page", page.location, "/pages/\(pi)") }
            for (si, section) in page.sections.enumerated() {
                let path = "/pages/\(pi)/sections/\(si)"
                if section.extensions[MMXMLEmission.implicitKey] != .bool(true) { visit(section.id, "group", section.location, path) }
                for f in section.fields { visit(f.id, "item", f.location, "\(path)/fields/\(f.id)") }
            }
        }
    }
}
