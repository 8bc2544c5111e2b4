/// What a form's rules act on, as a rule's loss names it and says what stays: the field by its id and
/// submission key, a section or page with the fields it holds, and how each starts (hidden, read-only,
/// required). Built once per walk of a form with rules (`FeatureWalk`), or once per emission by an
/// emitter that leaves whole rules out (`leftOut`).
public struct RuleTargets {
    /// One thing a rule acts on.
    struct Target {
        /// How the loss names it: `'city'`, `'city' (submitted as 'town')`, `group 'address' ('street', 'zip')`.
        var name: String
        var hidden = false
        var disabled = false
        var required = false
    }

    private var fields: [String: Target] = [:]
    private var sections: [String: Target] = [:]
    private var pages: [String: Target] = [:]

    /// The targets of `form`'s rules.
    public init(_ form: Form) {
        var fieldIDs = Set<String>(), sectionIDs = Set<String>(), pageIDs = Set<String>()
        for r in form.rules {
            switch r.target {
            case .field(let id): fieldIDs.insert(id)
            case .section(let id): sectionIDs.insert(id)
            case .page(let id): pageIDs.insert(id)
            case .form: break
            }
        }
        // A section's or page's field names only for a section or page a rule acts on; fields read in place.
        for (pi, page) in form.pages.enumerated() {
            let pageTargeted = page.id.map { pageIDs.contains($0) && pages[$0] == nil } ?? false
            var pageFields: [String] = []
            for section in page.sections {
                let sectionTargeted = section.id.map { sectionIDs.contains($0) && sections[$0] == nil } ?? false
                if pageTargeted || sectionTargeted {
                    let names = section.fields.indices.map { "'\(Self.diffName(section.fields[$0]))'" }
                    if pageTargeted { pageFields += names }
                    if sectionTargeted, let id = section.id {
                        sections[id] = Target(name: "group '\(id)'" + Self.holding(names), hidden: section.isHidden)
                    }
                }
                guard !fieldIDs.isEmpty else { continue }
                for fi in section.fields.indices where fieldIDs.contains(section.fields[fi].id) && fields[section.fields[fi].id] == nil {
                    let f = section.fields[fi]
                    let key = Self.diffName(f)
                    fields[f.id] = Target(name: "'\(f.id)'" + (key == f.id ? "" : " (submitted as '\(key)')"),
                                          hidden: f.isHidden, disabled: f.isDisabled, required: f.validation.required)
                }
            }
            if pageTargeted, let id = page.id {
                pages[id] = Target(name: "page '\(ContainerName.page(page, at: pi))'" + Self.holding(pageFields), hidden: page.isHidden)
            }
        }
    }

    /// The name `formconv diff` gives a field: the submission key of one that holds a value, else the id.
    private static func diffName(_ f: Field) -> String {
        f.kind.isDisplayOnly ? f.id : (f.submission.key ?? f.id)
    }

    private static func holding(_ names: [String]) -> String {
        names.isEmpty ? "" : " (its fields \(LostTranslations.list(names)))"
    }

    /// What `target` is, as its rules' losses name it (a name the form lacks is quoted as written).
    func target(_ target: RuleTarget) -> Target {
        switch target {
        case .field(let id): fields[id] ?? Target(name: "'\(id)'")
        case .section(let id): sections[id] ?? Target(name: "group '\(id)'")
        case .page(let id): pages[id] ?? Target(name: "page '\(id)'")
        case .form: Target(name: "the form")
        }
    }

    /// The words of a loss of `effect` of `rule` (in `then` when `holds`, else in `otherwise`): what the
    /// rule does and when, then what the person sees without it — `rule that shows 'city' when
    /// country == 'US'; it stays visible`.
    /// `condition` is how the condition is shown when the rule has no source text.
    func words(_ effect: Effect, of rule: Rule, holds: Bool, condition: String? = nil) -> String {
        let t = target(rule.target)
        let when: String
        if rule.condition == nil {
            when = "always"
        } else {
            let c = (rule.source?.text ?? condition).map { "'\($0.excerpt(limit: 80))'" } ?? "its condition"
            when = holds ? "when \(c) holds" : "unless \(c) holds"
        }
        let (does, stays) = Self.phrases(effect, t)
        return "rule that \(does(t.name)) \(when); \(stays)"
    }

