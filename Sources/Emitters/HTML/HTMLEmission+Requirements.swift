import DocumentTree
import FormIR

extension HTMLEmission {
    /// What the script needs to enforce requirements as the source engine does (`D.requirements`): each
    /// "at least one of" group as the indexes of its fields that hold a value, whether hidden fields are
    /// validated, and what happens to a hidden field's answer (the form's policy and each field's own).
    /// A form whose source does not say keeps the MM XML app's rules: a hidden field is not validated,
    /// and its answer is left out of the payload unless forced.
    func requirementsNode() -> Node {
        var groups: [Node] = []
        for group in form.requirementGroups {
            var members: [Int] = []
            for id in group.fields {
                for i in fieldsByID[id] ?? [] where !plans[i].keys.isEmpty && !members.contains(i) { members.append(i) }
            }
            if !members.isEmpty { groups.append(.array(members.map(Node.int))) }
        }
        return .object([
            ("groups", .array(groups)),
            ("validatesHidden", .bool(form.validatesHiddenFields)),
            ("hiddenValues", .string((form.hiddenFields?.values ?? .omitted).rawValue)),
            // A field's own policy only: force-submission is the runtime's `force` state, which relationships change.
            ("whenHidden", .array(plans.map { p in p.field.submission.whenHidden.map { .string($0.rawValue) } ?? .null })),
        ])
    }
}
