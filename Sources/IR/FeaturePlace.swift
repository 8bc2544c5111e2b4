/// Where a `FeatureWalk` stands when it finds a use: the form, a page, a section, a field or a rule,
/// by index (a field by its section's indices and its id). The walk hands this to its sink, which builds
/// the use's IR path (`path`) and, for a loss, its subject (`subject(in:)`) only for what it reports:
/// no path is parsed back and no page or section copied to name what a loss is about.
enum FeaturePlace {
    case form
    case page(Int)
    case section(page: Int, Int)
    case field(page: Int, section: Int, id: String)
    case rule(Int)

    /// The IR path of the place (`/`, `/pages/0`, `/pages/0/sections/1`, `/pages/0/sections/1/fields/id`,
    /// `/rules/2`).
    var path: String {
        switch self {
        case .form: return "/"
        case .page(let pi): return "/pages/\(pi)"
        case .section(let pi, let si): return "/pages/\(pi)/sections/\(si)"
        case .field(let pi, let si, let id): return "/pages/\(pi)/sections/\(si)/fields/\(id)"
        case .rule(let ri): return "/rules/\(ri)"
        }
    }

    /// What a loss at this place of `form` is about, as `LossCheck.owner(of:in:)` names it from `path`:
    /// the field's id, the group or page, what a rule acts on, or `form-level`. Reads the ids in place.
    func subject(in form: Form) -> String {
        switch self {
        case .form:
            return "form-level"
        case .page(let pi):
            return LossCheck.pageSubject(pi < form.pages.count ? form.pages[pi].id : nil, at: pi)
        case .section(let pi, let si):
            return LossCheck.groupSubject(sectionID(pi, si, in: form), at: si)
        case .field(let pi, let si, let id):
            // The path's part after `fields`: the id, or its first `/`-separated part; none (an empty
            // id) names the group.
            if !id.isEmpty, !id.utf8.contains(UInt8(ascii: "/")) { return id }
            return id.split(separator: "/").first.map(String.init)
                ?? LossCheck.groupSubject(sectionID(pi, si, in: form), at: si)
        case .rule(let ri):
            return ri < form.rules.count ? LossCheck.ruleSubject(form.rules[ri].target) : "relationship \(ri + 1)"
        }
    }

    private func sectionID(_ pi: Int, _ si: Int, in form: Form) -> String? {
        guard pi < form.pages.count, si < form.pages[pi].sections.count else { return nil }
        return form.pages[pi].sections[si].id
    }
}
