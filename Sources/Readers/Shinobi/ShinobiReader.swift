import Foundation
import FormIR

/// Reads ShinobiForms XML (`form` → `sections` → `section` → `fields` → typed fields, plus
/// `fieldGroups`) into the IR. Covers the whole vocabulary of the framework's schema: every field
/// element, every validator, field groups. Element order is not enforced when reading.
///
/// Diagnostics: `shinobi.malformed-xml` and `shinobi.entity` (thrown), `shinobi.not-a-form` (thrown),
/// `shinobi.unknown-element`, `shinobi.missing-name`, `shinobi.duplicate-name`,
/// `shinobi.choice-index-out-of-range`, `shinobi.invalid-index` (errors), `shinobi.unknown-attribute`,
/// `shinobi.invalid-value`, `shinobi.unknown-field-reference` (warnings).
public struct ShinobiReader: FormReader {
    /// A reader of ShinobiForms XML; it takes no options.
    public init() {}

    /// Reads ShinobiForms XML into a `Form`: problems are diagnostics; throws `ReadFailure` only when nothing
    /// can be read.
    public func read(_ input: InputDocument, diagnostics: inout Diagnostics) throws -> Form {
        let root = try ShinobiXMLTree.parse(input.bytes, name: input.name)
        guard root.name == "form" else {
            throw ReadFailure(id: "shinobi.not-a-form",
                              "the root element is <\(root.name)>, ShinobiForms XML starts with <form>",
                              at: root.location)
        }
        var context = ShinobiReadContext(diagnostics: diagnostics)
        let form = context.readForm(root)
        diagnostics = context.diagnostics
        return form
    }
}

/// State of one read: diagnostics and the field names seen so far.
struct ShinobiReadContext {
    var diagnostics: Diagnostics
    var names: Set<String> = []
    var fieldCount = 0

    mutating func unknownElement(_ e: ShinobiXMLElement, in parent: String) {
        diagnostics.error("shinobi.unknown-element", "unknown element <\(e.name)> in <\(parent)>", at: e.location)
    }

    mutating func checkAttributes(_ e: ShinobiXMLElement, allowed: Set<String>) {
        for key in e.attributes.keys.sorted() where !allowed.contains(key) {
            diagnostics.warning("shinobi.unknown-attribute", "attribute '\(key)' of <\(e.name)> is not ShinobiForms XML; ignored",
                                at: e.location)
        }
    }

    mutating func readForm(_ root: ShinobiXMLElement) -> Form {
        checkAttributes(root, allowed: [])
        // ShinobiForms has no hidden fields (shinobiforms-overview.md, shinobiforms-xml-vocabulary.md):
        // `hiddenFields` stays nil (the source does not say).
        var form = Form(location: root.location)
        var page = Page(isImplicit: true, location: root.location)
        for child in root.children {
            switch child.name {
            case "sections":
                checkAttributes(child, allowed: [])
                for s in child.children {
                    if s.name == "section" {
                        page.sections.append(readSection(s, index: page.sections.count))
                    } else {
                        unknownElement(s, in: "sections")
                    }
                }
            case "fieldGroups":
                checkAttributes(child, allowed: [])
                for g in child.children {
                    guard g.name == "fieldGroup" else { unknownElement(g, in: "fieldGroups"); continue }
                    var group: [String] = []
                    for n in g.children {
                        if n.name == "fieldName" { group.append(n.trimmedText) } else { unknownElement(n, in: "fieldGroup") }
                    }
                    form.validationGroups.append(group)
                }
            default:
                unknownElement(child, in: "form")
            }
        }
        form.pages = [page]
        checkReferences(form, root: root)
        return form
    }

    mutating func readSection(_ e: ShinobiXMLElement, index: Int) -> Section {
        checkAttributes(e, allowed: [])
        var section = Section(location: e.location)
        for child in e.children {
            switch child.name {
            case "title": section.title = LocalizedText(child.text)
            case "fields":
                for f in child.children {
                    if let field = readField(f, path: "/pages/0/sections/\(index)/fields") { section.fields.append(field) }
                }
            default: unknownElement(child, in: "section")
            }
        }
        return section
    }

    /// The field's id: its `name`, or a made-up unique one when missing or already taken.
    mutating func fieldName(_ e: ShinobiXMLElement) -> String {
        fieldCount += 1
        guard let raw = e.attributes["name"], !raw.isEmpty else {
            var made = "field\(fieldCount)"
            while names.contains(made) { made += "_" }
            names.insert(made)
            diagnostics.error("shinobi.missing-name", "<\(e.name)> has no name attribute; called it '\(made)'",
                              at: e.location)
            return made
        }
        if names.contains(raw) {
            var n = 2
            while names.contains("\(raw)_\(n)") { n += 1 }
            let made = "\(raw)_\(n)"
            names.insert(made)
            diagnostics.error("shinobi.duplicate-name", "field name '\(raw)' is used twice; the second is read as '\(made)'",
                              at: e.location)
            return made
        }
        names.insert(raw)
        return raw
    }

    /// Warns about comparison targets and field-group members that name no field.
    mutating func checkReferences(_ form: Form, root: ShinobiXMLElement) {
        let ids = Set(form.allFields.map(\.id))
        for f in form.allFields {
            for c in f.validation.comparisons where !ids.contains(c.otherField) {
                diagnostics.warning("shinobi.unknown-field-reference",
                                    "'\(f.id)' is compared with '\(c.otherField)', which is not a field of this form",
                                    at: c.location ?? f.location)
            }
        }
        let groupsElement = root.child("fieldGroups")
        for (gi, group) in form.validationGroups.enumerated() {
            for name in group where !ids.contains(name) {
                let loc = groupsElement.flatMap { gi < $0.children.count ? $0.children[gi].location : nil }
                diagnostics.warning("shinobi.unknown-field-reference",
                                    "field group \(gi + 1) names '\(name)', which is not a field of this form", at: loc)
            }
        }
    }
}
