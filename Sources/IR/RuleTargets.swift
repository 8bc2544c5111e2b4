/// What a form's rules act on, as a rule's loss names it and says what stays: the field by its id and
/// submission key, a section or page with the fields it holds, and how each starts (hidden, read-only,
/// required). Made once per walk of a form with rules (`FeatureWalk`), or once per emission by an
/// emitter that leaves whole rules out (`leftOut`): it finds where each target is, once, and names a
/// target only when a loss asks for it, written straight into the loss's message (`RuleWords`).
public struct RuleTargets {
    /// How a target starts, for what stays without a rule's effect.
    struct Start {
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

    /// The name `formconv diff` gives a field: the submission key of one that holds a value, else the id.
    private static func diffName(_ f: Field) -> String {
        f.kind.isDisplayOnly ? f.id : (f.submission.key ?? f.id)
    }

    /// Writes how a loss names `target` (`'city'`, `'city' (submitted as 'town')`, `group 'address'
    /// (its fields 'street' and 'zip')`; a name the form lacks quoted as written) and returns how it starts.
    func writeName(_ target: RuleTarget, to text: inout String) -> Start {
        switch target {
        case .field(let id):
            guard case .some(.some(let at)) = fields[id] else {
                text += "'"
                text += id
                text += "'"
                return Start()
            }
            let f = form.pages[Int(at.page)].sections[Int(at.section)].fields[Int(at.field)]
            let key = Self.diffName(f)
            text += "'"
            text += f.id
            text += "'"
            if key != f.id {
                text += " (submitted as '"
                text += key
                text += "')"
            }
            return Start(hidden: f.isHidden, disabled: f.isDisabled, required: f.validation.required)
        case .section(let id):
            text += "group '"
            text += id
            text += "'"
            guard case .some(.some(let at)) = sections[id] else { return Start() }
            let section = form.pages[Int(at.page)].sections[Int(at.section)]
            var first = true
            Self.writeHolding(section, isLast: true, first: &first, to: &text)
            if !first { text += ")" }
            return Start(hidden: section.isHidden)
        case .page(let id):
            guard case .some(.some(let pi)) = pages[id] else {
                text += "page '"
                text += id
                text += "'"
                return Start()
            }
            let page = form.pages[pi]
            text += "page '"
            text += ContainerName.page(page, at: pi)
            text += "'"
            // The last section holding a field: the list's last name is its last field.
            var last = page.sections.count - 1
            while last >= 0, page.sections[last].fields.isEmpty { last -= 1 }
            var first = true
            for si in page.sections.indices where si <= last {
                Self.writeHolding(page.sections[si], isLast: si == last, first: &first, to: &text)
            }
            if !first { text += ")" }
            return Start(hidden: page.isHidden)
        case .form:
            text += "the form"
            return Start()
        }
    }

    /// Writes a section's fields' names, quoted, into ` (its fields 'a', 'b' and 'c'`: the opening
    /// before the first name of the list (`first`), `, ` before the others, ` and ` before the list's
    /// last (the last of the section that `isLast`).
    private static func writeHolding(_ section: Section, isLast: Bool, first: inout Bool, to text: inout String) {
        let fields = section.fields
        for fi in fields.indices {
            if first {
                text += " (its fields "
                first = false
            } else {
                text += isLast && fi == fields.count - 1 ? " and " : ", "
            }
            text += "'"
            text += diffName(fields[fi])
            text += "'"
        }
    }

    /// How a loss names `target`, as a string (`writeName`).
    func name(_ target: RuleTarget) -> String {
        var text = ""
        _ = writeName(target, to: &text)
        return text
    }

    /// The words of a loss of `effect` of `rule` (in `then` when `holds`, else in `otherwise`): what the
    /// rule does and when, then what the person sees without it — `rule that shows 'city' when
    /// country == 'US'; it stays visible`, unwritten until the loss is made.
    /// `condition` is how the condition is shown when the rule has no source text.
    func words(_ effect: Effect, of rule: Rule, holds: Bool, condition: String? = nil) -> RuleWords {
        RuleWords(targets: self, effect: effect, rule: rule, holds: holds, condition: condition)
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
                clauses.append(words(effect, of: rule, holds: holds, condition: condition).text)
            }
        }
        return clauses.isEmpty ? "relationship on \(name(rule.target)) that does nothing" : clauses.joined(separator: "; ")
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

}
