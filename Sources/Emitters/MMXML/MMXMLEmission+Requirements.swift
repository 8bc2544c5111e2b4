import FormIR

/// Requirement groups written back as MM XML requirement lists: `required="<spelling>"` on each field
/// that declared the group (on every member when none did), the source's spelling kept, `a|b` when it
/// has none (docs/mmxml.md, "Requirement lists").
extension MMXMLEmission {
    /// The `required` value each field carries for a requirement group. A group that cannot be written
    /// (a field already carries another group's list, or it names no field of the form) is a loss.
    func requirementSpellings() -> [String: String] {
        let ids = Set(form.allFields.map(\.id))
        var out: [String: String] = [:]
        for (i, g) in form.requirementGroups.enumerated() {
            let members = g.fields.filter(ids.contains)
            let declared = g.declaredOn.filter(ids.contains)
            let carriers = declared.isEmpty ? members : declared
            let taken = carriers.filter { out[$0] != nil }
            guard !carriers.isEmpty, taken.isEmpty else {
                let field = form.allFields.first { carriers.contains($0.id) || members.contains($0.id) }
                loss(Feature.requirementGroup.rawValue,
                     "\(field?.id ?? "form-level"): the requirement that at least one of \(g.fields.joined(separator: ", ")) is answered is not written: "
                     + (carriers.isEmpty ? "it names no item of this form" : "'\(taken[0])' already carries another requirement list"),
                     at: g.location ?? field?.location, path: "/requirementGroups/\(i)")
                continue
            }
            for id in carriers { out[id] = g.writtenSpelling }
        }
        return out
    }
}
