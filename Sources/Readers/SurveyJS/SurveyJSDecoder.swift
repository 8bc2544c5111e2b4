import FormIR
import DocumentTree
import Expressions

/// Walks one survey's tree. Structure here, questions in `+Questions`, expressions in `+Logic`,
/// scalar and text helpers in `+Values`.
struct SurveyJSDecoder {
    let file: String
    var diagnostics = Diagnostics()
    /// The form's pages as built so far.
    var pages: [Page] = []
    /// Every question name taken, lower-cased (SurveyJS looks names up in any case) → the name.
    var questionNames: [String: String] = [:]
    /// Names of yes/no questions, lower-cased: a bare `{q}` is a truth value for those.
    var booleanNames: Set<String> = []
    /// Page and panel names taken.
    var containerNames: Set<String> = []
    /// Conditions met on the walk, turned into rules once every question name is known.
    var pending: [PendingRule] = []
    /// Questions whose choices have their own `visibleIf`.
    var pendingChoices: [PendingChoices] = []
    /// Expressions already reported, by position, so that a condition shared by several rules is
    /// reported once.
    var reported: Set<String> = []
    /// The survey's `locale`, when set: a locale map may give its text there instead of `default`.
    var surveyLocale: String?

    init(file: String) { self.file = file }

    mutating func survey(_ root: Node) -> Form {
        var form = Form(location: root.location)
        surveyLocale = root["locale"]?.stringValue
        if let l = surveyLocale, !l.isEmpty { form.defaultLocale = Self.irLocale(l) }
        checkProperties(root, allowed: SurveyJSProperties.survey, owner: "the survey")
        form.title = text(root["title"], owner: "the survey")
        for key in ["triggers", "calculatedValues", "completedHtmlOnCondition", "navigateToUrlOnCondition"] {
            if let n = root[key], n.arrayValue?.isEmpty != true {
                notCarried(key, of: "the survey", "the IR has no survey-level logic of this kind; it is dropped", at: n)
            }
        }
        form.hiddenFields = surveyHiddenFields(root)
        if let pagesNode = root["pages"] {
            for (i, p) in (array(pagesNode, owner: "the survey", key: "pages") ?? []).enumerated() { page(p, index: i) }
            if root["elements"] != nil || root["questions"] != nil {
                diagnostics.warning("surveyjs.ignored-elements",
                                    "the survey has both 'pages' and top-level elements; survey-core shows only the pages, so the top-level elements are skipped",
                                    at: (root["elements"] ?? root["questions"])?.location)
            }
        } else {
            var p = Page(isImplicit: true, location: root.location)
            p.sections = containerElements(root, owner: "the survey", chain: [], pageIndex: 0)
            pages.append(p)
        }
        form.pages = pages
        form.rules = rules()
        return form
    }

    /// One page: its elements in sections, its `visibleIf` as a rule on the page.
    private mutating func page(_ node: Node, index: Int) {
        guard node.mappingEntries != nil else {
            diagnostics.warning("surveyjs.malformed", "page \(index + 1) is \(node.typeName), not an object; it is skipped", at: node.location)
            return
        }
        checkProperties(node, allowed: SurveyJSProperties.byType["page"] ?? [], owner: "page \(index + 1)")
        let id = containerName(node, fallback: "page\(index + 1)", what: "page")
        var p = Page(id: id, title: text(node["title"], owner: "page '\(id)'"), location: node.location)
        if flag(node["visible"], owner: "page '\(id)'", key: "visible") == false { p.isHidden = true }
        if let c = condition(node["visibleIf"], key: "visibleIf", owner: "page '\(id)'") {
            pending.append(PendingRule(target: .page(id), purpose: .visible, conditions: [c], owner: "page '\(id)'"))
        }
        rejectContainerLogic(node, owner: "page '\(id)'")
        p.sections = containerElements(node, owner: "page '\(id)'", chain: [], pageIndex: pages.count)
        pages.append(p)
    }

