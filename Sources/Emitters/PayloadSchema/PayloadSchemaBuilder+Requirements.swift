import DocumentTree
import FormIR
import Lowering

/// Requirement groups (at least one of a set of fields) in the payload schema: an `allOf` item
/// `{"anyOf": [{"required": [k1], "properties": {k1: filled}}, …]}` over the members' keys. A member is
/// an answer only while it is validated (shown and not skipped): its branch holds its condition too; when
/// a member can hide, the group also holds while every member is hidden (the condition that hides them, through `schema(of:)`).
extension PayloadSchemaBuilder {
    /// One `allOf` item per requirement group that has a submitted member.
    mutating func requirementGroupSchemas() -> [Node] {
        var out: [Node] = []
        var seen: [Set<String>] = []
        for (gi, group) in form.requirementGroups.enumerated() {
            // Groups with the same members (two spellings of one list) are one constraint.
            guard !seen.contains(Set(group.fields)) else { continue }
            seen.append(Set(group.fields))
            var branches: [Node] = []
            var shown: [Formula] = []
            var unsaid: [String] = []
            for id in group.fields {
                guard let e = entries.first(where: { $0.fieldID == id && $0.component == nil })
                        ?? entries.first(where: { $0.fieldID == id }),
                      let (field, section, page) = place(of: id) else { continue }
                let validated = states.submitting(field, section: section, page: page).validated
                guard validated != .false else { continue }
                var branch = SchemaObject()
                branch.set("required", .strings([e.key]))
                let key = Self.payloadKeys(SubmissionModel.keys(for: field), of: field).first { $0.key == e.key }
                if let type = key?.valueType, let filled = Self.filledConstraint(type) {
                    branch.set("properties", .object([(e.key, filled)]))
                }
                shown.append(validated)
                if validated == .true {
                    branches.append(branch.node)
                } else if let when = schema(of: validated) {
                    // A hidden member's answer does not count: the branch holds only while it is shown.
                    branches.append(.object([("allOf", .array([when, branch.node]))]))
                } else {
                    unsaid.append(id)
                }
            }
            guard !branches.isEmpty else { continue }
            let path = "/requirementGroups/\(gi)"
            if !unsaid.isEmpty {
                diagnostics.loss(Feature.requirementGroup.rawValue, target: target,
                                 "\(group.fields.first ?? "form-level"): the requirement that at least one of \(group.fields.joined(separator: ", ")) is answered is left out: when \(unsaid.joined(separator: ", ")) is shown depends on a condition JSON Schema cannot express",
                                 at: group.location, path: path)
                continue
            }
            if !shown.contains(.true), let noneShown = schema(of: .all(shown.map(\.negation))) {
                branches.append(noneShown)
            }
            out.append(.object([("anyOf", .array(branches))]))
        }
        return out
    }

    /// The field `id` with its section and page.
    private func place(of id: String) -> (Field, Section, Page)? {
        for page in form.pages {
            for section in page.sections {
                if let f = section.fields.first(where: { $0.id == id }) { return (f, section, page) }
            }
        }
        return nil
    }
}
