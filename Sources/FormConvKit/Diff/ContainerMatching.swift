import FormIR

/// A page or section as container matching sees it: its name (id, else title, else position), its
/// title's default text, whether it has neither id nor title, and for a section the name of its page.
struct ContainerSlot {
    var name: String
    var title: String?
    /// No id and no title: the container's name is only its position.
    var isAnonymous: Bool
    var page: String?

    init(name: String, id: String?, title: LocalizedText?, page: String? = nil) {
        self.name = name
        self.title = title?.defaultText.flatMap { $0.isEmpty ? nil : $0 }
        isAnonymous = (id ?? "").isEmpty && self.title == nil
        self.page = page
    }
}

/// Containers of OLD to those of NEW (docs/diff.md, "How fields are matched"), each NEW container
/// claimed once:
/// 1. the same name;
/// 2. each OLD container left to the unclaimed NEW container that received most of its fields
///    (`pairs`: OLD container, NEW container of each matched field);
/// 3. the same title, in order;
/// 4. by position, among the containers left that hold no matched field on either side, when one of
///    the two has neither id nor title: such a container is only a name a format gave it (MM XML
///    `group1`, SurveyJS `page1panel1`, an XLForm section without tag, an implicit page), so the n-th
///    of them in OLD is the n-th in NEW; two that both carry an id or a title stay two. Sections are
///    paired first within matched pages (`pageMap`), then the rest in form order where a page has no
///    counterpart (pages merged or split by a format). What the person sees of a container paired so
///    (title, footer, visibility, style) is still compared.
func containerMap(old: [ContainerSlot], new: [ContainerSlot], pairs: [(String, String)],
                  pageMap: [String: String] = [:]) -> [String: String] {
    var map: [String: String] = [:]
    let newNames = Set(new.map(\.name))
    var claimed = Set<String>()
    for slot in old where newNames.contains(slot.name) { map[slot.name] = slot.name; claimed.insert(slot.name) }
    var votes: [String: [String: Int]] = [:]
    for (o, n) in pairs where map[o] == nil && !claimed.contains(n) { votes[o, default: [:]][n, default: 0] += 1 }
    for slot in old where map[slot.name] == nil {
        guard let best = votes[slot.name]?.filter({ !claimed.contains($0.key) })
            .max(by: { ($0.value, $1.key) < ($1.value, $0.key) }) else { continue }
        map[slot.name] = best.key
        claimed.insert(best.key)
    }
    // 3. By title.
    for slot in old where map[slot.name] == nil {
        guard let title = slot.title,
              let n = new.first(where: { $0.title == title && !claimed.contains($0.name) }) else { continue }
        map[slot.name] = n.name
        claimed.insert(n.name)
    }
    // 4. By position, among containers no matched field places.
    let oldPlaced = Set(pairs.map(\.0)), newPlaced = Set(pairs.map(\.1))
    func pairInOrder(_ olds: [ContainerSlot], _ news: [ContainerSlot]) {
        // Anonymous with anonymous first, then one anonymous side with a named one: two containers
        // that both carry an id or a title and differ in both are two containers.
        for anonymousOnly in [true, false] {
            let o = olds.filter { map[$0.name] == nil && !oldPlaced.contains($0.name) && (!anonymousOnly || $0.isAnonymous) }
            var n = news.filter { !claimed.contains($0.name) && !newPlaced.contains($0.name) && (!anonymousOnly || $0.isAnonymous) }
            for a in o {
                guard let k = n.firstIndex(where: { a.isAnonymous || $0.isAnonymous }) else { continue }
                map[a.name] = n[k].name
                claimed.insert(n[k].name)
                n.remove(at: k)
            }
        }
    }
    guard old.contains(where: { $0.page != nil }) || new.contains(where: { $0.page != nil }) else {
        pairInOrder(old, new)
        return map
    }
    var oldPages: [String] = [], oldByPage: [String: [ContainerSlot]] = [:], newByPage: [String: [ContainerSlot]] = [:]
    for slot in old {
        guard let p = slot.page else { continue }
        if oldByPage[p] == nil { oldPages.append(p) }
        oldByPage[p, default: []].append(slot)
    }
    for slot in new { if let p = slot.page { newByPage[p, default: []].append(slot) } }
    for oldPage in oldPages {
        guard let newPage = pageMap[oldPage], let news = newByPage[newPage] else { continue }
        pairInOrder(oldByPage[oldPage]!, news)
    }
    let claimedPages = Set(pageMap.values)
    pairInOrder(old.filter { $0.page.map { pageMap[$0] == nil } ?? false }, new)
    pairInOrder(old, new.filter { $0.page.map { !claimedPages.contains($0) } ?? false })
    return map
}