    /// The `elements` (or old `questions`) of a page, panel or survey as sections: questions outside
    /// panels form sections without a name; every panel, nested ones too, starts its own section.
    /// `chain` holds the visibility conditions of enclosing panels that no section carries.
    mutating func containerElements(_ node: Node, owner: String, chain: [Visibility], pageIndex: Int,
                                    firstCarried: Bool = false) -> [Section] {
        var items: [Node] = []
        if let e = node["elements"] { items += array(e, owner: owner, key: "elements") ?? [] }
        if let q = node["questions"] {
            diagnostics.warning("surveyjs.legacy-spelling",
                                "\(owner) lists its elements under the old key 'questions'; survey-core 1.x+ calls it 'elements'",
                                at: q.location)
            items += array(q, owner: owner, key: "questions") ?? []
        }
        var sections: [Section] = []
        var loose = Section(location: node.location)
        var leadingDone = false
        func flush() {
            if !loose.fields.isEmpty { sections.append(loose) }
            else if !leadingDone && firstCarried { sections.append(loose) }  // an empty leading section, dropped by `panel`
            leadingDone = true
            loose = Section()
        }
        for item in items {
            guard item.mappingEntries != nil else {
                diagnostics.warning("surveyjs.malformed", "an element of \(owner) is \(item.typeName), not an object; it is skipped", at: item.location)
                continue
            }
            if item["type"]?.stringValue?.lowercased() == "panel" {
                flush()
                sections += panel(item, chain: chain, pageIndex: pageIndex)
            } else if let f = question(item, chain: !leadingDone && firstCarried ? [] : chain) {
                if loose.fields.isEmpty { loose.location = item.location }
                loose.fields.append(f)
            }
        }
        flush()
        return sections
    }

    /// A panel as a section named after it, followed by the sections of its nested panels and of the
    /// questions after them (those carry the panel's visibility on each question).
    private mutating func panel(_ node: Node, chain: [Visibility], pageIndex: Int) -> [Section] {
        let id = containerName(node, fallback: "panel\(containerNames.count + 1)", what: "panel")
        let owner = "panel '\(id)'"
        checkProperties(node, allowed: SurveyJSProperties.byType["panel"] ?? [], owner: owner)
        var own: [Visibility] = []
        if flag(node["visible"], owner: owner, key: "visible") == false { own.append(.never) }
        if let c = condition(node["visibleIf"], key: "visibleIf", owner: owner) { own.append(.when(c)) }
        rejectContainerLogic(node, owner: owner)
        let visibility = chain + own
        let inner = containerElements(node, owner: owner, chain: visibility, pageIndex: pageIndex, firstCarried: true)
        var head = Section(id: id, title: text(node["title"], owner: owner), footer: text(node["description"], owner: owner),
                           location: node.location)
        var rest = inner
        // The panel's own questions before any nested panel are its section, which carries the
        // panel's visibility for them.
        if let first = inner.first {  // `firstCarried` makes the leading section always first
            head.fields = first.fields
            rest.removeFirst()
        }
        if visibility.contains(.never) { head.isHidden = true }
        let conditions = visibility.compactMap { v -> ParsedCondition? in if case .when(let c) = v { return c }; return nil }
        if !conditions.isEmpty, !head.isHidden {
            pending.append(PendingRule(target: .section(id), purpose: .visible, conditions: conditions, owner: owner))
        }
        return [head] + rest
    }

    /// `enableIf`/`requiredIf`/`readOnly` on a page or panel: the IR's sections and pages hold no
    /// enabled or required state.
    private mutating func rejectContainerLogic(_ node: Node, owner: String) {
        for key in ["enableIf", "requiredIf", "readOnly", "isRequired"] {
            if let n = node[key] { notCarried(key, of: owner, "the IR has no enabled or required state for pages and panels; it is dropped", at: n) }
        }
    }

    /// A page or panel name, unique among pages and panels and distinct from question names.
    private mutating func containerName(_ node: Node, fallback: String, what: String) -> String {
        var name = node["name"]?.stringValue ?? ""
        if name.isEmpty {
            name = fallback
        } else if containerNames.contains(name) {
            var n = 2
            while containerNames.contains("\(name)_\(n)") { n += 1 }
            diagnostics.warning("surveyjs.duplicate-name", "another page or panel is named '\(name)'; this \(what) is read as '\(name)_\(n)'",
                                at: node["name"]?.location ?? node.location)
            name = "\(name)_\(n)"
        }
        containerNames.insert(name)
        return name
    }
}

/// Whether an element is shown: never (`visible: false`) or while a condition holds.
enum Visibility: Equatable {
    case never
    case when(ParsedCondition)
}

/// An expression met on the walk, parsed, with where it was written.
struct ParsedCondition: Equatable {
    var syntax: SurveyJSExpression
    var text: String
    var key: String
    var location: SourceLocation?
}

/// A rule to build once every question is known.
struct PendingRule {
    enum Purpose: Equatable {
        case visible, enable, required
        case computed(Effect)
        case choices([Option], all: [Option])
    }
    var target: RuleTarget
    var purpose: Purpose
    /// All must hold (enclosing panels' `visibleIf` first, then the element's own).
    var conditions: [ParsedCondition]
    var owner: String
}
