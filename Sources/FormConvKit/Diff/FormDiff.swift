import FormIR
import Lowering

/// Compares two forms in the IR, field by field, and says what changed for the people filling them
/// in and for the systems receiving their answers (docs/diff.md). Pure: no I/O.
public enum FormDiff {
    /// The changes from `old` to `new`, named `oldName` and `newName` in the result.
    public static func compare(_ old: Form, _ new: Form, oldName: String = "OLD", newName: String = "NEW") -> DiffResult {
        var c = DiffCollector(old: old, new: new)
        c.run()
        return DiffResult(oldName: oldName, newName: newName, changes: c.changes)
    }
}

/// One comparison's state: both forms' fields, how they match, and the changes found so far.
struct DiffCollector {
    let old: Form
    let new: Form
    let oldSites: [FieldSite]
    let newSites: [FieldSite]
    let matching: FieldMatching
    /// OLD's field ids to NEW's, for every matched pair (conditions are compared through it).
    var renamedIDs: [String: String] = [:]
    var changes: [FormChange] = []
    /// OLD's section names to NEW's: by name, else where most of the section's fields went, else by
    /// title, else by position (`containerMap`).
    let sectionMap: [String: String]
    /// OLD's page names to NEW's, the same way (by name, else where most of the page's fields went).
    let pageMap: [String: String]
    /// Ids of OLD's fields, sections and pages whose visibility a rule decides (their initial state is
    /// the rule's, not their own flag).
    let oldRuled: Set<String>
    /// The same in NEW.
    let newRuled: Set<String>
    /// What OLD's rules do to its fields (option sets are compared as the options each field shows).
    let oldStates: RuleStates
    /// The same for NEW.
    let newStates: RuleStates

    init(old: Form, new: Form) {
        self.old = old
        self.new = new
        let oldSites = fieldSites(of: old), newSites = fieldSites(of: new)
        let matching = FieldMatching(old: oldSites, new: newSites)
        self.oldSites = oldSites
        self.newSites = newSites
        self.matching = matching
        for p in matching.pairs { renamedIDs[oldSites[p.old].field.id] = newSites[p.new].field.id }
        oldRuled = visibilityTargets(old)
        newRuled = visibilityTargets(new)
        oldStates = RuleStates(form: old)
        newStates = RuleStates(form: new)
        let pairs = matching.pairs.map { (oldSites[$0.old], newSites[$0.new]) }
        let pageMap = containerMap(old: Self.pagesByName(old).map { ContainerSlot(name: $0.name, id: $0.page.id, title: $0.page.title) },
                                   new: Self.pagesByName(new).map { ContainerSlot(name: $0.name, id: $0.page.id, title: $0.page.title) },
                                   pairs: pairs.map { ($0.page, $1.page) })
        self.pageMap = pageMap
        sectionMap = containerMap(
            old: Self.sectionsByName(old).map { ContainerSlot(name: $0.name, id: $0.section.id, title: $0.section.title, page: $0.page) },
            new: Self.sectionsByName(new).map { ContainerSlot(name: $0.name, id: $0.section.id, title: $0.section.title, page: $0.page) },
            pairs: pairs.map { ($0.section, $1.section) }, pageMap: pageMap)
    }

    mutating func run() {
        compareForm()
        compareContainers()
        for i in matching.removed { fieldRemoved(oldSites[i]) }
        for p in matching.pairs { compareField(oldSites[p.old], newSites[p.new]) }
        for j in matching.added { fieldAdded(newSites[j]) }
        compareOrder()
        compareRules()
    }

    mutating func add(_ id: String, _ level: DiffLevel, _ field: String, old: String? = nil, new: String? = nil,
                      _ message: String, _ oldLocation: SourceLocation?, _ newLocation: SourceLocation?) {
        changes.append(FormChange(id, level, field: field, old: old, new: new, message: message,
                                  oldLocation: oldLocation, newLocation: newLocation))
    }

    // MARK: Fields added and removed

