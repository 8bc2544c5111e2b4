import FormIR

/// `required` attributes that are not YES/NO: requirement lists (`required="homeNum|alternateNum"`,
/// `required="phone1 || phone2"`) on each member of a group of alternatives, meaning at least one of
/// them must be filled (shared/specs/NOTES.md, "`required` is a string"). They become
/// `Form.requirementGroups` once every item name is known; docs/mmxml.md, "Requirement lists".
extension ReadSession {
    /// A requirement list as read on one item.
    struct PendingRequirementList {
        var fieldID: String
        var spelling: String
        var location: SourceLocation
        var path: String
    }

    /// Reads `required="…"` on the item `field`: YES/NO set `validation.required`; anything else is a
    /// requirement list, resolved at the end (`resolveRequirementLists`). The field is not also
    /// `validation.required`: its group says what the list means.
    func readRequired(_ a: MMElement.Attribute, item: ItemContext, field: Field, parts: inout TagParts) {
        if let b = a.plainBool ?? Self.bool(a.value) {
            parts.validation(field) { $0.required = b }
            return
        }
        pendingRequirementLists.append(PendingRequirementList(fieldID: field.id, spelling: a.value,
                                                              location: a.location, path: item.path))
    }

    /// Turns the lists read into requirement groups: one group per spelling and set of items named,
    /// declared on every item that carries it. A name that is no item is reported (file:line:col of
    /// the attribute) and left out of the group; a list naming no item at all means what the renderer
    /// makes of it, the item it stands on required (a group of that item alone).
    func resolveRequirementLists() -> [RequirementGroup] {
        var groups: [RequirementGroup] = []
        for list in pendingRequirementLists {
            let names = RequirementGroup.names(inSpelling: list.spelling)
            var fields: [String] = []
            for name in names where !fields.contains(name) {
                if isItem(name) { fields.append(name); continue }
                // One word that names nothing is no list: a value the schema does not define.
                if names.count == 1, !list.spelling.contains("|") { continue }
                reportUnresolved(name, wanted: .item, what: "the requirement list required=\"\(list.spelling)\" on item '\(list.fieldID)'",
                                 at: list.location, path: list.path, id: "mmxml.unknown-reference",
                                 outcome: "left out of the group, written back as spelt")
            }
            if fields.isEmpty {
                fields = [list.fieldID]
                let reason = names.count == 1 && !list.spelling.contains("|")
                    ? "is not YES/NO or a list of item names" : "names no item of this form"
                warning("mmxml.invalid-value",
                        "required=\"\(list.spelling)\" on item '\(list.fieldID)' \(reason); read as required (the renderer marks every item whose required is not NO as required), written back as spelt",
                        at: list.location, path: list.path)
            } else if !fields.contains(list.fieldID) {
                warning("mmxml.requirement-list",
                        "the requirement list required=\"\(list.spelling)\" on item '\(list.fieldID)' does not name it: read as at least one of \(fields.joined(separator: ", ")) ('\(list.fieldID)' itself is optional)",
                        at: list.location, path: list.path)
            }
            if let g = groups.firstIndex(where: { $0.spelling == list.spelling && $0.fields == fields }) {
                groups[g].declaredOn.append(list.fieldID)
            } else {
                groups.append(RequirementGroup(fields: fields, spelling: list.spelling, declaredOn: [list.fieldID],
                                               location: list.location))
            }
        }
        return groups
    }
}
