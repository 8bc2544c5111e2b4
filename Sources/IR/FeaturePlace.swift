/// Where in a form something is: the form, a page, a section, a field (by its section's indices and
/// its id), a dynamic section's template row, or a rule, by index. The one place a loss's subject is
/// named (`subject(in:)`) and its IR path built (`path`): the feature walk hands its sink a place and
/// an emitter that knows where it writes passes its own, so neither is built but for what is reported.
/// A path given as text is read back into its place (`init(path:)`).
public enum FeaturePlace: Hashable, Sendable {
    /// The form itself (`/`).
    case form
    /// The page at an index (`/pages/0`).
    case page(Int)
    /// A section by its page's index and its own (`/pages/0/sections/1`).
    case section(page: Int, Int)
    /// A field by its section's indices and its id (`/pages/0/sections/1/fields/id`).
    case field(page: Int, section: Int, id: String)
    /// A dynamic section's template row (`/pages/0/sections/1/dynamic/template`).
    case template(page: Int, section: Int)
    /// The rule at an index (`/rules/2`).
    case rule(Int)

    /// The IR path of the place (`/`, `/pages/0`, `/pages/0/sections/1`, `/pages/0/sections/1/fields/id`,
    /// `/pages/0/sections/1/dynamic/template`, `/rules/2`).
    public var path: String {
        switch self {
        case .form: return "/"
        case .page(let pi): return "/pages/\(pi)"
        case .section(let pi, let si): return "/pages/\(pi)/sections/\(si)"
        case .field(let pi, let si, let id): return "/pages/\(pi)/sections/\(si)/fields/\(id)"
        case .template(let pi, let si): return "/pages/\(pi)/sections/\(si)/dynamic/template"
        case .rule(let ri): return "/rules/\(ri)"
        }
    }

    /// What a loss at this place of `form` is about, as its message names it first (docs/ir.md): the
    /// field's id (its first `/`-separated part; an empty id names its group), a group or page by id,
    /// else by its 1-based position, what a rule acts on (`relationship N` when `form` does not have
    /// the rule), or `form-level`. Without `form`, groups and pages are named by position. Reads the
    /// ids in place.
    public func subject(in form: Form?) -> String {
        switch self {
        case .form:
            return "form-level"
        case .page(let pi):
            let id = form.flatMap { $0.pages.indices.contains(pi) ? $0.pages[pi].id : nil }
            return "page '\(id ?? String(pi + 1))'"
        case .section(let pi, let si), .template(let pi, let si):
            return Self.group(pi, si, in: form)
        case .field(let pi, let si, let id):
            if !id.isEmpty, !id.utf8.contains(UInt8(ascii: "/")) { return id }
            return id.split(separator: "/").first.map(String.init) ?? Self.group(pi, si, in: form)
        case .rule(let ri):
            guard let form, form.rules.indices.contains(ri) else { return "relationship \(ri + 1)" }
            switch form.rules[ri].target {
            case .field(let id): return id
            case .section(let id): return "group '\(id)'"
            case .page(let id): return "page '\(id)'"
            case .form: return "form-level"
            }
        }
    }

    /// A section as a loss's subject: by id, else by its 1-based position on its page.
    private static func group(_ pi: Int, _ si: Int, in form: Form?) -> String {
        var id: String?
        if let form, form.pages.indices.contains(pi), form.pages[pi].sections.indices.contains(si) {
            id = form.pages[pi].sections[si].id
        }
        return "group '\(id ?? String(si + 1))'"
    }
}

extension FeaturePlace {
    /// The place an IR path names: the inverse of `path`. A path that goes on below its place
    /// (`/pages/0/sections/1/options`, `/rules/2/then/0`) names that place; a field's id is the rest
    /// of the path after `fields/`, so an id holding `/` reads back whole. What is no IR path (an output
    /// pointer such as `/formSections/0/formRows/3`) names the form. Read on the path's bytes.
    public init(path: String) {
        self = .form
        var rest = path.utf8[...]
        // The next `/`-separated part, empty ones skipped.
        func next() -> Substring.UTF8View? {
            while rest.first == UInt8(ascii: "/") { rest = rest.dropFirst() }
            guard !rest.isEmpty else { return nil }
            let end = rest.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
            defer { rest = rest[end...] }
            return rest[..<end]
        }
        func index() -> Int? { next().flatMap { Int(Substring($0)) } }
        func part(_ part: Substring.UTF8View?, is name: String) -> Bool { part?.elementsEqual(name.utf8) ?? false }
        let first = next()
        if part(first, is: "rules") {
            if let ri = index() { self = .rule(ri) }
            return
        }
        guard part(first, is: "pages"), let pi = index() else { return }
        self = .page(pi)
        guard part(next(), is: "sections"), let si = index() else { return }
        self = .section(page: pi, si)
        let below = next()
        if part(below, is: "fields") {
            // The id: everything after `fields/` (`rest` starts at the `/` that ends `fields`).
            self = .field(page: pi, section: si, id: String(Substring(rest.dropFirst())))
        } else if part(below, is: "dynamic"), part(next(), is: "template") {
            self = .template(page: pi, section: si)
        }
    }
}