    mutating func fieldRemoved(_ o: FieldSite) {
        let near = newLocation(nearSection: o.section)
        if o.holdsValue {
            add("field.removed", .breaking, o.name, old: o.field.kind.rawValue,
                "field '\(o.name)' (\(o.field.kind.rawValue)) was removed: the answers submitted under it lose their field",
                o.field.location, near)
        } else {
            add("decoration.removed", .info, o.name, old: o.field.kind.rawValue,
                "\(o.field.kind.rawValue) '\(o.name)' was removed", o.field.location, near)
        }
    }

    mutating func fieldAdded(_ n: FieldSite) {
        let near = oldLocation(nearSection: n.section)
        guard n.holdsValue else {
            add("decoration.added", .info, n.name, new: n.field.kind.rawValue,
                "\(n.field.kind.rawValue) '\(n.name)' was added", near, n.field.location)
            return
        }
        if n.field.validation.required && !n.field.isHidden {
            add("field.added", .breaking, n.name, new: n.field.kind.rawValue,
                "required field '\(n.name)' (\(n.field.kind.rawValue)) was added: answers that OLD accepted now lack it",
                near, n.field.location)
        } else {
            add("field.added", .warning, n.name, new: n.field.kind.rawValue,
                "field '\(n.name)' (\(n.field.kind.rawValue)) was added: NEW submits a key OLD never sent",
                near, n.field.location)
        }
    }

    /// Where a section of `name` starts in NEW (else where NEW starts): the place a removal shows in NEW.
    func newLocation(nearSection name: String) -> SourceLocation? {
        newSites.first { $0.section == name }?.field.location ?? new.location ?? newSites.first?.field.location
    }

    /// Where a section of `name` starts in OLD (else where OLD starts).
    func oldLocation(nearSection name: String) -> SourceLocation? {
        oldSites.first { $0.section == name }?.field.location ?? old.location ?? oldSites.first?.field.location
    }

    // MARK: Order

    /// Fields that kept their section but not their place among the fields both forms share: those
    /// outside the longest run that kept its order.
    mutating func compareOrder() {
        var bySection: [String: [(old: Int, new: Int)]] = [:]
        var sectionOrder: [String] = []
        for p in matching.pairs where sectionMap[oldSites[p.old].section] == newSites[p.new].section {
            let s = newSites[p.new].section
            if bySection[s] == nil { sectionOrder.append(s) }
            bySection[s, default: []].append(p)
        }
        for s in sectionOrder {
            let pairs = bySection[s]!.sorted { $0.new < $1.new }
            let kept = Set(longestIncreasing(pairs.map(\.old)))
            for p in pairs where !kept.contains(p.old) {
                let o = oldSites[p.old], n = newSites[p.new]
                add("field.reordered", .info, n.name, "field '\(n.name)' moved to another place in \(s)",
                    o.field.location, n.field.location)
            }
        }
    }
}

/// The ids of fields, sections and pages a show or hide effect acts on, with those of their contents.
func visibilityTargets(_ form: Form) -> Set<String> {
    var ids = Set<String>()
    for rule in form.rules where (rule.then + rule.otherwise).contains(where: { $0 == .show || $0 == .hide }) {
        switch rule.target {
        case .field(let id): ids.insert(id)
        case .section(let id): ids.insert(id)
        case .page(let id): ids.insert(id)
        case .form: break
        }
    }
    for page in form.pages {
        let pageRuled = page.id.map(ids.contains) ?? false
        for section in page.sections where pageRuled || (section.id.map(ids.contains) ?? false) {
            if let id = section.id { ids.insert(id) }
            for f in section.fields { ids.insert(f.id) }
        }
    }
    return ids
}

/// The items of the longest strictly increasing subsequence of `xs` (patience sorting, O(n log n)).
func longestIncreasing(_ xs: [Int]) -> [Int] {
    var tails: [Int] = []      // index into xs of the last item of the best run of each length
    var previous = Array(repeating: -1, count: xs.count)
    for (i, x) in xs.enumerated() {
        var lo = 0, hi = tails.count
        while lo < hi { let mid = (lo + hi) / 2; if xs[tails[mid]] < x { lo = mid + 1 } else { hi = mid } }
        if lo > 0 { previous[i] = tails[lo - 1] }
        if lo == tails.count { tails.append(i) } else { tails[lo] = i }
    }
    var out: [Int] = []
    var k = tails.last ?? -1
    while k >= 0 { out.append(xs[k]); k = previous[k] }
    return out.reversed()
}
