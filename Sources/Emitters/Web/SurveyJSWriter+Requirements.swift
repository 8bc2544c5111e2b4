import DocumentTree
import FormIR
import Lowering

/// Requirements and hidden answers in SurveyJS's own terms: `isRequired` / `requiredIf` (a field's own
/// requirement, and "at least one of" as "required while none of the others is answered"), the
/// survey's `clearInvisibleValues` and a question's `clearIfInvisible`.
extension SurveyJSWriter {
    /// `isRequired: true` for a field always required; otherwise `requiredIf`: its own requirement
    /// (relationships that set `required` folded in), or, for a member of an "at least one of" group,
    /// while every other member is unanswered. SurveyJS validates only visible questions, as the MM XML
    /// app does.
    mutating func setRequirement(_ field: Field, into o: inout SchemaObject) {
        let own = web.rules.required(field)
        if own == .true { o.set("isRequired", .bool(true)); return }
        var parts: [String] = []
        if own != .false, let e = expression(own) { parts.append(e) }
        for group in web.form.requirementGroups where group.fields.contains(field.id) {
            var others: [String] = [], seen: Set<String> = [field.id]
            for id in group.fields where seen.insert(id).inserted {
                // A member with no question holds no answer (the reader reports a missing one).
                guard let q = try? expressions.name(FieldReference(id)) else { continue }
                others.append(expressions.answers[id] == .boolean ? "\(q) != true" : "\(q) empty")
            }
            if others.isEmpty { o.set("isRequired", .bool(true)); return }
            parts.append(others.count == 1 ? others[0] : "(" + others.joined(separator: " and ") + ")")
        }
        guard !parts.isEmpty else { return }
        o.set("requiredIf", .string(parts.count == 1 ? parts[0] : parts.joined(separator: " or ")))
    }

    /// The survey's `clearInvisibleValues` for the source's policy; nothing for `omitted` or when the
    /// source does not say: survey-core's default is `onComplete` (and the reader reads its absence so).
    /// SurveyJS never validates an invisible question: a source that validates hidden required fields is
    /// a `loss.validation.required-while-hidden` per field.
    mutating func setHiddenValues(into root: inout SchemaObject) {
        guard let rules = web.form.hiddenFields else { return }
        if rules.values != .omitted { root.set("clearInvisibleValues", .string(Self.clearing(rules.values))) }
        HiddenFieldCheck.report(web.form, engine: HiddenFieldRules(validatesHidden: false, values: rules.values),
                                target: web.target, into: &diagnostics)
    }

    /// A question's `clearIfInvisible` where the field's own policy (`Form.hiddenValuePolicy(of:)`: MM XML
    /// `forceSubmit` submits while hidden) differs from the survey's.
    func setHiddenValue(_ field: Field, into o: inout SchemaObject) {
        guard let own = web.form.hiddenValuePolicy(of: field) else { return }
        let survey = web.form.hiddenFields?.values ?? .omitted  // survey-core's default, onComplete
        if own != survey { o.set("clearIfInvisible", .string(Self.clearing(own))) }
    }

    /// survey-core's value for a policy: `none` keeps a hidden answer, `onComplete` drops it from the
    /// completed survey's data, `onHidden` clears it as soon as the question hides.
    static func clearing(_ policy: HiddenValuePolicy) -> String {
        switch policy {
        case .submitted: "none"
        case .omitted: "onComplete"
        case .cleared: "onHidden"
        }
    }
}
