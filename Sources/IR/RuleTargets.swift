/// What a form's rules act on, as a rule's loss names it and says what stays: the field by its id and
/// submission key, a section or page with the fields it holds, and how each starts (hidden, read-only,
/// required). Made once per walk of a form with rules (`FeatureWalk`), or once per emission by an
/// emitter that leaves whole rules out (`leftOut`): it finds where each target is, once, and names a
/// target only when a loss asks for it.
public struct RuleTargets {
    /// One thing a rule acts on.
    struct Target {
        /// How the loss names it: `'city'`, `'city' (submitted as 'town')`, `group 'address' ('street', 'zip')`.
        var name: String
        var hidden = false
        var disabled = false
        var required = false
    }

    private let form: Form
    /// Where the first field, section and page with each id a rule names is: page, section and field
    /// numbers; `nil` for an id the form lacks.
    private var fields: [String: Place?] = [:]
    private var sections: [String: Place?] = [:]
    private var pages: [String: Int?] = [:]

    private struct Place {
        var page: Int32, section: Int32, field: Int32 = 0
    }

    /// The targets of `form`'s rules.
    public init(_ form: Form) {
        self.form = form
        for r in form.rules {
            switch r.target {
            case .field(let id): fields[id] = .some(nil)
            case .section(let id): sections[id] = .some(nil)
            case .page(let id): pages[id] = .some(nil)
            case .form: break
            }
        }
        let pageList = form.pages
        for pi in pageList.indices {
            if !pages.isEmpty, let id = pageList[pi].id, case .some(nil) = pages[id] { pages[id] = pi }
            let sectionList = pageList[pi].sections
            for si in sectionList.indices {
                if !sections.isEmpty, let id = sectionList[si].id, case .some(nil) = sections[id] {
                    sections[id] = Place(page: Int32(pi), section: Int32(si))
                }
                guard !fields.isEmpty else { continue }
                let fieldList = sectionList[si].fields
                for fi in fieldList.indices {
                    if case .some(nil) = fields[fieldList[fi].id] {
                        fields[fieldList[fi].id] = Place(page: Int32(pi), section: Int32(si), field: Int32(fi))
                    }
                }
            }
        }
    }

    /// The names of a section's fields, quoted.
    private static func names(_ section: Section) -> [String] {
        section.fields.indices.map { "'\(diffName(section.fields[$0]))'" }
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
        case .field(let id):
            guard case .some(.some(let at)) = fields[id] else { return Target(name: "'\(id)'") }
            let f = form.pages[Int(at.page)].sections[Int(at.section)].fields[Int(at.field)]
            let key = Self.diffName(f)
            return Target(name: "'\(f.id)'" + (key == f.id ? "" : " (submitted as '\(key)')"),
                          hidden: f.isHidden, disabled: f.isDisabled, required: f.validation.required)
        case .section(let id):
            guard case .some(.some(let at)) = sections[id] else { return Target(name: "group '\(id)'") }
            let section = form.pages[Int(at.page)].sections[Int(at.section)]
            return Target(name: "group '\(id)'" + Self.holding(Self.names(section)), hidden: section.isHidden)
        case .page(let id):
            guard case .some(.some(let pi)) = pages[id] else { return Target(name: "page '\(id)'") }
            let page = form.pages[pi]
            return Target(name: "page '\(ContainerName.page(page, at: pi))'" + Self.holding(page.sections.flatMap(Self.names)),
                          hidden: page.isHidden)
        case .form: return Target(name: "the form")
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
