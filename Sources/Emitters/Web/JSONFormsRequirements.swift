import DocumentTree
import FormIR
import Lowering

/// Requirements and hidden answers in JSON Forms. JSON Forms validates the whole data schema with AJV,
/// hidden controls included, so the payload schema's `if`/`then` (required only while shown, or by a
/// relationship) and `anyOf` of `required` ("at least one of") hold as the source meant them. What the
/// person sees differs, and is reported per field: JSON Forms marks a control required (`*`) only when
/// its key is in the `required` list of the object schema around it, and it keeps a hidden control's
/// answer in the data it submits.
enum JSONFormsRequirements {
    /// The data schema with each `required`-only branch under the root (`allOf`, `anyOf`, `oneOf`,
    /// `then`, `else`) typed as an object. JSON Forms (@jsonforms/core `errorsAt`) puts an AJV `required`
    /// error from inside an `anyOf` on its control only when the branch is an object schema; otherwise
    /// the data is invalid with no message on any control.
    static func typedBranches(_ schema: Node) -> Node {
        func walk(_ node: Node, isBranch: Bool) -> Node {
            guard var entries = node.mappingEntries else { return node }
            for i in entries.indices {
                switch entries[i].key {
                case "allOf", "anyOf", "oneOf":
                    guard let items = entries[i].value.arrayValue else { continue }
                    entries[i].value = .array(items.map { walk($0, isBranch: true) })
                case "then", "else": entries[i].value = walk(entries[i].value, isBranch: true)
                default: break
                }
            }
            let keys = Set(entries.map(\.key))
            if isBranch, keys.contains("required"), !keys.contains("type"), !keys.contains("properties") {
                entries.append((key: "type", keyLocation: nil, value: .string("object")))
            }
            return Node(.mapping(entries))
        }
        return walk(schema, isBranch: false)
    }

    /// The keys an `if`/`then`/`else` of the root `allOf` requires, collected in one pass.
    static func requiredByCondition(in schema: Node) -> Set<String> {
        var keys: Set<String> = []
        for item in schema["allOf"]?.arrayValue ?? [] {
            for branch in ["then", "else"] {
                for key in item[branch]?["required"]?.arrayValue ?? [] {
                    if let k = key.stringValue { keys.insert(k) }
                }
            }
        }
        return keys
    }

    /// One loss per field whose requirement is not the same in every state (no required mark), and per
    /// field that can hide while the source leaves its answer out or erases it (JSON Forms keeps it).
    static func report(_ web: WebEmitContext, keys: [String: [PayloadSchemaBuilder.Entry]], schema: Node,
                       into diagnostics: inout Diagnostics) {
        let validatesHidden = web.form.validatesHiddenFields
        let conditionallyRequired = requiredByCondition(in: schema)
        // Each field's requirement groups, in the form's order.
        var groupsOf: [String: [RequirementGroup]] = [:]
        for g in web.form.requirementGroups {
            for id in Set(g.fields) { groupsOf[id, default: []].append(g) }
        }
        for (pi, page) in web.form.pages.enumerated() {
            for (si, section) in page.sections.enumerated() {
                for field in section.fields where !(keys[field.id] ?? []).isEmpty {
                    let path = "/pages/\(pi)/sections/\(si)/fields/\(field.id)"
                    let submitting = web.rules.submitting(field, section: section, page: page)
                    let own = web.rules.required(field)
                    let required = validatesHidden ? own : Formula.all([own, submitting.validated])
                    let groups = groupsOf[field.id] ?? []
                    var why: [String] = []
                    var checked = true
                    if required != .true && required != .false {
                        why.append(own == .true ? "only while it is shown" : "only while a relationship requires it")
                        checked = (keys[field.id] ?? []).filter { !["address2", "partClone"].contains($0.component) }
                            .allSatisfy { conditionallyRequired.contains($0.key) }
                    }
                    for g in groups {
                        let others = g.fields.filter { $0 != field.id }.map { "'\($0)'" }.joined(separator: ", ")
                        why.append("while \(others) \(g.fields.count > 2 ? "are" : "is") unanswered (at least one of them)")
                    }
                    if !why.isEmpty, required != .true {
                        let shows = checked ? "JSON Forms rejects the data without it then and shows the error, but never shows the required mark"
                            : "JSON Forms never requires it (its data schema has no condition for it) and never shows the required mark"
                        diagnostics.loss((groups.isEmpty ? Feature.required : Feature.requirementGroup).rawValue, target: web.target,
                                         "\(web.target) marks a control required (*) only when it is required in every state: '\(field.id)' is required \(why.joined(separator: ", and ")); \(shows)",
                                         at: field.location, path: path)
                    }
                    guard submitting.visible != .true,
                          let policy = web.form.hiddenValuePolicy(of: field), policy != .submitted
                    else { continue }
                    diagnostics.loss(Feature.hiddenValues.rawValue, target: web.target,
                                     "\(web.target) keeps a hidden control's answer in the data: the source \(policy == .cleared ? "erases the answer of '\(field.id)' as soon as it hides" : "leaves the answer of '\(field.id)' out of the submission while it is hidden"), and JSON Forms submits it",
                                     at: field.location, path: path)
                }
            }
        }
    }
}
