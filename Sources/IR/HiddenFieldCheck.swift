/// Compares what the source engine does with hidden fields (`Form.hiddenFields`) with what the target
/// engine does, and reports each difference a person filling the form would meet as a loss
/// (`loss.submission.hidden-values`, `loss.validation.required-while-hidden`). Only forms with a
/// field that can be hidden (hidden at first, or in a group, page or form a rule shows or hides) are
/// concerned; a source that does not say (`hiddenFields == nil`) is compared as the MM XML rule.
public enum HiddenFieldCheck {
    /// The MM XML rule, taken when a source does not say: hidden answers omitted, hidden fields not
    /// validated (mm-xml-form-builder-language.md lines 121 and 126; web-targets.md line 532).
    public static let mmxml = HiddenFieldRules(validatesHidden: false, values: .omitted)

    /// Reports the differences between the form's rules and `engine`'s (the target's fixed behaviour)
    /// for `target`; `engine == nil` means the target has no fixed behaviour to compare (nothing reported).
    public static func report(_ form: Form, engine: HiddenFieldRules?, target: String, into diagnostics: inout Diagnostics) {
        guard let engine, let source = form.hiddenFields else { return }
        let hideable = hideableFields(form)
        guard let first = hideable.first else { return }
        if source.values != engine.values {
            diagnostics.loss(Feature.hiddenValues.rawValue, target: target,
                             "form-level: the answer of a hidden field (first '\(first.field.id)') is \(describe(source.values)) in the source, but \(describe(engine.values)) in \(target)",
                             at: form.location ?? first.field.location, path: "/")
        }
        guard source.validatesHidden != engine.validatesHidden else { return }
        for (field, path) in hideable where field.validation.required || form.requirementGroups.contains(where: { $0.fields.contains(field.id) }) {
            let was = source.validatesHidden ? "required even while hidden" : "required only while shown"
            let now = engine.validatesHidden ? "required even while hidden" : "required only while shown"
            diagnostics.loss(Feature.requiredWhileHidden.rawValue, target: target,
                             "\(field.id): \(was) in the source, \(now) in \(target)", at: field.location, path: path)
        }
    }

    /// What a person filling the form sees of a policy.
    static func describe(_ p: HiddenValuePolicy) -> String {
        switch p {
        case .submitted: "kept and submitted"
        case .omitted: "kept but not submitted"
        case .cleared: "erased when it hides"
        }
    }

    /// The fields that can be hidden, with their IR paths, in document order.
    public static func hideableFields(_ form: Form) -> [(field: Field, path: String)] {
        var targets: Set<RuleTarget> = []
        for rule in form.rules where (rule.then + rule.otherwise).contains(where: { $0 == .show || $0 == .hide }) {
            targets.insert(rule.target)
        }
        var out: [(Field, String)] = []
        let wholeForm = targets.contains(.form)
        for (pi, page) in form.pages.enumerated() {
            let pageHides = wholeForm || page.isHidden || page.id.map { targets.contains(.page($0)) } ?? false
            for (si, section) in page.sections.enumerated() {
                let sectionHides = pageHides || section.isHidden || section.id.map { targets.contains(.section($0)) } ?? false
                for field in section.fields where sectionHides || field.isHidden || targets.contains(.field(field.id)) {
                    out.append((field, "/pages/\(pi)/sections/\(si)/fields/\(field.id)"))
                }
            }
        }
        return out
    }
}