    /// The words of a loss of the whole of `rule` (an emitter left it out): each thing it does and when,
    /// and what the person sees without it, as `words` says it for one effect — `rule that shows 'city'
    /// when 'country == "FR"' holds; it stays visible`. The `otherwise` effect that undoes a `then`
    /// effect (hide after show, optional after required) is not said again. `condition` is how the
    /// condition is shown when the rule has no source text.
    public func leftOut(_ rule: Rule, condition: String?) -> String {
        var said: [String] = [], clauses: [String] = []
        for (list, holds) in [(rule.then, true), (rule.otherwise, false)] {
            for effect in list {
                let kind = Self.kind(effect)
                guard !said.contains(kind) else { continue }
                said.append(kind)
                clauses.append(words(effect, of: rule, holds: holds, condition: condition))
            }
        }
        return clauses.isEmpty ? "relationship on \(target(rule.target).name) that does nothing" : clauses.joined(separator: "; ")
    }

    /// What an effect changes, one word for an effect and the one that undoes it.
    private static func kind(_ effect: Effect) -> String {
        switch effect {
        case .show, .hide: "visibility"
        case .enable, .disable: "editable"
        case .setChecked: "checked"
        case .setProperty(let name, _): "property " + name.lowercased()
        case .evaluate: "evaluate"
        case .copy: "copy"
        case .setOptions: "options"
        case .submission: "submission"
        case .setText: "text"
        }
    }

    /// What `effect` does to its target (given the target's name), and what stays without it.
    private static func phrases(_ effect: Effect, _ t: Target) -> ((String) -> String, String) {
        switch effect {
        case .show, .hide:
            return ({ "\(effect == .show ? "shows" : "hides") \($0)" }, t.hidden ? "it stays hidden" : "it stays visible")
        case .enable, .disable:
            return ({ "\(effect == .enable ? "enables" : "disables") \($0)" }, t.disabled ? "it stays read-only" : "it stays editable")
        case .evaluate: return ({ "computes the value of \($0)" }, "its value is not computed")
        case .copy(let from):
            let sources = LostTranslations.list(from.map { "'\($0.field)'" })
            return ({ "copies \(sources) into \($0)" }, "it is not filled in from \(from.count == 1 ? "it" : "them")")
        case .setOptions: return ({ "changes the options of \($0)" }, "it keeps its own options")
        case .submission(let p):
            let does: (String) -> String = switch p {
            case .skip: { "leaves \($0) out of the submission" }
            case .force: { "forces \($0) into the submission" }
            case .submit: { "submits \($0)" }
            }
            return (does, "it is submitted as it is without the rule")
        case .setText: return ({ "changes the text of \($0)" }, "it keeps its own text")
        case .setChecked(let on): return ({ "\(on ? "checks" : "unchecks") \($0)" }, "it is not checked or unchecked by it")
        case .setProperty(let name, let value) where name.lowercased() == "required":
            let on = value.boolValue ?? (value.stringValue.map { ["yes", "true", "1"].contains($0.lowercased()) } ?? true)
            return ({ "makes \($0) \(on ? "required" : "optional")" }, t.required ? "it stays required" : "it stays optional")
        case .setProperty(let name, let value):
            switch value {
            case .array, .object, .data: return ({ "changes the \(name) of \($0)" }, "it keeps its own \(name)")
            default:
                let v = value.displayText.excerpt(limit: 40)
                return ({ "sets \(name) = \(v) on \($0)" }, "it keeps its own \(name)")
            }
        }
    }
}
